#include "htmlreport.h"

#include "domain/decision.h"
#include "domain/robustness.h"

#include "displayformat.h"
#include "domain/jsonin.h"
#include "runreport.h"
#include "verdictcolours.h"

#include <QLocale>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

QString e(const QString &text)
{
    return HtmlReport::escaped(text);
}

QString coverageClass(double coverage)
{
    return coverage >= 0.9 ? u"good"_s : coverage >= 0.7 ? u"fair"_s : u"poor"_s;
}

QString card(const QString &label, const QString &value, const QString &cls = {})
{
    const QString classes = cls.isEmpty() ? u"value"_s : u"value "_s + cls;
    return u"<div class=\"card\"><div class=\"label\">%1</div><div class=\"%3\">%2</div></div>\n"_s
        .arg(e(label), e(value), classes);
}

QString row(const QStringList &cells, const QString &tag = u"td"_s)
{
    QString out = u"<tr>"_s;
    for (const QString &c : cells)
        out += u"<%1>%2</%1>"_s.arg(tag, c); // cells are escaped by the caller
    return out + u"</tr>\n"_s;
}

// Sentences one after the other: each keeps its own full stop (joining them with "; " gave
// "….; …", issue 40).
QString joined(const QStringList &items)
{
    QStringList sentences;
    for (QString item : items) {
        item = item.trimmed();
        if (item.isEmpty())
            continue;
        if (!item.endsWith(u'.') && !item.endsWith(u'!') && !item.endsWith(u'?'))
            item += u'.';
        sentences.append(item);
    }
    return sentences.isEmpty() ? u"—"_s : e(sentences.join(u' '));
}

QString pct(double fraction)
{
    return DisplayFormat::percent(fraction);
}

QString num(qint64 value)
{
    return DisplayFormat::number(value);
}

QString statusText(RunStatus status)
{
    switch (status) {
    case RunStatus::Running:
        return HtmlReport::tr("running");
    case RunStatus::Paused:
        return HtmlReport::tr("paused");
    case RunStatus::Completed:
        return HtmlReport::tr("completed");
    case RunStatus::Failed:
        return HtmlReport::tr("failed");
    case RunStatus::Cancelled:
        return HtmlReport::tr("cancelled");
    }
    return {};
}

// The verdict colours (VerdictColours).
QString verdictStyle()
{
    return u".good,.correct{color:%1}.fair{color:%2}.poor,.wrong{color:%3}.best{border-color:%1;border-width:2px}"_s.arg(
        VerdictColours::good, VerdictColours::fair, VerdictColours::poor);
}

const char *Style =
    "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2rem "
    "auto;max-width:1100px;"
    "padding:0 1rem;color:#1d2129;background:#fff;line-height:1.45}"
    "h1{margin-bottom:.2rem}h2{margin-top:2rem;border-bottom:1px solid "
    "#d0d4da;padding-bottom:.3rem}"
    ".meta{color:#5b6270}.cards{display:flex;flex-wrap:wrap;gap:.8rem;margin:1rem 0}"
    ".card{border:1px solid #d0d4da;border-radius:8px;padding:.6rem .9rem;min-width:130px}"
    ".label{font-size:.8rem;color:#5b6270;text-transform:uppercase;letter-spacing:.03em}"
    ".value{font-size:1.3rem;font-weight:600}"
    "table{border-collapse:collapse;margin:.6rem 0;width:100%}th,td{border:1px solid #d0d4da;"
    "padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#f3f4f6}"
    "td.num{text-align:right;font-variant-numeric:tabular-nums}"
    ".iteration{border:1px solid #d0d4da;border-radius:8px;padding:.2rem 1rem 1rem;margin:1rem 0}"
    "img.chart{max-width:100%;border:1px solid #d0d4da;border-radius:8px}"
    "@media (prefers-color-scheme:dark){body{color:#e6e8eb;background:#16181c}"
    "th{background:#24272d}.card,.iteration,th,td,img.chart{border-color:#3a3f47}.meta,.label{"
    "color:#9aa1ad}}";

} // namespace

QString HtmlReport::escaped(const QString &text)
{
    QString out = text.toHtmlEscaped();
    out.replace(u'\'', u"&#39;"_s);
    return out;
}

