#include "learningwriter.h"

#include "promptreader.h"
#include "sandboxphrases.h"
#include "termstats.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {

QString sentence(const QString &text)
{
    if (text.isEmpty() || text.endsWith(u'.') || text.endsWith(u'?') || text.endsWith(u'!'))
        return text;
    return text + u'.';
}

QStringList newWords(const SandboxPhrases &phrases, const QStringList &now, const QStringList &before,
                     int limit)
{
    const QSet<QString> old = TermStats::stems(before);
    QStringList out;
    QSet<QString> seen;
    for (const QString &text : now) {
        for (const TermStats::Term &term : TermStats::terms(text)) {
            if (old.contains(term.stem) || seen.contains(term.stem))
                continue;
            seen.insert(term.stem);
            out.append(phrases.quoted(term.surface));
            if (out.size() >= limit)
                return out;
        }
    }
    return out;
}

QString countTag(qsizetype examples)
{
    return examples <= 2 ? u"few-examples"_s : u"many-examples"_s;
}

// `iteration`: the one whose result shows the learning; `intentNeutral`: it holds for either
// intent (only the example-count comparison does).
QJsonObject learning(const QString &insight, const QString &strategy, const QString &outcome,
                     const QString &changeType, const QStringList &tags, int iteration,
                     bool intentNeutral = false)
{
    return {{u"insight"_s, sentence(insight)},
            {u"strategy"_s, sentence(strategy)},
            {u"outcome"_s, outcome},
            {u"changeType"_s, changeType},
            {u"tags"_s, QJsonArray::fromStringList(tags)},
            {u"iteration"_s, iteration},
            {u"intentNeutral"_s, intentNeutral}};
}

QString moved(const SandboxPhrases &t, const QString &metric, double from, double to)
{
    return (to >= from ? t.raised : t.lowered).arg(metric, t.percent(from), t.percent(to));
}

} // namespace

QList<LearningWriter::Step> LearningWriter::parseHistory(const PromptReader &in)
{
    QList<Step> steps;
    const QStringList &lines = in.lines();
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString &line = lines.at(i);
        if (line.startsWith(u"--- Iteration ") && line.endsWith(u" ---")) {
            Step s;
            s.iteration = line.mid(14, line.size() - 18).toInt();
            steps.append(s);
            continue;
        }
        if (steps.isEmpty())
            continue;
        Step &s = steps.last();
        if (line.startsWith(u"Description: ")) {
            s.description = line.mid(13);
            if (s.description.size() >= 2 && s.description.startsWith(u'"') &&
                s.description.endsWith(u'"'))
                s.description = s.description.mid(1, s.description.size() - 2);
        } else if (line.startsWith(u"Examples: ")) {
            s.examples = PromptReader::splitQuoted(line.mid(10));
        } else if (line.startsWith(u"Coverage: ")) {
            const QStringList parts = line.split(u'|');
            s.coverage = PromptReader::parsePercent(parts.value(0));
            s.tpr = PromptReader::parsePercent(parts.value(1));
            s.tnr = PromptReader::parsePercent(parts.value(2));
        } else if (line.startsWith(u"Changes: ")) {
            s.changes = line.mid(9);
        }
    }
    return steps;
}

