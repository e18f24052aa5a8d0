#pragma once

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
    QStringList matchedCategories;
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
// section.
namespace MemoryInjector {

extern const QString HeaderTitle; // "\n## Learnings from Previous Runs"
extern const QString HeaderIntro;
extern const QString AntiPatternHeader; // "Known anti-patterns:"

int clampedBudget(int maxChars);

Injection build(const QList<CategoryMemory> &memories, const InjectorOptions &options = {});

} // namespace MemoryInjector