QByteArray HtmlReport::pngDataUrl(const QByteArray &png)
{
    return "data:image/png;base64," + png.toBase64();
}

bool HtmlReport::chartOnBenchmark(const RunState &run)
{
    return !run.userInput.decideOnWorkingSuite
           && std::any_of(run.iterations.cbegin(), run.iterations.cend(),
                          [](const IterationResult &it) { return it.benchmark.has_value(); });
}

static QString metricsTable(const EfficacyMetrics &m)
{
    QString out = u"<table class=\"metrics\">\n"_s;
    out += row({HtmlReport::tr("Coverage"), HtmlReport::tr("Accuracy"), HtmlReport::tr("TPR"),
                HtmlReport::tr("TNR"), HtmlReport::tr("F1"), HtmlReport::tr("TP"),
                HtmlReport::tr("TN"), HtmlReport::tr("FP"), HtmlReport::tr("FN"),
                HtmlReport::tr("Regressions")},
               u"th"_s);
    QStringList cells;
    for (const double v :
         {m.coverage, m.accuracy, m.truePositiveRate, m.trueNegativeRate, m.f1Score})
        cells.append(e(pct(v)));
    for (const int v :
         {m.truePositives, m.trueNegatives, m.falsePositives, m.falseNegatives, m.regressionCount})
        cells.append(num(v));
    out += row(cells);
    return out + u"</table>\n"_s;
}

// The response side of an iteration and its robustness table (issue 43), when it has them.
static QString directionsHtml(const IterationResult &it, const RunSettings &in)
{
    QString out;
    if (it.responses) {
        const EfficacyMetrics &m = it.responses->metrics;
        const MetricIntervals i = MetricIntervals::of(m);
        out += u"<p class=\"responses\">%1</p>\n"_s.arg(e(
            HtmlReport::tr("Responses (%1 prompt and response pairs, judged on the response side): coverage %2, TPR %3, TNR %4.")
                .arg(DisplayFormat::number(qint64(it.responses->results.size())),
                     DisplayFormat::withInterval(m.coverage, i.coverage),
                     DisplayFormat::withInterval(m.truePositiveRate, i.truePositiveRate),
                     DisplayFormat::withInterval(m.trueNegativeRate, i.trueNegativeRate))));
    }
    if (it.robustness.isEmpty())
        return out;
    out += u"<h4>%1</h4>\n<table class=\"robustness\">\n"_s.arg(e(HtmlReport::tr("Coverage kept under each rewrite")));
    out += row({HtmlReport::tr("Rewrite"), HtmlReport::tr("TPR"), HtmlReport::tr("TNR"), HtmlReport::tr("Coverage"),
                HtmlReport::tr("Prompts")},
               u"th"_s);
    const QList<Robustness::Row> rows = Robustness::table(it, in.robustnessFamilies);
    for (const Robustness::Row &r : rows) {
        const EfficacyMetrics &m = r.metrics;
        const int positives = m.truePositives + m.falseNegatives, negatives = m.trueNegatives + m.falsePositives;
        out += row({e(DisplayFormat::rewriteFamily(r.family)), positives > 0 ? e(pct(m.truePositiveRate)) : u"—"_s,
                    negatives > 0 ? e(pct(m.trueNegativeRate)) : u"—"_s,
                    positives > 0 && negatives > 0 ? e(pct(m.coverage)) : u"—"_s, num(m.total())});
    }
    out += u"</table>\n"_s;
    // Why a row counts fewer prompts than the as-written one (issue 56).
    for (const QString &line : DisplayFormat::robustnessShortfalls(rows))
        out += u"<p class=\"note\">%1</p>\n"_s.arg(e(line));
    return out;
}

