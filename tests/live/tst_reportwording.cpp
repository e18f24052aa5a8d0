// The reports use the app's words for test results (expected and actual "triggered" / "not
// triggered", the result "correct" / "wrong"), the locale's numbers (the HTML report) and the
// app's chart colours.
#include "models/compare/chartstyle.h"
#include "models/compare/efficacychartimage.h"
#include "reports/htmlreport.h"
#include "reports/verdictcolours.h"
#include "reports/displayformat.h"
#include "models/eventlogtext.h"
#include "reports/runreport.h"
#include "samplerun.h"
#include "translations/translations.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

class TestReportWording : public QObject
{
    Q_OBJECT

    static QString testsSection(const QString &html)
    {
        const qsizetype start = html.indexOf(u"<table class=\"tests\">"_s);
        return start < 0 ? QString() : html.mid(start, html.indexOf(u"</table>"_s, start) - start);
    }

private slots:
    void htmlTestsSayTriggeredAndCorrect()
    {
        const RunState run = SampleRun::make();
        HtmlReport::Options options;
        options.testsOfIteration = 1; // 2 correct, 2 wrong
        const QString html =
            HtmlReport::html(run, QByteArray(), options, QDateTime::currentDateTimeUtc());
        const QString tests = testsSection(html);
        QVERIFY(!tests.isEmpty());
        QVERIFY(tests.contains(u"<td>triggered</td>"_s));
        QVERIFY(tests.contains(u"<td>not triggered</td>"_s));
        QCOMPARE(tests.count(u"class=\"correct\">correct<"_s), 2);
        QCOMPARE(tests.count(u"class=\"wrong\">wrong<"_s), 2);
        QVERIFY(tests.contains(u"(false negative)"_s) || tests.contains(u"(false positive)"_s));
        for (const QString &old :
             {u">passed<"_s, u">Pass<"_s, u">Fail<"_s, u">trigger<"_s, u">pass<"_s})
            QVERIFY2(!tests.contains(old), qPrintable(old));
        // The verdict colours are the app's.
        QVERIFY(html.contains(VerdictColours::good));
        QVERIFY(html.contains(VerdictColours::poor));
    }

