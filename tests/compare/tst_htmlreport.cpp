#include "comparefixture.h"
#include "models/compare/efficacychartimage.h"
#include "reports/htmlreport.h"
#include "reports/reportexport.h"
#include "samplerun.h"
#include "testhome.h"

#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

// The HTML report (behaviour reference §5.3) and the atomic report export.
class TestHtmlReport : public QObject
{
    Q_OBJECT

    static RunState hostileRun()
    {
        RunState run = SampleRun::make();
        IterationResult &best = run.iterations.last(); // iteration 3, the best
        best.testResults.append(SampleRun::result(u"<script>alert('x')</script> & \"more\""_s, true,
                                                  false, u"<b>coded</b>"_s));
        best.testCases.append(best.testResults.last().testCase);
        best.topic.name = u"Weapons \"acquisition\" <v2>"_s;
        run.userInput.profileName = u"lab & <prod>"_s;
        return run;
    }

    static const QDateTime When;

private slots:
    void escapesEverythingFromTheRun()
    {
        const QString html =
            HtmlReport::html(hostileRun(), EfficacyChartImage::png(hostileRun()), {}, When);
        QVERIFY(!html.contains(u"<script>"_s));
        QVERIFY(html.contains(
            u"&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;more&quot;"_s));
        QVERIFY(html.contains(u"&lt;b&gt;coded&lt;/b&gt;"_s));
        QVERIFY(html.contains(u"Weapons &quot;acquisition&quot; &lt;v2&gt;"_s));
        QVERIFY(html.contains(u"lab &amp; &lt;prod&gt;"_s));
        QVERIFY(!html.contains(u"<prod>"_s));
    }

    void embedsTheChartAsBase64Png()
    {
        const RunState run = SampleRun::make();
        const QImage chart = EfficacyChartImage::render(run, QSize(600, 240));
        QVERIFY(!chart.isNull());
        const QString html = HtmlReport::html(run, EfficacyChartImage::png(chart), {}, When);
        const QRegularExpression img(u"<img src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\""_s);
        const QRegularExpressionMatch m = img.match(html);
        QVERIFY(m.hasMatch());
        const QImage decoded =
            QImage::fromData(QByteArray::fromBase64(m.captured(1).toLatin1()), "PNG");
        QCOMPARE(decoded.size(), QSize(600, 240));
        const QString shots = qEnvironmentVariable("DAYSTROM_SCREENSHOTS");
        if (!shots.isEmpty()) {
            QVERIFY(EfficacyChartImage::render(CompareFixture::make())
                        .save(shots + u"/report-chart.png"_s));
            QCOMPARE(ReportExport::exportTo(hostileRun(), EfficacyChartImage::png(hostileRun()),
                                            ReportExport::Format::Html, shots + u"/report.html"_s,
                                            When),
                     QString());
        }
        // No chart given: no image, nothing else missing.
        const QString without = HtmlReport::html(run, QByteArray(), {}, When);
        QVERIFY(!without.contains(u"<img"_s));
        QVERIFY(without.contains(u"Trends"_s));
        QVERIFY(!without.contains(u"http://"_s) &&
                !without.contains(u"https://"_s)); // self-contained
    }

    // Issue 40, item 14: the chart plots the figures the cards and the table show — the
    // benchmark's when the run has one — and says so.
    void theChartPlotsTheBenchmarkAndSaysSo()
    {
        RunState run = SampleRun::make();
        IterationResult &it = run.iterations.first();
        BenchmarkScore b;
        b.metrics.coverage = 0.42;
        it.benchmark = b;
        QCOMPARE(EfficacyChartImage::plotted(run, it).coverage, 0.42);
        QVERIFY(HtmlReport::chartOnBenchmark(run));
        const QString html = HtmlReport::html(run, EfficacyChartImage::png(run, QSize(600, 240)), {}, When);
        QVERIFY(html.contains(u"Efficacy on the held-out benchmark"_s));
        run.userInput.decideOnWorkingSuite = true; // the original's way: the working suite
        QCOMPARE(EfficacyChartImage::plotted(run, it).coverage, it.metrics.coverage);
        QVERIFY(!HtmlReport::html(run, EfficacyChartImage::png(run, QSize(600, 240)), {}, When)
                     .contains(u"held-out benchmark"_s));
    }

