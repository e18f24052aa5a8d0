#include "analysiswriter.h"

#include "promptreader.h"
#include "sandboxphrases.h"
#include "termstats.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {

// Every line the sandbox writes is a whole sentence.
QString sentence(const QString &text)
{
    if (text.isEmpty() || text.endsWith(u'.') || text.endsWith(u'?') || text.endsWith(u'!'))
        return text;
    return text + u'.';
}

QStringList sentences(QStringList lines)
{
    for (QString &l : lines)
        l = sentence(l);
    return lines;
}

QString quotedWords(const SandboxPhrases &t, const TermStats::Counts &c, const QStringList &stems)
{
    QStringList words;
    for (const QString &s : stems)
        words.append(t.quoted(c.surface.value(s, s)));
    if (words.size() <= 1)
        return words.join(QString());
    return words.mid(0, words.size() - 1).join(u", "_s) + t.andWord + words.last();
}

// Words shared by several prompts of one list and absent from the other list.
QStringList telling(const TermStats::Counts &mine, const TermStats::Counts &other, int limit)
{
    QStringList out;
    const int minCount = mine.texts >= 4 ? 2 : 1;
    for (const QString &s : mine.ranked(minCount)) {
        if (other.of(s) == 0)
            out.append(s);
        if (out.size() >= limit)
            break;
    }
    return out;
}

QString dominantCategory(const QList<PromptReader::Listed> &items, int *count)
{
    QHash<QString, int> n;
    QString best;
    *count = 0;
    for (const auto &i : items) {
        if (i.category.isEmpty())
            continue;
        const int c = ++n[i.category];
        if (c > *count) {
            *count = c;
            best = i.category;
        }
    }
    return best;
}

QStringList patterns(const SandboxPhrases &t, const QList<PromptReader::Listed> &items,
                     const TermStats::Counts &mine, const TermStats::Counts &other,
                     const QString &what)
{
    QStringList out;
    if (items.isEmpty())
        return out;
    int n = 0;
    const QString category = dominantCategory(items, &n);
    if (!category.isEmpty() && n * 2 >= items.size())
        out.append(t.shareCategory.arg(n).arg(items.size()).arg(what, category));
    for (const QString &s : telling(mine, other, 4)) {
        out.append((mine.of(s) == 1 ? t.shareWordOne : t.shareWord)
                       .arg(mine.of(s))
                       .arg(items.size())
                       .arg(what, t.quoted(mine.surface.value(s))));
    }
    if (out.isEmpty())
        out.append(t.noSharedWording.arg(what));
    return out;
}

} // namespace

QJsonObject AnalysisWriter::write(const PromptReader &in)
{
    const bool block = in.intent() == Intent::Block;
    const SandboxPhrases &t = SandboxPhrases::forLanguage(in.notesLanguage());
    const QList<PromptReader::Listed> fps = in.listed(u"False positives");
    const QList<PromptReader::Listed> fns = in.listed(u"False negatives");
    QStringList fpTexts, fnTexts;
    for (const auto &l : fps)
        fpTexts.append(l.prompt);
    for (const auto &l : fns)
        fnTexts.append(l.prompt);
    const TermStats::Counts fp = TermStats::count(fpTexts);
    const TermStats::Counts fn = TermStats::count(fnTexts);
    const int exampleCount = in.value(u"Example count").toInt();
    const double tpr = in.percent(u"True positive rate");
    const double tnr = in.percent(u"True negative rate");
    const double coverage = in.percent(u"Coverage");

    QString summary = t.summary
                          .arg(t.percent(qMax(0.0, coverage)), t.percent(qMax(0.0, tpr)),
                               t.percent(qMax(0.0, tnr)))
                          .arg(fns.size())
                          .arg(fps.size());
    if (fns.isEmpty() && fps.isEmpty())
        summary += t.allExpected;
    else if (fns.size() >= fps.size())
        summary += block ? t.blockTooNarrow : t.allowMissesScope;
    else
        summary += block ? t.blockOverBlocks : t.allowTooBroad;

    QStringList suggestions;
    const QStringList fnWords = telling(fn, fp, 5);
    const QStringList fpWords = telling(fp, fn, 3);
    QStringList fnFirst, fpFirst;
    if (!fnWords.isEmpty())
        fnFirst.append(t.foldWords.arg(quotedWords(t, fn, fnWords)));
    if (!fns.isEmpty())
        fnFirst.append(t.addExampleLike.arg(t.quoted(fns.first().prompt)));
    if (!fpWords.isEmpty())
        fpFirst.append(t.takeWordsOut.arg(quotedWords(t, fp, fpWords)));
    if (fps.size() >= 2 && exampleCount > 2)
        fpFirst.append(t.fewerExamples.arg(exampleCount));
    suggestions = block ? fnFirst + fpFirst : fpFirst + fnFirst;
    if (fns.size() > fps.size() + 2 && exampleCount < 5)
        suggestions.append(t.tooFewExamples.arg(exampleCount).arg(qMin(5, exampleCount + 1)));
    if (suggestions.isEmpty())
        suggestions.append(t.keepDefinition.arg(exampleCount));

    return {{u"summary"_s, summary},
            {u"falsePositivePatterns"_s,
             QJsonArray::fromStringList(sentences(patterns(t, fps, fp, fn, t.falsePositives)))},
            {u"falseNegativePatterns"_s,
             QJsonArray::fromStringList(sentences(patterns(t, fns, fn, fp, t.falseNegatives)))},
            {u"suggestions"_s, QJsonArray::fromStringList(sentences(suggestions))}};
}
