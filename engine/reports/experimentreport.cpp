#include "experimentreport.h"

#include "experiment/experimentoutcome.h"

#include "domain/format.h"
#include "domain/jsonin.h"
#include "domain/printable.h"

#include <QJsonArray>
#include <QTextStream>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {

// Long topics would push the arms' columns off a terminal; the JSON and HTML keep them whole.
constexpr qsizetype TopicChars = 40;

// ---- Figures shared by the three forms -------------------------------------------------------

// The run's own limit + 1 means "not reached within the limit": say so rather than print a
// number of iterations that never ran. An unfinished arm that has not reached the target yet
// has no figure at all.
QString iterationsText(const ArmOutcome &arm, int maxIterations)
{
    if (arm.reachedTarget)
        return QString::number(arm.iterationsToTarget);
    if (!arm.done)
        return u"—"_s;
    return u">"_s + QString::number(maxIterations);
}

// "83.3% [70.1–91.5]", the bare figure without an interval, "—" without a benchmark.
QString coverageText(const ArmOutcome &arm)
{
    if (!arm.benchmarkCoverage || !std::isfinite(*arm.benchmarkCoverage))
        return u"—"_s;
    const QString value = Format::percent(*arm.benchmarkCoverage);
    if (!arm.benchmarkInterval)
        return value;
    // "83.3% [70.1–91.5]": the bounds share the figure's percent sign, to keep the column narrow.
    const auto bound = [](double f) { return QString::number(f * 100.0, 'f', 1); };
    return u"%1 [%2–%3]"_s.arg(value, bound(arm.benchmarkInterval->low), bound(arm.benchmarkInterval->high));
}

// Medians and rank sums of whole iterations are whole or halves: "2", "1.5", "-0.5".
QString halves(double value)
{
    return QString::number(value, 'f', std::fmod(std::abs(value), 1.0) == 0 ? 0 : 1);
}

// Three significant digits; below 0.001 the exact digits mean nothing to a reader.
QString pText(double p)
{
    return p < 0.001 ? u"< 0.001"_s : QString::number(p, 'g', 3);
}

QString trialLabel(const TopicTrial &t)
{
    return u"O%1·P%2"_s.arg(t.order).arg(t.position);
}

// ---- Text --------------------------------------------------------------------------------------

enum class Align { Left, Right };

struct Column
{
    QString header;
    Align align;
    QString group = {}; // consecutive columns of one group share a label above their headers
};

QList<qsizetype> columnWidths(const QList<Column> &columns, const QList<QStringList> &rows)
{
    QList<qsizetype> widths;
    for (const Column &c : columns)
        widths.append(c.header.size());
    for (const QStringList &r : rows)
        for (qsizetype i = 0; i < r.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], r[i].size());
    return widths;
}

// "memory off ──────": which arm the repeated headers below belong to.
QString groupLine(const QList<Column> &columns, const QList<qsizetype> &widths)
{
    QString out = u"  "_s;
    for (qsizetype i = 0; i < columns.size();) {
        qsizetype span = widths[i];
        qsizetype next = i + 1;
        for (; next < columns.size() && !columns[i].group.isEmpty() && columns[next].group == columns[i].group; ++next)
            span += 2 + widths[next];
        const QString &label = columns[i].group;
        out += label.isEmpty() ? QString(span, u' ') : QString(label + u' ').leftJustified(span, u'─');
        out += u"  "_s;
        i = next;
    }
    while (out.endsWith(u' '))
        out.chop(1);
    return out;
}

// Columns padded to their widest cell and separated by two spaces, so it reads in any terminal.
QString tableText(const QList<Column> &columns, const QList<QStringList> &rows)
{
    const QList<qsizetype> widths = columnWidths(columns, rows);
    const auto line = [&](const QStringList &cells) {
        QStringList padded;
        for (qsizetype i = 0; i < cells.size() && i < columns.size(); ++i)
            padded.append(columns[i].align == Align::Left ? cells[i].leftJustified(widths[i])
                                                          : cells[i].rightJustified(widths[i]));
        // No trailing blanks after the last filled cell.
        QString text = u"  "_s + padded.join(u"  "_s);
        while (text.endsWith(u' '))
            text.chop(1);
        return text;
    };
    QStringList headers;
    for (const Column &c : columns)
        headers.append(c.header);
    QString out = groupLine(columns, widths) + u'\n' + line(headers) + u'\n';
    for (const QStringList &r : rows)
        out += line(r) + u'\n';
    return out;
}

