#pragma once

#include "categorykey.h"
#include "categorymemory.h"

#include <QDateTime>
#include <QList>
#include <QStringList>

struct InjectorOptions
{
    static constexpr int MinChars = 500;
    static constexpr int MaxChars = 10000;
    static constexpr int DefaultChars = 3000;
    static constexpr double DefaultHalfLifeDays = 90;
    static constexpr int DefaultInsightChars = 300;

    int maxChars = DefaultChars;               // clamped to 500–10000
    double halfLifeDays = DefaultHalfLifeDays; // 0 = no decay
    QDateTime now;                             // invalid = the current time
    int maxInsightChars = DefaultInsightChars; // longer insights are cut with "…"; 0 = never
    // A learning whose normal form equals one already listed from another category is left
    // out (§6 item 4). Learnings within one category are never deduplicated here: merging
    // already did that.
    bool dedupeAcrossCategories = true;
    // The run's intent. When set, a learning of the other intent is left out unless it is
    // intent-neutral; a learning without a recorded intent (the original's) counts as the
    // intent its category states (MemoryInjector::intentOf). Unset = every learning.
    std::optional<Intent> intent;
};

// A category whose learnings were offered to the section, and why (CategoryKey::Match).
struct CategoryMatch
{
    QString category; // the file key (MemoryStore::inject) or the memory's category (build)
    bool sameKey = false;
    QStringList sharedWords; // the subject words the topic and the category share
};

// A learning that went into the section: memories[memoryIndex] holds learning `id`.
struct LearningRef
{
    int memoryIndex = -1;
    QString category;
    QString id;
    friend bool operator==(const LearningRef &, const LearningRef &) = default;
};

struct Injection
{
    QString text; // empty when there is nothing to inject
    QStringList lines;
    int learningCount = 0; // learning lines, verbose or compact (counted, not parsed back)
    int omittedCount = 0;
    int antiPatternCount = 0; // anti-pattern lines that fitted
    QStringList injectedIds;  // in output order
    QStringList compactIds;
    QStringList omittedIds;
    QList<LearningRef> injected; // what markRecalled needs
    QStringList otherIntentIds;  // left out: the other intent and not intent-neutral
    QStringList matchedCategories;
    QList<CategoryMatch> matches; // parallel to matchedCategories
    bool isEmpty() const { return text.isEmpty(); }
};

// The memory section appended to five prompts (behaviour reference §4.5).
//
// With every learning at its defaults (no confidence, type, source or status set), decay off
// (halfLifeDays 0), no insight longer than maxInsightChars or holding a control character, and
// no insight repeated across categories, the text is byte for byte the original's: the two
// header lines cost 115, every further line its length + 1; the first verbose line that does
// not fit switches to compact mode for good; "(+N more learnings omitted)" if it fits; the
// anti-pattern header is appended without a budget check (costing 22), then each "- <pattern>"
// that fits, so the text can exceed maxChars by up to 22.
//
// Otherwise (decay on, or any learning with an extension field other than the recall date:
// everything this app writes) the injector's defects listed in the behaviour reference §6
// item 14 are fixed: a learning whose verbose line does not fit is tried compact without
// switching every later one to compact, and the anti-pattern header counts against the budget
// and appears only above at least one pattern, so the text never exceeds maxChars.
//
// Extensions: learnings are ranked by (corroborations + 1) × effective confidence ÷ 0.5 (a
// stable sort, which is the original's order for default learnings); pending learnings are
// never injected; anti-pattern learnings are tagged [AVOID] like degraded ones; every insight,
// change type and anti-pattern is reduced to one line so a learning cannot start a new prompt
// section; with options.intent, learnings (and the anti-pattern lists of categories) of the
// other intent are left out unless intent-neutral.
//
// Negative knowledge is kept (outside the byte-exact case): when the learnings hold an [AVOID]
// line, room for the compact form of the best-ranked one is held back while the lines ranked
// above it are placed; when there are anti-patterns, room for the header and the first pattern
// that fits is held back as well (if it fits next to that [AVOID] line). So no budget drops
// every [AVOID] item or every anti-pattern while keeping weaker [DO] lines.
namespace MemoryInjector {

extern const QString HeaderTitle; // "\n## Learnings from Previous Runs"
extern const QString HeaderIntro;
extern const QString AntiPatternHeader; // "Known anti-patterns:"

int clampedBudget(int maxChars);

Injection build(const QList<CategoryMemory> &memories, const InjectorOptions &options = {});

// The intent a learning is for: its recorded one, else the one its category states
// (CategoryKey::statedIntent of its topicCategory, or of `category` when that is empty).
Intent intentOf(const Learning &learning, const QString &category);

// Why a category was offered: "its own category" or "shares: weapons, violence".
QString matchReason(const CategoryMatch &match);
// One line per matched category, "<category> (<matchReason>)", in the section's order; what
// `daystrom memory preview` prints and the GUI preview shows.
QStringList matchReasons(const Injection &injection);

} // namespace MemoryInjector
