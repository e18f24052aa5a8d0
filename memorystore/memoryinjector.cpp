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
        for (const Learning &l : memory.learnings) {
            anyExtension = anyExtension || l.hasExtensions();
            if (!l.isPending())
                candidates.append({&l, m, l.rankScore(now, options.halfLifeDays)});
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

    QStringList &lines = out.lines;
    lines << HeaderTitle << HeaderIntro;
    qsizetype budget =
        clampedBudget(options.maxChars) - (HeaderTitle.size() + 1 + HeaderIntro.size());
    const auto fits = [&](const QString &line) {
        return line.size() + 1 <= budget;
    };
    const auto add = [&](const QString &line) {
        lines.append(line);
        budget -= line.size() + 1;
    };

    // Line lengths are computed before a line is built: most learnings of a large memory end
    // up omitted, and building their text would dominate the cost of a lookup.
    bool compactMode = false;
    for (const Candidate &c : std::as_const(candidates)) {
        const Learning &l = *c.learning;
        const bool avoid = l.outcome == "degraded"_L1 || l.isAntiPattern();
        const QString tag = avoid ? u"- [AVOID] "_s : u"- [DO] "_s;
        const QString insight = LearningText::promptLine(l.insight, options.maxInsightChars);
        const LearningRef ref{c.memoryIndex, memories.at(c.memoryIndex).category, l.id};
        if (!compactMode) {
            const QString changeType = LearningText::promptLine(l.changeType, 40);
            const QString seen = QString::number(l.corroborations + 1);
            const qsizetype length = tag.size() + insight.size() + 2 + changeType.size() + 7 +
                                     seen.size() + 2; // " (" ", seen " "x)"
            if (length + 1 <= budget) {
                add(tag + insight + u" ("_s + changeType + u", seen "_s + seen + u"x)"_s);
                out.injected.append(ref);
                out.injectedIds.append(l.id);
                continue;
            }
            compactMode = originalMode; // the original never goes back to verbose lines
        }
        if (tag.size() + insight.size() + 1 <= budget) {
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
        if (fits(notice))
            add(notice);
    }

    // Exact duplicates go (as in the original); with dedupeAcrossCategories, so does a pattern
    // whose normal form was first listed from another category.
    QStringList unique;
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
    const auto patternLine = [&](const QString &a) -> QString { // not a QStringBuilder
        return u"- "_s + LearningText::promptLine(a, options.maxInsightChars);
    };
    if (!unique.isEmpty() && originalMode) {
        // As the original: the header goes in without a budget check.
        lines << QString() << AntiPatternHeader;
        budget -= 1 + AntiPatternHeader.size() + 1;
        for (const QString &a : std::as_const(unique)) {
            if (const QString line = patternLine(a); fits(line)) {
                add(line);
                ++out.antiPatternCount;
            }
        }
    } else if (!unique.isEmpty()) {
        // The blank line and the header count against the budget, and appear only above at
        // least one pattern: the text never exceeds maxChars.
        const qsizetype headerCost = 1 + AntiPatternHeader.size() + 1;
        QStringList fitted;
        qsizetype room = budget - headerCost;
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
