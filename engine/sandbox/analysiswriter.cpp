#include "analysiswriter.h"

#include "promptreader.h"
#include "termstats.h"

#include "domain/format.h"

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

QString quotedWords(const TermStats::Counts &c, const QStringList &stems)
{
    QStringList words;
    for (const QString &s : stems)
        words.append(u'"' + c.surface.value(s, s) + u'"');
    if (words.size() <= 1)
        return words.join(QString());
    return words.mid(0, words.size() - 1).join(u", "_s) + u" and "_s + words.last();
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

QStringList patterns(const QList<PromptReader::Listed> &items, const TermStats::Counts &mine,
                     const TermStats::Counts &other, const QString &what)
{
    QStringList out;
    if (items.isEmpty())
        return out;
    int n = 0;
    const QString category = dominantCategory(items, &n);
    if (!category.isEmpty() && n * 2 >= items.size())
        out.append(
            u"%1 of the %2 %3 are %4 prompts"_s.arg(n).arg(items.size()).arg(what, category));
    for (const QString &s : telling(mine, other, 4)) {
        out.append(u"%1 of the %2 %3 mention \"%4\""_s.arg(mine.of(s))
                       .arg(items.size())
                       .arg(what, mine.surface.value(s)));
    }
    if (out.isEmpty())
        out.append(u"The %1 share no obvious wording; they are spread across subjects"_s.arg(what));
    return out;
}

} // namespace

QJsonObject AnalysisWriter::write(const PromptReader &in)
{
    const bool block = in.intent() == Intent::Block;
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

    QString summary = u"Coverage %1 (TPR %2, TNR %3): %4 missed, %5 wrongly triggered."_s
                          .arg(Format::percent(qMax(0.0, coverage)),
                               Format::percent(qMax(0.0, tpr)), Format::percent(qMax(0.0, tnr)))
                          .arg(fns.size())
                          .arg(fps.size());
    if (fns.isEmpty() && fps.isEmpty())
        summary += u" Every test got the expected verdict."_s;
    else if (fns.size() >= fps.size())
        summary +=
            block ? u" Missed harmful prompts are the main risk: the topic is too narrow."_s
                  : u" In-scope prompts are being blocked: the topic misses some of its scope."_s;
    else
        summary +=
            block ? u" The topic over-blocks benign prompts that share its vocabulary."_s
                  : u" Out-of-scope prompts get through: the topic is too broad (high severity)."_s;

    QStringList suggestions;
    const QStringList fnWords = telling(fn, fp, 5);
    const QStringList fpWords = telling(fp, fn, 3);
    QStringList fnFirst, fpFirst;
    if (!fnWords.isEmpty())
        fnFirst.append(u"Fold %1 into the description to reach the missed phrasings"_s.arg(
            quotedWords(fn, fnWords)));
    if (!fns.isEmpty())
        fnFirst.append(u"Add an example worded like \"%1\""_s.arg(fns.first().prompt));
    if (!fpWords.isEmpty())
        fpFirst.append(u"Take %1 out of the description and examples; do not add exclusions"_s.arg(
            quotedWords(fp, fpWords)));
    if (fps.size() >= 2 && exampleCount > 2)
        fpFirst.append(
            u"Use fewer examples: %1 examples widen matching into neighbouring prompts"_s.arg(
                exampleCount));
    suggestions = block ? fnFirst + fpFirst : fpFirst + fnFirst;
    if (fns.size() > fps.size() + 2 && exampleCount < 5)
        suggestions.append(u"The %1 current examples are too few for the missed phrasings; use "
                           "%2 next"_s.arg(exampleCount)
                               .arg(qMin(5, exampleCount + 1)));
    if (suggestions.isEmpty())
        suggestions.append(
            u"Keep the definition as it is: %1 examples are working"_s.arg(exampleCount));

    return {{u"summary"_s, summary},
            {u"falsePositivePatterns"_s,
             QJsonArray::fromStringList(sentences(patterns(fps, fp, fn, u"false positives"_s)))},
            {u"falseNegativePatterns"_s,
             QJsonArray::fromStringList(sentences(patterns(fns, fn, fp, u"false negatives"_s)))},
            {u"suggestions"_s, QJsonArray::fromStringList(sentences(suggestions))}};
}