QList<Column> trialColumns()
{
    QList<Column> columns{{u"Order"_s, Align::Right}, {u"Pos"_s, Align::Right}, {u"Topic"_s, Align::Left}};
    for (const QString &arm : {u"memory off"_s, u"memory on"_s}) {
        columns.append({u"Iter"_s, Align::Right, arm});
        columns.append({u"Calls"_s, Align::Right, arm});
        columns.append({u"Tokens"_s, Align::Right, arm});
        columns.append({u"Scans"_s, Align::Right, arm});
        columns.append({u"Benchmark"_s, Align::Left, arm});
    }
    columns.append({u"Saved"_s, Align::Right});
    columns.append({QString(), Align::Left});
    return columns;
}

QStringList armCells(const ArmOutcome &arm, int maxIterations)
{
    return {iterationsText(arm, maxIterations), QString::number(arm.llmCalls), QString::number(arm.tokens),
            QString::number(arm.scans), coverageText(arm)};
}

QStringList trialCells(const TopicTrial &t, int maxIterations)
{
    QStringList cells{QString::number(t.order), QString::number(t.position),
                      Printable::escaped(t.topic, TopicChars)}; // a topic is run text: no raw escapes
    cells += armCells(t.memoryOff, maxIterations);
    cells += armCells(t.memoryOn, maxIterations);
    cells.append(t.complete() ? QString::number(t.iterationsSaved()) : QString());
    cells.append(t.complete() ? QString() : u"(not finished)"_s);
    return cells;
}

// Plain words at a terminal's width, so the caveat is read rather than scrolled past.
QString wrapped(const QString &text, const QString &indent, qsizetype width = 90)
{
    QString out;
    QString lineText;
    for (const QString &word : text.split(u' ', Qt::SkipEmptyParts)) {
        if (!lineText.isEmpty() && lineText.size() + 1 + word.size() > width) {
            out += indent + lineText + u'\n';
            lineText.clear();
        }
        lineText += (lineText.isEmpty() ? QString() : u" "_s) + word;
    }
    if (!lineText.isEmpty())
        out += indent + lineText + u'\n';
    return out;
}

void headerText(QTextStream &s, const ExperimentOutcome &o)
{
    s << "Memory experiment " << Printable::escaped(o.id) << '\n';
    s << "  Provider:    " << Printable::escaped(o.provider) << " / " << Printable::escaped(o.model) << '\n';
    s << "  Created:     " << toIsoString(o.createdAt) << '\n';
    s << "  Orders:      " << o.orders << "    Seed: " << o.seed << "    Target coverage: "
      << Format::percent(o.targetCoverage) << "    Iteration limit: " << o.maxIterations << '\n';
    s << "  Topics:      " << o.topics.size() << '\n';
    if (o.sandbox)
        s << "\n  *** SANDBOX ***\n" << wrapped(ExperimentOutcome::sandboxCaveat(), u"  "_s);
}

void summaryText(QTextStream &s, const ExperimentSummary &sum)
{
    s << "\nSummary (Wilcoxon signed-rank, exact, two-sided, on iterations saved = off - on)\n";
    s << "  Pairs:       " << sum.completePairs << " complete (" << sum.test.zeros << " zero, "
      << sum.test.ranked << " ranked)\n";
    s << "  Median iterations saved: " << halves(sum.medianSaved) << '\n';
    s << "  W+ " << halves(sum.test.wPlus) << "   W- " << halves(sum.test.wMinus) << "   p "
      << pText(sum.test.pTwoSided) << '\n';
    s << '\n' << wrapped(sum.sentence, u"  "_s);
}

// ---- JSON --------------------------------------------------------------------------------------

