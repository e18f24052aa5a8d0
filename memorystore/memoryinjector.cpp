#include "memoryinjector.h"

#include "learningtext.h"

#include <QHash>

#include <algorithm>

using namespace Qt::StringLiterals;

const QString MemoryInjector::HeaderTitle = u"\n## Learnings from Previous Runs"_s;
const QString MemoryInjector::HeaderIntro =
    u"These are empirically validated observations from prior guardrail generation runs:"_s;
const QString MemoryInjector::AntiPatternHeader = u"Known anti-patterns:"_s;

namespace {

struct Candidate
{
    const Learning *learning;
    int memoryIndex;
    double score;
};

} // namespace

int MemoryInjector::clampedBudget(int maxChars)
{
    return std::clamp(maxChars, InjectorOptions::MinChars, InjectorOptions::MaxChars);
}

Intent MemoryInjector::intentOf(const Learning &learning, const QString &category)
{
    if (learning.intent)
        return *learning.intent;
    return CategoryKey::statedIntent(learning.topicCategory.isEmpty() ? category
                                                                      : learning.topicCategory);
}

namespace {

// The intent a category's anti-pattern list belongs to: that of its learnings when they all
// record the same one (intent-neutral learnings aside), else the one its key states; unset
// when its learnings record both (the list is then kept for either intent).
std::optional<Intent> antiPatternIntent(const CategoryMemory &memory)
{
    std::optional<Intent> recorded;
    for (const Learning &l : memory.learnings) {
        if (!l.intent || l.intentNeutral)
            continue;
        if (recorded && *recorded != *l.intent)
            return std::nullopt;
        recorded = l.intent;
    }
    return recorded ? recorded : std::optional(CategoryKey::statedIntent(memory.category));
}

} // namespace

