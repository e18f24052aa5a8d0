// The run history the extraction call reads (behaviour reference §4.4).
#include "promptbook.h"
#include "promptformat.h"

#include "domain/format.h"

using namespace Qt::StringLiterals;

namespace {

QStringList missingFrom(const QStringList &items, const QStringList &other)
{
    QStringList out;
    for (const QString &s : items) {
        if (!other.contains(s))
            out.append(s);
    }
    return out;
}

// "none", or "description changed; example count: 2 → 3; +examples: …; -examples: …".
QString changes(const Topic &prev, const Topic &curr)
{
    QStringList parts;
    if (prev.description != curr.description)
        parts.append(u"description changed"_s);
    const QStringList added = missingFrom(curr.examples, prev.examples);
    const QStringList removed = missingFrom(prev.examples, curr.examples);
    // The example sets differ by their exact strings (a pure reordering is no change).
    if (!added.isEmpty() || !removed.isEmpty() || prev.examples.size() != curr.examples.size()) {
        parts.append(
            u"example count: %1 → %2"_s.arg(prev.examples.size()).arg(curr.examples.size()));
        if (!added.isEmpty())
            parts.append(u"+examples: "_s + added.join(u", "_s));
        if (!removed.isEmpty())
            parts.append(u"-examples: "_s + removed.join(u", "_s));
    }
    return parts.isEmpty() ? u"none"_s : parts.join(u"; "_s);
}

} // namespace

QString PromptBook::historyText(const QList<IterationResult> &iterations)
{
    QStringList lines;
    for (qsizetype i = 0; i < iterations.size(); ++i) {
        const IterationResult &it = iterations.at(i);
        const Topic &t = it.topic;
        lines.append(u"--- Iteration %1 ---"_s.arg(it.iteration));
        lines.append(u"Description: \"%1\""_s.arg(t.description));
        lines.append(u"Example count: %1"_s.arg(t.examples.size()));
        QStringList quoted;
        for (const QString &e : t.examples)
            quoted.append(u'"' + e + u'"');
        lines.append(u"Examples: "_s +
                     (quoted.isEmpty() ? u"None (description-only)"_s : quoted.join(u", "_s)));
        lines.append(u"Coverage: %1 | TPR: %2 | TNR: %3"_s.arg(
            Format::percent(it.metrics.coverage), Format::percent(it.metrics.truePositiveRate),
            Format::percent(it.metrics.trueNegativeRate)));
        lines.append(u"Analysis: "_s + it.analysis.summary);
        if (i > 0) {
            const IterationResult &prev = iterations.at(i - 1);
            lines.append(u"Changes: "_s + changes(prev.topic, t));
            lines.append(u"Coverage delta: "_s +
                         Format::signedPercent(it.metrics.coverage - prev.metrics.coverage));
        }
        lines.append(QString());
    }
    return lines.join(u'\n');
}