    // Issue 40, item 14: the request and the chosen topic are told apart, and the analysis'
    // sentences are not joined into "….; …".
    void requestTopicAndSentences()
    {
        RunState run = SampleRun::make();
        IterationResult *best = nullptr;
        for (IterationResult &it : run.iterations)
            best = it.iteration == run.bestIteration ? &it : best;
        QVERIFY(best);
        best->analysis.suggestions = {u"Add coded language."_s, u"Name the ammunition"_s};
        const QString html = HtmlReport::html(run, QByteArray(), {}, When);
        const qsizetype request = html.indexOf(u"What the guardrail should detect"_s);
        QVERIFY(request >= 0 && html.indexOf(run.userInput.topicDescription.toHtmlEscaped(), request) > request);
        const qsizetype topic = html.indexOf(u"Topic description (iteration %1, the best)"_s.arg(best->iteration));
        QVERIFY(topic > request && html.indexOf(best->topic.description.toHtmlEscaped(), topic) > topic);
        QVERIFY(!html.contains(u".;"_s));
        QVERIFY(html.contains(u"Add coded language. Name the ammunition."_s));
    }

    void sectionsInOrder()
    {
        const RunState run = SampleRun::make(); // iterations 1 and 3, best 3
        const QString html = HtmlReport::html(run, EfficacyChartImage::png(run), {}, When);
        const QStringList markers{u"<header>"_s,           u"class=\"cards\""_s,
                                  u"What the guardrail should detect"_s, u"Topic description (iteration 3, the best)"_s,
                                  u"<img src="_s,
                                  u"class=\"trends\""_s,   u"id=\"iteration-1\""_s,
                                  u"id=\"iteration-3\""_s, u"class=\"tests\""_s};
        qsizetype last = -1;
        for (const QString &marker : markers) {
            const qsizetype at = html.indexOf(marker);
            QVERIFY2(at > last, qPrintable(marker));
            last = at;
        }
        QCOMPARE(html.count(u"class=\"tests\""_s), 1); // only the chosen iteration
        QVERIFY(html.indexOf(u"class=\"tests\""_s) >
                html.indexOf(u"id=\"iteration-3\""_s)); // the best, by number
        QVERIFY(html.contains(u"Iteration 3 (best)"_s));
        QVERIFY(html.contains(u"4.5 s"_s)); // duration in seconds, one decimal
        QVERIFY(html.contains(u"over-matches hunting"_s));
        QVERIFY(html.contains(u"generated 2026-03-09T12:00:00.000Z"_s));

        HtmlReport::Options first;
        first.testsOfIteration = 1;
        const QString one = HtmlReport::html(run, QByteArray(), first, When);
        QVERIFY(one.indexOf(u"class=\"tests\""_s) < one.indexOf(u"id=\"iteration-3\""_s));

        RunState single = run;
        single.iterations.removeFirst();
        QVERIFY(!HtmlReport::html(single, QByteArray(), {}, When).contains(u"class=\"trends\""_s));
    }

    void exportsJsonWithTests()
    {
        const RunState run = hostileRun();
        const QString path = TestHome::path() + u"/report.json"_s;
        QCOMPARE(
            ReportExport::exportTo(run, QByteArray(), ReportExport::formatForPath(path), path, When),
            QString());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(o.value(u"version"_s).toInt(), 1);
        QCOMPARE(o.value(u"run"_s).toObject().value(u"id"_s).toString(), run.id);
        const QJsonArray iterations = o.value(u"iterations"_s).toArray();
        QCOMPARE(iterations.size(), 2);
        const QJsonArray tests = iterations.at(1).toObject().value(u"tests"_s).toArray();
        QCOMPARE(tests.size(), 5);
        QCOMPARE(tests.last().toObject().value(u"prompt"_s).toString(),
                 u"<script>alert('x')</script> & \"more\""_s);
    }

    void writesAtomicallyAndReportsErrors()
    {
        const QString path = TestHome::path() + u"/report.html"_s;
        QCOMPARE(ReportExport::writeAtomically(path, "first"), QString());
        QCOMPARE(ReportExport::writeAtomically(path, "second"), QString());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("second"));
        const QString error =
            ReportExport::writeAtomically(TestHome::path() + u"/no/such/dir/r.html"_s, "x");
        QVERIFY(error.startsWith(u"Cannot write"_s));
        QCOMPARE(ReportExport::formatForPath(u"a.JSON"_s), ReportExport::Format::Json);
        QCOMPARE(ReportExport::formatForPath(u"a.htm"_s), ReportExport::Format::Html);
        QCOMPARE(ReportExport::defaultFileName(u"abc"_s, ReportExport::Format::Html),
                 u"abc-report.html"_s);
    }
};

const QDateTime TestHtmlReport::When(QDate(2026, 3, 9), QTime(12, 0), Qt::UTC);

QTEST_MAIN(TestHtmlReport)
#include "tst_htmlreport.moc"