static QString testsTable(const IterationResult &it)
{
    QString out = u"<table class=\"tests\">\n"_s;
    out += row({HtmlReport::tr("Prompt"), HtmlReport::tr("Expected"), HtmlReport::tr("Actual"),
                HtmlReport::tr("Result"), HtmlReport::tr("Category"), HtmlReport::tr("Source"),
                HtmlReport::tr("Action")},
               u"th"_s);
    for (const TestResult &r : it.testResults) {
        const QString source =
            r.testCase.source == TestSource::Generated ? u"-"_s : testSourceName(r.testCase.source);
        // The app's words: expected and actual "triggered" / "not triggered", the result
        // "correct" / "wrong" (a wrong one says whether it is a false positive or negative).
        const QString result =
            !r.counts() ? e(HtmlReport::tr("not scanned: %1").arg(r.notScannedReason))
            : r.correct ? u"<span class=\"correct\">%1</span>"_s.arg(e(DisplayFormat::outcome(true)))
                      : u"<span class=\"wrong\">%1</span> (%2)"_s.arg(e(DisplayFormat::outcome(false)),
                                                                   e(DisplayFormat::errorKind(r.testCase.expectedTriggered)));
        out += row({e(r.testCase.prompt), e(DisplayFormat::triggered(r.testCase.expectedTriggered)),
                    r.counts() ? e(DisplayFormat::triggered(r.actualTriggered)) : u"–"_s, result,
                    e(r.testCase.category), e(source),
                    e(r.scanAction.isEmpty() ? u"-"_s : r.scanAction)});
    }
    return out + u"</table>\n"_s;
}