// JSON has no NaN: an unknown figure is null, never a number that pretends to be one.
QJsonValue finiteOrNull(double value)
{
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

QJsonObject trialJson(const TopicTrial &t)
{
    QJsonObject o{{u"order"_s, t.order},
                  {u"position"_s, t.position},
                  {u"topic"_s, t.topic},
                  {u"learningsAvailable"_s, t.learningsAvailable},
                  {u"memoryOff"_s, t.memoryOff.toJson()},
                  {u"memoryOn"_s, t.memoryOn.toJson()}};
    if (t.complete())
        o.insert(u"iterationsSaved"_s, t.iterationsSaved());
    return o;
}

QJsonObject summaryJson(const ExperimentSummary &sum)
{
    return {{u"completePairs"_s, sum.completePairs},
            {u"medianIterationsSaved"_s, finiteOrNull(sum.medianSaved)},
            {u"wPlus"_s, finiteOrNull(sum.test.wPlus)},
            {u"wMinus"_s, finiteOrNull(sum.test.wMinus)},
            {u"zeros"_s, sum.test.zeros},
            {u"ranked"_s, sum.test.ranked},
            {u"pTwoSided"_s, finiteOrNull(sum.test.pTwoSided)},
            {u"test"_s, u"Wilcoxon signed-rank, exact, two-sided"_s},
            {u"sentence"_s, sum.sentence}};
}

// ---- HTML --------------------------------------------------------------------------------------

QString e(const QString &text)
{
    return text.toHtmlEscaped();
}

// Blue and orange tell the arms apart with every common colour-vision deficiency; both keep at
// least 3:1 against white, and the chart keeps its own white ground and black text so it reads
// the same in dark mode and on paper.
constexpr auto OffColour = "#2f6690";
constexpr auto OnColour = "#c05a00";

const char *Style =
    "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2rem auto;max-width:1200px;"
    "padding:0 1rem;color:#1d2129;background:#fff;line-height:1.45}"
    "h1{margin-bottom:.2rem}h2{margin-top:2rem;border-bottom:1px solid #d0d4da;padding-bottom:.3rem}"
    ".meta{color:#4b5260}"
    ".caveat{border:2px solid #8a5a00;background:#fff4db;color:#3d2800;border-radius:8px;padding:.7rem 1rem;"
    "margin:1rem 0}"
    ".verdict{font-size:1.25rem;font-weight:600;border-left:4px solid #1d2129;padding:.4rem .8rem;margin:1rem 0}"
    "dl.stats{display:grid;grid-template-columns:max-content auto;gap:.2rem 1rem}dl.stats dt{color:#4b5260}"
    "dl.stats dd{margin:0;font-variant-numeric:tabular-nums}"
    "table{border-collapse:collapse;margin:.6rem 0;width:100%}th,td{border:1px solid #d0d4da;"
    "padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#f3f4f6}"
    "td.num{text-align:right;font-variant-numeric:tabular-nums}tr.unfinished td{color:#5b6270;font-style:italic}"
    ".chart{overflow-x:auto}.chart svg{max-width:100%;height:auto;border:1px solid #d0d4da;border-radius:8px}"
    "@media (prefers-color-scheme:dark){body{color:#e6e8eb;background:#16181c}th{background:#24272d}"
    "th,td{border-color:#3a3f47}.meta,dl.stats dt{color:#a8afba}.verdict{border-color:#e6e8eb}"
    "tr.unfinished td{color:#a8afba}}"
    "@media print{body{color:#000;background:#fff;max-width:none}th{background:#eee}"
    ".caveat{background:#fff;color:#000;border-color:#000}.verdict{border-color:#000}}";

QString headerHtml(const ExperimentOutcome &o)
{
    QString out = u"<h1>Memory experiment %1</h1>\n"_s.arg(e(o.id));
    // One multi-argument arg(): a chained arg() would also replace a "%4" inside a provider name.
    out += u"<p class=\"meta\">%1 / %2 · created %3 · %4 order(s), seed %5 · target coverage %6 · "
           "iteration limit %7</p>\n"_s.arg(e(o.provider), e(o.model), e(toIsoString(o.createdAt)),
                                           QString::number(o.orders), QString::number(o.seed),
                                           Format::percent(o.targetCoverage), QString::number(o.maxIterations));
    if (o.sandbox)
        out += u"<div class=\"caveat\" role=\"note\"><strong>Sandbox.</strong> %1</div>\n"_s.arg(
            e(ExperimentOutcome::sandboxCaveat()));
    return out;
}

QString summaryHtml(const ExperimentSummary &sum)
{
    QString out = u"<p class=\"verdict\">%1</p>\n<dl class=\"stats\">"_s.arg(e(sum.sentence));
    const QList<std::pair<QString, QString>> items{
        {u"Complete pairs"_s, QString::number(sum.completePairs)},
        {u"Median iterations saved"_s, halves(sum.medianSaved)},
        {u"W+ / W−"_s, halves(sum.test.wPlus) + u" / "_s + halves(sum.test.wMinus)},
        {u"Zero differences"_s, QString::number(sum.test.zeros)},
        {u"p (Wilcoxon signed-rank, exact, two-sided)"_s, pText(sum.test.pTwoSided)}};
    for (const auto &[label, value] : items)
        out += u"<dt>%1</dt><dd>%2</dd>"_s.arg(e(label), e(value));
    return out + u"</dl>\n"_s;
}

QString armHtmlCells(const ArmOutcome &arm, int maxIterations)
{
    QString out;
    for (const QString &cell : armCells(arm, maxIterations).mid(0, 4))
        out += u"<td class=\"num\">%1</td>"_s.arg(e(cell));
    return out + u"<td>%1</td>"_s.arg(e(coverageText(arm)));
}

QString tableHtml(const ExperimentOutcome &o)
{
    QString out = u"<table>\n<thead><tr><th rowspan=\"2\">Order</th><th rowspan=\"2\">Position</th>"
                  "<th rowspan=\"2\">Topic</th><th rowspan=\"2\">Learnings available</th>"
                  "<th colspan=\"5\">Memory off</th><th colspan=\"5\">Memory on</th>"
                  "<th rowspan=\"2\">Iterations saved</th></tr>\n<tr>"_s;
    for (int arm = 0; arm < 2; ++arm)
        out += u"<th>Iterations to target</th><th>LLM calls</th><th>Tokens</th><th>Scans</th>"
               "<th>Benchmark coverage [95 %]</th>"_s;
    out += u"</tr></thead>\n<tbody>\n"_s;
    for (const TopicTrial &t : o.trials) {
        out += t.complete() ? u"<tr>"_s : u"<tr class=\"unfinished\">"_s;
        out += u"<td class=\"num\">%1</td><td class=\"num\">%2</td><td>%3</td><td class=\"num\">%4</td>"_s.arg(
            QString::number(t.order), QString::number(t.position), e(t.topic),
            QString::number(t.learningsAvailable));
        out += armHtmlCells(t.memoryOff, o.maxIterations) + armHtmlCells(t.memoryOn, o.maxIterations);
        out += t.complete() ? u"<td class=\"num\">%1</td>"_s.arg(t.iterationsSaved())
                            : u"<td>(not finished)</td>"_s;
        out += u"</tr>\n"_s;
    }
    return out + u"</tbody></table>\n"_s;
}

// ---- The chart ---------------------------------------------------------------------------------

// Geometry of the bar chart in SVG user units.
struct Chart
{
    static constexpr int Left = 48, Right = 16, Top = 36, Plot = 220, Bottom = 44;
    static constexpr int Bar = 18, GroupGap = 16;
    int axisMax = 1; // maxIterations + 1: a censored arm's bar reaches the top
    int groups = 0;

    int groupWidth() const { return 2 * Bar + GroupGap; }
    // Never narrower than the legend, however few trials are charted.
    int width() const { return std::max(Left + std::max(groups, 1) * groupWidth() + Right, 460); }
    int height() const { return Top + Plot + Bottom; }
    int baseline() const { return Top + Plot; }
    // Proportional to the value: the test reads heights back against data-value.
    double barHeight(int value) const { return double(std::clamp(value, 0, axisMax)) * Plot / axisMax; }
    double y(int value) const { return baseline() - barHeight(value); }
};

// About five labelled ticks whatever the limit, on whole iterations.
QString axisSvg(const Chart &c)
{
    const int step = std::max(1, int(std::ceil(c.axisMax / 5.0)));
    QString out;
    for (int v = 0; v <= c.axisMax; v += step) {
        out += u"<line x1=\"%1\" x2=\"%2\" y1=\"%3\" y2=\"%3\" stroke=\"#d0d4da\"/>"
               "<text x=\"%4\" y=\"%5\" text-anchor=\"end\">%6</text>\n"_s.arg(Chart::Left)
                   .arg(c.width() - Chart::Right)
                   .arg(c.y(v))
                   .arg(Chart::Left - 6)
                   .arg(c.y(v) + 4)
                   .arg(v);
    }
    // The iteration limit: a bar above this line is a censored arm, not a measured count.
    out += u"<line x1=\"%1\" x2=\"%2\" y1=\"%3\" y2=\"%3\" stroke=\"#000\" stroke-dasharray=\"6 3\"/>"
           "<text x=\"%2\" y=\"%4\" text-anchor=\"end\" font-size=\"11\">limit %5</text>\n"_s.arg(Chart::Left)
               .arg(c.width() - Chart::Right)
               .arg(c.y(c.axisMax - 1))
               .arg(c.y(c.axisMax - 1) - 3)
               .arg(c.axisMax - 1);
    out += u"<line x1=\"%1\" x2=\"%1\" y1=\"%2\" y2=\"%3\" stroke=\"#000\"/>"_s.arg(Chart::Left)
               .arg(Chart::Top)
               .arg(c.baseline());
    out += u"<text x=\"12\" y=\"%1\" transform=\"rotate(-90 12 %1)\" text-anchor=\"middle\">"
           "iterations to target</text>\n"_s.arg(Chart::Top + Chart::Plot / 2);
    return out;
}

// A censored arm (target not reached) is drawn pale with a dashed outline and labelled ">N":
// its true value is unknown, only that it is above the limit.
QString barSvg(const Chart &c, const ArmOutcome &arm, int maxIterations, double x, const char *colour,
               const QString &armName)
{
    const bool censored = !arm.reachedTarget;
    const QString label = iterationsText(arm, maxIterations);
    const int value = std::clamp(arm.iterationsToTarget, 0, c.axisMax);
    QString out = u"<rect class=\"bar %1%2\" data-value=\"%3\" x=\"%4\" y=\"%5\" width=\"%6\" height=\"%7\" "
                  "fill=\"%8\" fill-opacity=\"%9\""_s.arg(armName == u"memory off" ? u"off"_s : u"on"_s,
                                                          censored ? u" censored"_s : QString())
                      .arg(value)
                      .arg(x)
                      .arg(c.y(value))
                      .arg(Chart::Bar)
                      .arg(c.barHeight(value))
                      .arg(QLatin1StringView(colour), censored ? u"0.25"_s : u"1"_s);
    if (censored)
        out += u" stroke=\"%1\" stroke-dasharray=\"4 2\""_s.arg(QLatin1StringView(colour));
    out += u"><title>%1: %2</title></rect>"_s.arg(armName, e(label));
    out += u"<text x=\"%1\" y=\"%2\" text-anchor=\"middle\" font-size=\"11\">%3</text>\n"_s
               .arg(x + Chart::Bar / 2.0)
               .arg(c.y(value) - 4)
               .arg(e(label));
    return out;
}

QString groupSvg(const Chart &c, const TopicTrial &t, int index, int maxIterations)
{
    const double x = Chart::Left + Chart::GroupGap / 2.0 + index * c.groupWidth();
    QString out = u"<g class=\"trial\">"_s;
    out += barSvg(c, t.memoryOff, maxIterations, x, OffColour, u"memory off"_s);
    out += barSvg(c, t.memoryOn, maxIterations, x + Chart::Bar, OnColour, u"memory on"_s);
    // The topic goes in last: text inserted by arg() is searched again by the arg() after it.
    out += u"<g><title>%4</title><text x=\"%1\" y=\"%2\" text-anchor=\"middle\">%3</text></g></g>\n"_s
               .arg(x + Chart::Bar)
               .arg(c.baseline() + 16)
               .arg(trialLabel(t), e(t.topic));
    return out;
}

QString legendSvg(const Chart &c)
{
    QString out;
    const QList<std::pair<const char *, QString>> items{{OffColour, u"memory off"_s}, {OnColour, u"memory on"_s}};
    int x = Chart::Left;
    for (const auto &[colour, name] : items) {
        out += u"<rect x=\"%1\" y=\"10\" width=\"12\" height=\"12\" fill=\"%2\"/>"
               "<text x=\"%3\" y=\"20\">%4</text>"_s.arg(x)
                   .arg(QLatin1StringView(colour))
                   .arg(x + 16)
                   .arg(name);
        x += 110;
    }
    out += u"<rect x=\"%1\" y=\"10\" width=\"12\" height=\"12\" fill=\"#000\" fill-opacity=\"0.25\" "
           "stroke=\"#000\" stroke-dasharray=\"4 2\"/><text x=\"%2\" y=\"20\">target not reached (&gt;%3)</text>\n"_s
               .arg(x)
               .arg(x + 16)
               .arg(c.axisMax - 1);
    return out;
}

// Only complete trials are charted: they are the pairs the test compares, and an unfinished
// arm has no iterations-to-target yet. The table lists every trial.
QString chartHtml(const ExperimentOutcome &o)
{
    QList<const TopicTrial *> complete;
    for (const TopicTrial &t : o.trials)
        if (t.complete())
            complete.append(&t);
    Chart c;
    c.axisMax = std::max(1, o.maxIterations + 1);
    c.groups = int(complete.size());
    QString out = u"<div class=\"chart\"><svg width=\"%1\" height=\"%2\" "
                  "viewBox=\"0 0 %1 %2\" role=\"img\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#000\">"
                  "<title>Iterations to target per topic, memory off and on</title>\n"
                  "<rect width=\"%1\" height=\"%2\" fill=\"#fff\"/>\n"_s.arg(c.width())
                      .arg(c.height());
    out += axisSvg(c) + legendSvg(c);
    for (int i = 0; i < complete.size(); ++i)
        out += groupSvg(c, *complete[i], i, o.maxIterations);
    out += u"</svg></div>\n"_s;
    const qsizetype unfinished = o.trials.size() - complete.size();
    if (unfinished > 0)
        out += u"<p class=\"meta\">%1 unfinished trial(s) not charted.</p>\n"_s.arg(unfinished);
    return out;
}

} // namespace

