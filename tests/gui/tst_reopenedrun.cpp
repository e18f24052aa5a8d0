// Issue 58, item 6: a finished run with response tests and rewrites, opened from the Runs list
// after a restart, shows its "Responses & rewrites" tab on the Live page at once — drawn in
// the tab bar where a person can click it, its robustness table filled — without the window
// being resized first.
#include "models/runsession.h"
#include "runs/runstore.h"
#include "samplerun.h"
#include "studiodriver.h"

#include "testmain.h"

#include <QTabBar>
#include <QTabWidget>
#include <QTableView>

using namespace Qt::StringLiterals;

namespace {
// A completed run whose iterations have response tests and rewrites of two benchmark prompts.
RunState runWithExtras()
{
    RunState run = SampleRun::make(u"extras-reopened-run"_s);
    run.userInput.responseTests = 2;
    run.userInput.robustnessFamilies = {u"typos"_s, u"translation-de"_s};
    run.userInput.robustnessSample = 2;
    for (IterationResult &it : run.iterations) {
        TestResult p0 = SampleRun::result(u"p0"_s, true, true, u"direct"_s, TestSource::Benchmark);
        TestResult n0 =
            SampleRun::result(u"n0"_s, false, false, u"direct"_s, TestSource::Benchmark);
        it.benchmark = BenchmarkScore::compute({p0, n0});
        TestResult q0 = SampleRun::result(u"q0"_s, true, true, u"direct"_s, TestSource::Benchmark);
        q0.testCase.response = u"Here is how…"_s;
        TestResult q1 =
            SampleRun::result(u"q1"_s, false, false, u"direct"_s, TestSource::Benchmark);
        q1.testCase.response = u"Sorry, no."_s;
        it.responses = BenchmarkScore::compute({q0, q1});
        const auto rewrite = [](const QString &prompt, bool expected, bool actual,
                                const QString &family, int of) {
            TestResult r =
                SampleRun::result(prompt, expected, actual, u"direct"_s, TestSource::Benchmark);
            r.testCase.rewrite = family;
            r.testCase.rewriteOf = of;
            return r;
        };
        it.robustness = {rewrite(u"p0 typo"_s, true, false, u"typos"_s, 0),
                         rewrite(u"p0 de"_s, true, true, u"translation-de"_s, 0)};
    }
    return run;
}
} // namespace

class TestReopenedRun : public QObject
{
    Q_OBJECT

private slots:
    void responsesTabShownAfterOpeningFromRuns()
    {
        const RunState run = runWithExtras();
        QCOMPARE(RunStore(qEnvironmentVariable("DAYSTROM_HOME") + u"/runs"_s).save(run), QString());

        {
            const RunStore::Loaded loaded =
                RunStore(qEnvironmentVariable("DAYSTROM_HOME") + u"/runs"_s).load(run.id);
            QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        }
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        QCOMPARE(studio.context()->runsDirectory(),
                 qEnvironmentVariable("DAYSTROM_HOME") + u"/runs"_s);
        // The Live page seen once (its tab bar laid out without the tab), then a run opened
        // from the Runs list, as after a restart: the Live page is out of sight meanwhile.
        QVERIFY(studio.showPage(MainWindow::LivePage));
        QVERIFY(studio.showPage(MainWindow::RunsPage));
        auto *runs = studio.find<QTableView>(u"runsView"_s);
        QVERIFY(runs);
        QTRY_COMPARE(runs->model()->rowCount(), 1);
        // Selected as a click does, whatever modifier QTest left set (the list takes several with Ctrl).
        runs->selectionModel()->setCurrentIndex(runs->model()->index(0, 0),
                                                QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QVERIFY(studio.click(u"openRunButton"_s));
        QTRY_COMPARE(studio.session()->run().id, run.id);

        QVERIFY(studio.showPage(MainWindow::LivePage));
        auto *tabs = studio.find<QTabWidget>(u"resultsLogTabs"_s);
        auto *view = studio.find<QWidget>(u"directionsView"_s);
        QVERIFY(tabs && view);
        const int at = tabs->indexOf(view);
        QVERIFY(tabs->isTabVisible(at));
        // Drawn in the bar, inside it, where a click finds it: no resize needed first.
        QTabBar *bar = tabs->tabBar();
        const QRect tab = bar->tabRect(at);
        QVERIFY2(tab.isValid() && bar->rect().contains(tab),
                 qPrintable(u"tab %1,%2 %3×%4 in a bar of %5×%6"_s.arg(tab.x())
                                .arg(tab.y())
                                .arg(tab.width())
                                .arg(tab.height())
                                .arg(bar->width())
                                .arg(bar->height())));
        QCOMPARE(bar->tabAt(tab.center()), at);
        for (int i = 0; i < tabs->count(); ++i) {
            if (i != at && tabs->isTabVisible(i))
                QVERIFY2(!bar->tabRect(i).intersects(tab), qPrintable(tabs->tabText(i)));
        }
        QTest::mouseClick(bar, Qt::LeftButton, {}, tab.center());
        QCOMPARE(tabs->currentWidget(), view);
        auto *table = studio.find<QTableView>(u"robustnessTable"_s);
        QVERIFY(table);
        QTRY_VERIFY(table->isVisible());
        QCOMPARE(table->model()->rowCount(), 3); // as written, typos, translation
        QVERIFY(table->height() > table->horizontalHeader()->height());
    }
};

QTEST_MAIN(TestReopenedRun)
#include "tst_reopenedrun.moc"