QString HtmlReport::html(const RunState &run, const QByteArray &chartPng, const Options &options,
                         const QDateTime &generatedAt)
{
    const RunSettings &in = run.userInput;
    QString h;
    h += u"<!DOCTYPE html>\n<html lang=\"%1\">\n<head>\n<meta charset=\"utf-8\">\n"_s.arg(e(QLocale().bcp47Name()));
    h += u"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"_s;
    h += u"<title>%1</title>\n<style>%2</style>\n</head>\n<body>\n"_s.arg(
        e(tr("Daystrom run %1").arg(run.id)), QString::fromUtf8(Style) + verdictStyle());

    // 1. Header
    h += u"<header>\n<h1>%1</h1>\n<p class=\"meta\">%2</p>\n</header>\n"_s.arg(
        e(tr("Guardrail refinement report")),
        e(tr("Run %1 · generated %2").arg(run.id, toIsoString(generatedAt))));

    // 2. Cards
    const IterationResult *best = run.iterationByNumber(run.bestIteration);
    h += u"<section class=\"cards\">\n"_s;
    h += card(tr("Status"), statusText(run.status));
    h += card(tr("Intent"), intentName(in.intent));
    const bool intervals = !run.benchmarkSet.isEmpty(); // older runs: just their figures
    const auto interval = [](const std::optional<ProportionStats::Interval> &i) {
        return i ? tr("%1–%2").arg(pct(i->low), pct(i->high)) : QString();
    };
    const bool working = in.decideOnWorkingSuite;
    h += card(in.decideOnBothDirections ? tr("Best coverage (weaker side)")
              : intervals && !working  ? tr("Best coverage (benchmark)")
                                       : tr("Best coverage"),
              pct(run.bestCoverage)
                  + (intervals && best ? u" ["_s + interval(MetricIntervals::of(Decision(in).metrics(*best)).coverage) + u']'
                                       : QString()),
              coverageClass(run.bestCoverage));
    if (intervals)
        h += card(tr("Benchmark"), tr("%n held-out prompt(s)", nullptr, int(run.benchmarkSet.size())));
    h += card(tr("Iterations"), num(run.iterations.size()));
    h += card(tr("Best iteration"), best ? tr("#%1").arg(run.bestIteration) : tr("none"));
    h += card(tr("Profile"), in.profileName);
    h += u"</section>\n"_s;
    if (!run.stopReason.isEmpty())
        h += u"<p class=\"meta\">%1</p>\n"_s.arg(e(tr("Stopped: %1").arg(DisplayFormat::stopReason(run.stopReason))));

    // 3. What was asked for, and the topic the run chose (issue 40: the heading said "Topic
    // description" over the person's request).
    h += u"<h2>%1</h2>\n<p>%2</p>\n"_s.arg(e(tr("What the guardrail should detect")), e(in.topicDescription));
    if (best)
        h += u"<h2>%1</h2>\n<p><b>%2</b></p>\n<p>%3</p>\n"_s.arg(e(tr("Topic description (iteration %1, the best)")
                                                                    .arg(best->iteration)),
                                                                 e(best->topic.name), e(best->topic.description));

    if (!chartPng.isEmpty()) {
        // The same figures as the cards and the table: the benchmark's when the run has one.
        const bool benchmark = chartOnBenchmark(run);
        h += u"<h2>%1</h2>\n<img src=\"%3\" class=\"chart\" alt=\"%2\">\n"_s.arg(
            e(benchmark ? tr("Efficacy on the held-out benchmark") : tr("Efficacy")),
            e(benchmark ? tr("Coverage, TPR and TNR per iteration, on the held-out benchmark")
                        : tr("Coverage, TPR and TNR per iteration")),
            QString::fromLatin1(pngDataUrl(chartPng)));
    }

    // 4. Trends
    if (run.iterations.size() >= 2) {
        h += u"<h2>%1</h2>\n<table class=\"trends\">\n"_s.arg(e(tr("Trends")));
        QStringList head{tr("Iter"), tr("Coverage"), tr("TPR"), tr("TNR"), tr("Accuracy"), tr("F1"), tr("FP"), tr("FN")};
        if (intervals)
            head.insert(2, tr("95 % interval"));
        const bool responses = std::any_of(run.iterations.cbegin(), run.iterations.cend(),
                                           [](const IterationResult &it) { return it.responses.has_value(); });
        if (responses)
            head.append(tr("Coverage (responses)"));
        h += row(head, u"th"_s);
        for (const IterationResult &it : run.iterations) {
            const EfficacyMetrics m = Decision(run.userInput).shown(it); // the deciding coverage
            QStringList cells{num(it.iteration), pct(m.coverage), pct(m.truePositiveRate),
                              pct(m.trueNegativeRate), pct(m.accuracy), pct(m.f1Score),
                              num(m.falsePositives), num(m.falseNegatives)};
            if (intervals)
                cells.insert(2, interval(MetricIntervals::of(m).coverage));
            if (responses)
                cells.append(it.responses ? pct(it.responses->metrics.coverage) : u"—"_s);
            h += row(cells);
        }
        h += u"</table>\n"_s;
    }

    // 5. One card per iteration
    const IterationResult *testsOf =
        options.includeTests ? RunReport::chosenIteration(run, options.testsOfIteration, nullptr)
                             : nullptr;
    h += u"<h2>%1</h2>\n"_s.arg(e(tr("Iterations")));
    for (const IterationResult &it : run.iterations) {
        const bool isBest = it.iteration == run.bestIteration;
        h += u"<section class=\"iteration%1\" id=\"iteration-%2\">\n"_s.arg(
            isBest ? u" best"_s : QString(), QString::number(it.iteration));
        const QString title = isBest ? tr("Iteration %1 (best)").arg(it.iteration)
                                     : tr("Iteration %1").arg(it.iteration);
        h += u"<h3>%1</h3>\n<p class=\"meta\">%2</p>\n"_s.arg(
            e(title), e(tr("%1 s · %2")
                            .arg(DisplayFormat::number(it.durationMs / 1000.0, 1),
                                 toIsoString(it.timestamp))));
        h += u"<p><strong>%1</strong></p>\n<p>%2</p>\n<ul class=\"examples\">\n"_s.arg(
            e(it.topic.name), e(it.topic.description));
        for (const QString &ex : it.topic.examples)
            h += u"<li>%1</li>\n"_s.arg(e(ex));
        h += u"</ul>\n"_s + metricsTable(it.metrics) + directionsHtml(it, in);
        const AnalysisReport &a = it.analysis;
        h += u"<dl class=\"analysis\">\n<dt>%1</dt><dd>%2</dd>\n<dt>%3</dt><dd>%4</dd>\n"
             u"<dt>%5</dt><dd>%6</dd>\n<dt>%7</dt><dd>%8</dd>\n</dl>\n"_s.arg(
                 e(tr("Summary")), a.summary.isEmpty() ? u"—"_s : e(a.summary),
                 e(tr("False-positive patterns")), joined(a.falsePositivePatterns),
                 e(tr("False-negative patterns")), joined(a.falseNegativePatterns),
                 e(tr("Suggestions")), joined(a.suggestions));
        if (testsOf == &it) {
            h += u"<h4>%1</h4>\n"_s.arg(
                e(tr("Test results (%n test(s))", nullptr, int(it.testResults.size()))));
            h += testsTable(it);
        }
        h += u"</section>\n"_s;
    }
    h += u"</body>\n</html>\n"_s;
    return h;
}