    void htmlNumbersFollowTheLocale()
    {
        QVERIFY(!Translations::install(QLocale(QLocale::German, QLocale::Germany)).isEmpty());
        const RunState run = SampleRun::make();
        const QString html = HtmlReport::html(run, QByteArray(), {}, QDateTime::currentDateTimeUtc());
        QVERIFY(html.contains(u"<html lang=\"de"_s));
        const QString fifty = DisplayFormat::percent(0.5);
        QVERIFY2(fifty.startsWith(u"50,0"_s), qPrintable(fifty));
        QVERIFY(html.contains(fifty.toHtmlEscaped()));
        QVERIFY(!html.contains(u"50.0%"_s));
        Translations::install(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    // Issue 37: an in-place run's pause says what happened to production, in the app's
    // language. The engine appends the note to the pause reason ("paused; the production
    // profile …"); before, the whole reason was unknown to the app and stayed English, and the
    // log read "Run paused (paused; …)".
    void anInPlacePauseSaysProductionWasPutBack()
    {
        const QString note = u"the production profile \"lab\" was put back as it was before the run; resuming "
                             "deploys the candidate on it again"_s;
        const QJsonObject paused{{u"type"_s, u"loop:paused"_s}, {u"stopReason"_s, QString(u"paused; "_s + note)}};
        QCOMPARE(EventLogText::text(paused), u"Run paused (%1)"_s.arg(note));
        QVERIFY(!Translations::install(QLocale(QLocale::German, QLocale::Germany)).isEmpty());
        const QString shown = DisplayFormat::stopReason(u"paused: the application was closed; "_s + note);
        Translations::install(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY2(shown.startsWith(u"pausiert: Die Anwendung wurde geschlossen; das Produktionsprofil „lab“ wurde "
                                  "wiederhergestellt"_s), qPrintable(shown));
        const QString failed = DisplayFormat::stopReason(
            u"paused; the production profile \"lab\" could not be put back (AIRS did not answer in time): the run's "
            "candidate still filters its traffic; `daystrom cleanup --run r1 --yes` puts it back"_s);
        QVERIFY2(failed.endsWith(u"`daystrom cleanup --run r1 --yes` puts it back"_s), qPrintable(failed));
    }

    // Issues 39 and 40: the stop reasons the noise-aware loop writes reach German whole — the
    // target with its lower bound, and an early stop that counts repeated topics too.
    void theNewStopReasonsAreTranslated()
    {
        QVERIFY(!Translations::install(QLocale(QLocale::German, QLocale::Germany)).isEmpty());
        const QString target = DisplayFormat::stopReason(
            u"reached the target coverage on the benchmark (96.7% ≥ 90.0%; 95% lower bound 80.4%)"_s);
        const QString early = DisplayFormat::stopReason(u"stopped after 3 regressions or repeated topics without a new best"_s);
        Translations::install(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY2(target.startsWith(u"Zielabdeckung auf dem Benchmark erreicht (96,7"_s) && target.contains(u"untere 95-%-Grenze 80,4"_s),
                 qPrintable(target));
        QCOMPARE(early, u"nach 3 Regressionen oder wiederholten Themen ohne neue beste Iteration angehalten"_s);
    }

    // Issue 40: an LLM or AIRS error reads in German but for the server's own message, which
    // is shown as it came.
    void serviceErrorsAreTranslated()
    {
        const QString quota = u"LLM quota or billing exhausted (HTTP 429): You exceeded your current quota."_s;
        const QString airs = u"AIRS authentication failed (HTTP 401): invalid token"_s;
        QCOMPARE(DisplayFormat::stopReason(quota), u"LLM: quota or billing exhausted (HTTP 429): You exceeded your current quota."_s);
        QVERIFY(!Translations::install(QLocale(QLocale::German, QLocale::Germany)).isEmpty());
        const QString quotaDe = DisplayFormat::stopReason(quota);
        const QString airsDe = DisplayFormat::stopReason(airs);
        const QString unknown = DisplayFormat::stopReason(u"something else entirely"_s);
        Translations::install(QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(quotaDe, u"LLM: Kontingent oder Guthaben erschöpft (HTTP 429): You exceeded your current quota."_s);
        QCOMPARE(airsDe, u"AIRS: Anmeldung fehlgeschlagen (HTTP 401): invalid token"_s);
        QCOMPARE(unknown, u"something else entirely"_s);
    }

    // The CLI's text report, in English, with the same words.
    void textReportSaysTriggeredAndCorrect()
    {
        const RunState run = SampleRun::make();
        RunReport::Options options;
        options.iteration = 1;
        options.includeTests = true;
        const QString text = RunReport::text(run, options);
        QCOMPARE(text.count(u"✓ correct"_s), 2);
        QCOMPARE(text.count(u"✗ wrong"_s), 2);
        QVERIFY(text.contains(u"expected triggered"_s));
        QVERIFY(text.contains(u"actual not triggered"_s));
        QVERIFY(!text.contains(u"expect-hit"_s) && !text.contains(u"expect-miss"_s));
    }

    // The report's picture draws with the app's coverage colour.
    void theChartImageUsesTheAppsColours()
    {
        const RunState run = SampleRun::make();
        const QImage image = EfficacyChartImage::render(run, QSize(600, 240));
        const QColor coverage = ChartStyle::style(ChartStyle::Line::Coverage).color;
        bool found = false;
        for (int y = 0; y < image.height() && !found; ++y) {
            for (int x = 0; x < image.width() && !found; ++x)
                found = image.pixelColor(x, y).rgb() == coverage.rgb();
        }
        QVERIFY(found);
    }
};

QTEST_MAIN(TestReportWording)
#include "tst_reportwording.moc"