QJsonObject LearningWriter::write(const PromptReader &in)
{
    const QList<Step> steps = parseHistory(in);
    const SandboxPhrases &t = SandboxPhrases::forLanguage(in.notesLanguage());
    QJsonArray learnings;
    QStringList antiPatterns;
    if (!steps.isEmpty()) {
        const Step &first = steps.first();
        learnings.append(learning(
            t.firstTopic.arg(first.description.size())
                .arg(first.examples.size())
                .arg(t.percent(first.coverage), t.percent(first.tpr), t.percent(first.tnr)),
            t.firstStrategy.arg(first.examples.size()),
            u"neutral"_s, u"initial"_s,
            {u"example-count"_s, countTag(first.examples.size()), u"description-weight"_s},
            first.iteration));
    }
    for (qsizetype i = 1; i < steps.size(); ++i) {
        const Step &prev = steps.at(i - 1), &now = steps.at(i);
        if (now.changes.isEmpty() || now.changes == u"none")
            continue;
        const bool description = now.description != prev.description;
        const bool examples = now.examples != prev.examples;
        const QString changeType = description && examples ? u"both"_s
                                   : description           ? u"description-only"_s
                                                           : u"examples-only"_s;
        const double delta = now.coverage - prev.coverage;
        const QString outcome = delta > 0.005    ? u"improved"_s
                                : delta < -0.005 ? u"degraded"_s
                                                 : u"neutral"_s;

        QStringList what, strategy, tags;
        const QStringList descWords = newWords(t, {now.description}, {prev.description}, 4);
        const QStringList exampleWords =
            newWords(t, now.examples, prev.examples + QStringList{now.description}, 4);
        if (description && !descWords.isEmpty()) {
            what.append(t.widenedWith.arg(descWords.join(u", "_s)));
            strategy.append(t.addedToDescription.arg(descWords.join(u", "_s)));
        } else if (description) {
            what.append(t.trimmed);
            strategy.append(t.removedWords);
        }
        if (examples) {
            what.append(exampleWords.isEmpty() ? t.changedExamples
                                               : t.addedExamplesAbout.arg(exampleWords.join(u", "_s)));
            strategy.append(t.wentFromTo.arg(prev.examples.size()).arg(now.examples.size()));
            if (prev.examples.size() != now.examples.size())
                tags += {u"example-count"_s, countTag(now.examples.size())};
        }
        if (description)
            tags.append(now.description.size() < prev.description.size() ? u"brevity"_s
                                                                         : u"description-weight"_s);
        const double dTpr = now.tpr - prev.tpr, dTnr = now.tnr - prev.tnr;
        if (dTpr > 0)
            tags.append(u"fn-reduction"_s);
        if (dTnr > 0)
            tags.append(u"fp-reduction"_s);
        const bool tprMoved = std::abs(dTpr) >= std::abs(dTnr);
        QString insight = what.join(t.andWord);
        insight[0] = insight.at(0).toUpper();
        insight += u' ' + (tprMoved ? moved(t, u"TPR"_s, prev.tpr, now.tpr)
                                    : moved(t, u"TNR"_s, prev.tnr, now.tnr));
        insight += t.coverageDelta.arg(t.signedPercent(delta));
        if (outcome == u"improved" && tprMoved)
            insight += t.sharedVocabulary;
        else if (outcome == u"degraded" && !tprMoved)
            insight += t.spreadToBenign;
        QString s = strategy.join(u"; "_s);
        s[0] = s.at(0).toUpper();
        learnings.append(learning(insight, s, outcome, changeType, tags, now.iteration));

        if (outcome == u"degraded") {
            if (description && dTnr < 0)
                antiPatterns.append(t.antiWidenBenign);
            if (examples && now.examples.size() > prev.examples.size() && dTnr < 0)
                antiPatterns.append(t.antiAddWhenFp);
            if (examples && now.examples.size() < prev.examples.size() && dTpr < 0)
                antiPatterns.append(t.antiRemoveCovering);
        }
    }
    // Example count against coverage, over the whole run.
    if (steps.size() >= 2) {
        qsizetype bestCount = 0;
        double best = -1;
        int bestIteration = 0;
        for (const Step &s : steps) {
            if (s.coverage > best) {
                best = s.coverage;
                bestCount = s.examples.size();
                bestIteration = s.iteration;
            }
        }
        learnings.append(learning(
            t.highestCoverage.arg(t.percent(best)).arg(bestCount), t.comparedByCount, u"neutral"_s,
            u"examples-only"_s, {u"example-count"_s, countTag(bestCount)}, bestIteration, true));
    }
    antiPatterns.removeDuplicates();
    for (QString &a : antiPatterns)
        a = sentence(a);
    return {{u"learnings"_s, learnings},
            {u"antiPatterns"_s, QJsonArray::fromStringList(antiPatterns)}};
}