Injection MemoryInjector::build(const QList<CategoryMemory> &memories,
                                const InjectorOptions &options)
{
    Injection out;
    if (memories.isEmpty())
        return out;
    const QDateTime now = options.now.isValid() ? options.now : QDateTime::currentDateTimeUtc();

    QList<Candidate> candidates;
    QList<std::pair<int, QString>> antiPatterns;
    bool anyExtension = false;
    for (int m = 0; m < memories.size(); ++m) {
        const CategoryMemory &memory = memories.at(m);
        out.matchedCategories.append(memory.category);
        out.matches.append({memory.category, false, {}});
        for (const Learning &l : memory.learnings) {
            anyExtension = anyExtension || l.hasExtensions();
            if (l.isPending())
                continue;
            if (options.intent && !l.intentNeutral &&
                intentOf(l, memory.category) != *options.intent) {
                out.otherIntentIds.append(l.id);
                continue;
            }
            candidates.append({&l, m, l.rankScore(now, options.halfLifeDays)});
        }
        if (options.intent) {
            const std::optional<Intent> intent = antiPatternIntent(memory);
            if (intent && *intent != *options.intent)
                continue;
        }
        for (const QString &a : memory.antiPatterns)
            antiPatterns.append({m, a});
    }
    if (candidates.isEmpty() && antiPatterns.isEmpty())
        return out;

    // The original's arithmetic, byte for byte, for what the original could have written: no
    // extension field and no decay. Otherwise §6 item 14 is fixed (see the header).
    const bool originalMode = options.halfLifeDays <= 0 && !anyExtension;

    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const Candidate &a, const Candidate &b) { return a.score > b.score; });

    if (options.dedupeAcrossCategories && memories.size() > 1) {
        // normal-form hash -> the first candidate listed with it
        QHash<quint64, const Candidate *> first;
        QList<Candidate> kept;
        kept.reserve(candidates.size());
        for (const Candidate &c : std::as_const(candidates)) {
            const quint64 h = LearningText::normalisedHash(c.learning->insight);
            const auto it = first.constFind(h);
            if (it == first.constEnd()) {
                first.insert(h, &c);
            } else if ((*it)->memoryIndex != c.memoryIndex &&
                       LearningText::normalised((*it)->learning->insight) ==
                           LearningText::normalised(c.learning->insight)) {
                continue;
            }
            kept.append(c);
        }
        candidates = kept;
    }

    // Exact duplicates go (as in the original); with dedupeAcrossCategories, so does a pattern
    // whose normal form was first listed from another category.
    QStringList unique;
    {
        QSet<QString> seen;
        QHash<QString, int> firstMemory;
        for (const auto &[memoryIndex, a] : std::as_const(antiPatterns)) {
            if (seen.contains(a))
                continue;
            if (options.dedupeAcrossCategories && memories.size() > 1) {
                const QString form = LearningText::normalised(a);
                const auto it = firstMemory.constFind(form);
                if (it != firstMemory.constEnd() && it.value() != memoryIndex)
                    continue;
                if (it == firstMemory.constEnd())
                    firstMemory.insert(form, memoryIndex);
            }
            seen.insert(a);
            unique.append(a);
        }
    }
    const auto patternLine = [&](const QString &a) -> QString { // not a QStringBuilder
        return u"- "_s + LearningText::promptLine(a, options.maxInsightChars);
    };
    const qsizetype patternHeaderCost = 1 + AntiPatternHeader.size() + 1;

    QStringList &lines = out.lines;
    lines << HeaderTitle << HeaderIntro;
    qsizetype budget =
        clampedBudget(options.maxChars) - (HeaderTitle.size() + 1 + HeaderIntro.size());
    const auto add = [&](const QString &line) {
        lines.append(line);
        budget -= line.size() + 1;
    };
    const auto isAvoid = [](const Learning &l) {
        return l.outcome == "degraded"_L1 || l.isAntiPattern();
    };
    const auto compactLength = [&](const Learning &l) {
        const qsizetype tag = isAvoid(l) ? 10 : 7; // "- [AVOID] " or "- [DO] "
        return tag + LearningText::promptLine(l.insight, options.maxInsightChars).size();
    };

    // Room held back for negative knowledge (not in the original's arithmetic): the compact
    // line of the best-ranked [AVOID] learning that fits at all, and the anti-pattern header
    // with the first pattern that fits next to it. Every other line is placed only if the
    // room held back still fits after it, so budget >= held holds throughout.
    qsizetype avoidAt = -1;
    qsizetype avoidReserve = 0;
    qsizetype patternReserve = 0;
    if (!originalMode) {
        for (qsizetype i = 0; i < candidates.size(); ++i) {
            const Learning &l = *candidates.at(i).learning;
            if (isAvoid(l) && compactLength(l) + 1 <= budget) {
                avoidAt = i;
                avoidReserve = compactLength(l) + 1;
                break;
            }
        }
        for (const QString &a : std::as_const(unique)) {
            const qsizetype cost = patternHeaderCost + patternLine(a).size() + 1;
            if (cost <= budget - avoidReserve) {
                patternReserve = cost;
                break;
            }
        }
    }

    // Line lengths are computed before a line is built: most learnings of a large memory end
    // up omitted, and building their text would dominate the cost of a lookup.
    bool compactMode = false;
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        const Candidate &c = candidates.at(i);
        const Learning &l = *c.learning;
        if (i == avoidAt)
            avoidReserve = 0; // this is the line the room was held for
        const qsizetype room = budget - avoidReserve - patternReserve;
        const QString tag = isAvoid(l) ? u"- [AVOID] "_s : u"- [DO] "_s;
        const QString insight = LearningText::promptLine(l.insight, options.maxInsightChars);
        const LearningRef ref{c.memoryIndex, memories.at(c.memoryIndex).category, l.id};
        if (!compactMode) {
            const QString changeType = LearningText::promptLine(l.changeType, 40);
            const QString seen = QString::number(l.corroborations + 1);
            const qsizetype length = tag.size() + insight.size() + 2 + changeType.size() + 7 +
                                     seen.size() + 2; // " (" ", seen " "x)"
            if (length + 1 <= room) {
                add(tag + insight + u" ("_s + changeType + u", seen "_s + seen + u"x)"_s);
                out.injected.append(ref);
                out.injectedIds.append(l.id);
                continue;
            }
            compactMode = originalMode; // the original never goes back to verbose lines
        }
        if (tag.size() + insight.size() + 1 <= room) {
            add(tag + insight);
            out.injected.append(ref);
            out.injectedIds.append(l.id);
            out.compactIds.append(l.id);
        } else {
            ++out.omittedCount;
            out.omittedIds.append(l.id);
        }
    }
    out.learningCount = int(out.injected.size());

    if (out.omittedCount > 0) {
        const QString notice = u"(+%1 more learnings omitted)"_s.arg(out.omittedCount);
        if (notice.size() + 1 <= budget - patternReserve)
            add(notice);
    }

    if (!unique.isEmpty() && originalMode) {
        // As the original: the header goes in without a budget check.
        lines << QString() << AntiPatternHeader;
        budget -= patternHeaderCost;
        for (const QString &a : std::as_const(unique)) {
            if (const QString line = patternLine(a); line.size() + 1 <= budget) {
                add(line);
                ++out.antiPatternCount;
            }
        }
    } else if (!unique.isEmpty()) {
        // The blank line and the header count against the budget, and appear only above at
        // least one pattern: the text never exceeds maxChars.
        QStringList fitted;
        qsizetype room = budget - patternHeaderCost;
        for (const QString &a : std::as_const(unique)) {
            const QString line = patternLine(a);
            if (line.size() + 1 <= room) {
                fitted.append(line);
                room -= line.size() + 1;
            }
        }
        if (!fitted.isEmpty()) {
            lines << QString() << AntiPatternHeader << fitted;
            budget = room;
            out.antiPatternCount = int(fitted.size());
        }
    }
    out.text = lines.join(u'\n');
    return out;
}

QString MemoryInjector::matchReason(const CategoryMatch &match)
{
    if (match.sameKey)
        return u"its own category"_s;
    if (match.sharedWords.isEmpty())
        return u"no recorded reason"_s;
    return u"shares: "_s + match.sharedWords.join(u", "_s);
}

QStringList MemoryInjector::matchReasons(const Injection &injection)
{
    QStringList out;
    for (const CategoryMatch &m : injection.matches)
        out.append(m.category + u" ("_s + matchReason(m) + u')');
    return out;
}