QString ExperimentReport::text(const ExperimentOutcome &outcome)
{
    QString out;
    QTextStream s(&out);
    headerText(s, outcome);
    QList<QStringList> rows;
    for (const TopicTrial &t : outcome.trials)
        rows.append(trialCells(t, outcome.maxIterations));
    s << "\nTrials (iterations to target, \">" << outcome.maxIterations
      << "\": not reached within the limit; saved = off - on)\n";
    s << tableText(trialColumns(), rows);
    summaryText(s, outcome.summary());
    return out;
}

QJsonObject ExperimentReport::json(const ExperimentOutcome &outcome)
{
    QJsonArray trials;
    for (const TopicTrial &t : outcome.trials)
        trials.append(trialJson(t));
    QJsonObject o{{u"experiment"_s, outcome.id},
                  {u"createdAt"_s, toIsoString(outcome.createdAt)},
                  {u"sandbox"_s, outcome.sandbox},
                  {u"provider"_s, outcome.provider},
                  {u"model"_s, outcome.model},
                  {u"orders"_s, outcome.orders},
                  {u"seed"_s, qint64(outcome.seed)},
                  {u"targetCoverage"_s, finiteOrNull(outcome.targetCoverage)},
                  {u"maxIterations"_s, outcome.maxIterations},
                  {u"topics"_s, QJsonArray::fromStringList(outcome.topics)},
                  {u"trials"_s, trials},
                  {u"summary"_s, summaryJson(outcome.summary())}};
    if (outcome.sandbox)
        o.insert(u"caveat"_s, ExperimentOutcome::sandboxCaveat());
    return o;
}

QString ExperimentReport::html(const ExperimentOutcome &outcome)
{
    const ExperimentSummary sum = outcome.summary();
    QString out = u"<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                  "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
                  "<title>Memory experiment %1</title><style>%2</style></head>\n<body>\n"_s.arg(
                      e(outcome.id), QLatin1StringView(Style));
    out += headerHtml(outcome);
    out += u"<h2>Result</h2>\n"_s + summaryHtml(sum);
    out += u"<h2>Iterations to target</h2>\n"_s + chartHtml(outcome);
    out += u"<h2>Trials</h2>\n"_s + tableHtml(outcome);
    return out + u"</body></html>\n"_s;
}
