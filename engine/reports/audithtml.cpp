#include "audithtml.h"

#include "domain/format.h"

using namespace Qt::StringLiterals;

namespace {
QString e(const QString &text)
{
    return text.toHtmlEscaped();
}

QString withInterval(double value, const std::optional<ProportionStats::Interval> &i)
{
    if (!i)
        return Format::percent(value);
    return u"%1 <span class=\"ci\">[%2–%3]</span>"_s.arg(Format::percent(value), Format::percent(i->low),
                                                        Format::percent(i->high));
}
} // namespace

QString AuditHtml::page(const AuditState &state, const AuditFigures &f)
{
    QString out = u"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                  u"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
                  u"<title>Audit of %1</title><style>"
                  u"body{font-family:sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}"
                  u"th,td{border:1px solid #ccc;padding:4px 8px;text-align:left}td.n{text-align:right}"
                  u".ci{color:#666;font-size:90%}.heat td.n{min-width:3em;text-align:center}"
                  u"</style></head><body>\n"_s.arg(e(state.profileName));
    out += u"<h1>Audit of profile “%1”</h1>\n<p>Audit %2, %3. Each topic measured inside the whole profile "
           u"on its own held-out prompts; 95 % intervals.</p>\n"_s.arg(e(state.profileName), e(state.id),
                                                                       e(state.updatedAt.toString(Qt::ISODate)));
    out += u"<h2>Topics</h2>\n<table><tr><th>Topic</th><th>Bucket</th><th>Coverage</th><th>TPR</th><th>TNR</th>"
           u"<th>Prompts</th></tr>\n"_s;
    for (const AuditFigures::TopicFigures &t : f.topics) {
        out += u"<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td class=\"n\">%6</td></tr>\n"_s.arg(
            e(t.name), e(t.action), withInterval(t.metrics.coverage, t.intervals.coverage),
            withInterval(t.metrics.truePositiveRate, t.intervals.truePositiveRate),
            withInterval(t.metrics.trueNegativeRate, t.intervals.trueNegativeRate), QString::number(t.metrics.total()));
    }
    out += u"</table>\n<h2>Profile</h2>\n<p>%1 of %2 prompts users should get through were acted on (%3).</p>\n"_s.arg(
        withInterval(f.benignFlagRate, f.benignInterval), QString::number(f.benignPrompts),
        QString::number(f.benignFlagged));
    // The matrix as a heat map: a cell's shade grows with its share of the row's largest count.
    int largest = 0;
    for (const QList<int> &row : f.matrix)
        largest = std::max(largest, row.isEmpty() ? 0 : *std::max_element(row.cbegin(), row.cend()));
    out += u"<h2>Conflicts</h2>\n<p>Rows: the topic a prompt was written for; columns: the topic that matched "
           u"it.</p>\n<table class=\"heat\"><tr><th></th>"_s;
    for (const QString &t : f.matrixTopics)
        out += u"<th>%1</th>"_s.arg(e(t));
    out += u"</tr>\n"_s;
    for (qsizetype r = 0; r < f.matrix.size(); ++r) {
        out += u"<tr><th>%1</th>"_s.arg(e(f.matrixTopics.at(r)));
        for (qsizetype c = 0; c < f.matrix.at(r).size(); ++c) {
            const int n = f.matrix.at(r).at(c);
            const int shade = largest == 0 ? 0 : 40 + 160 * n / largest;
            out += r == c ? u"<td class=\"n\">–</td>"_s
                          : u"<td class=\"n\" style=\"background:rgba(192,28,40,%1)\">%2</td>"_s.arg(
                                n == 0 ? 0.0 : shade / 255.0, 0, 'f', 2)
                                .arg(n);
        }
        out += u"</tr>\n"_s;
    }
    out += u"</table>\n<table><tr><th>Prompt</th><th>Written for</th><th>Label</th><th>Matched by</th></tr>\n"_s;
    for (const AuditConflict &c : f.conflicts) {
        out += u"<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td></tr>\n"_s.arg(
            e(c.prompt), e(c.intendedTopic), c.expected ? u"positive"_s : u"negative"_s, e(c.matchedTopic));
    }
    return out + u"</table>\n</body></html>\n"_s;
}
