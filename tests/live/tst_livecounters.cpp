// Issue 58, item 14: every count of a run the window shows comes from one source and agrees
// with the count made by hand from the run file or the events — a finished run's progress bar
// (not "No scans"), the Runs list's iterations against Live's "Iteration N of M" and the stop
// reason, and mid-run the bar's scans against the usage line's.
#include "livefeed.h"
#include "models/live/resultstablemodel.h"
#include "models/runlistmodel.h"
#include "runs/runstore.h"
#include "samplerun.h"
#include "ui/live/liverunpanel.h"

#include "testmain.h"

#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace {
RunUsage scans(int n)
{
    RunUsage u;
    u.scans = n;
    return u;
}

// The scans of an iteration, counted by hand from the run file: its working tests, its
// benchmark's prompts once per repeat, its response tests and its rewrites.
int scansByHand(const RunState &run, const IterationResult &it)
{
    int scans = 0;
    for (const TestResult &r : it.testResults)
        scans += r.testCase.prompt.isEmpty() ? 0 : 1;
    if (it.benchmark)
        scans += int(it.benchmark->results.size()) * std::max(1, run.userInput.scanRepeats);
    if (it.responses)
        scans += int(it.responses->results.size());
    return scans + int(it.robustness.size());
}

int number(const QString &text, const QString &pattern)
{
    const QRegularExpressionMatch m = QRegularExpression(pattern).match(text);
    return m.hasMatch() ? m.captured(1).remove(u',').toInt() : -1;
}
} // namespace

class TestLiveCounters : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    // A resumed run that ends without scanning again (its last iteration was already recorded):
    // the bar counts the results shown, as a stored run's does.
    void aFinishedRunsBarCountsItsResults()
    {
        RunController controller;
        RunSession session;
        RunState run = SampleRun::make(u"counters-resumed-run0"_s);
        run.status = RunStatus::Paused;
        LiveRunPanel panel(&session, nullptr);
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *bar = panel.findChild<QProgressBar *>(u"scanProgress"_s);
        auto *all = panel.findChild<QPushButton *>(u"filterAll"_s);
        QVERIFY(bar && all);
        session.attach(&controller, run);
        emit controller.stepChanged(u"finish"_s);
        run.status = RunStatus::Completed;
        emit controller.loopComplete(*run.bestResult(), run);
        QVERIFY(!session.isLive());
        const int scans = scansByHand(run, *run.lastRecorded());
        QCOMPARE(bar->text(), u"%1/%1 scanned"_s.arg(scans));
        QTRY_COMPARE(all->text(), u"All (%1)"_s.arg(run.lastRecorded()->testResults.size()));

        // Opened from the store: the same figures.
        session.open(run);
        QCOMPARE(bar->text(), u"%1/%1 scanned"_s.arg(scans));
        // Another iteration picked: its own.
        QVERIFY(panel.showIteration(1));
        QCOMPARE(bar->text(), u"%1/%1 scanned"_s.arg(scansByHand(run, *run.iterationByNumber(1))));

        // With a benchmark scanned twice, response tests and rewrites: every scan counts.
        run.userInput.scanRepeats = 2;
        IterationResult &last = run.iterations.last();
        last.benchmark = BenchmarkScore::compute(
            {SampleRun::result(u"b0"_s, true, true, u"direct"_s, TestSource::Benchmark),
             SampleRun::result(u"b1"_s, false, false, u"benign"_s, TestSource::Benchmark)});
        last.responses = BenchmarkScore::compute(
            {SampleRun::result(u"r0"_s, true, true, u"direct"_s, TestSource::Benchmark)});
        TestResult rewrite =
            SampleRun::result(u"b0 typo"_s, true, false, u"direct"_s, TestSource::Benchmark);
        rewrite.testCase.rewrite = u"typos"_s;
        rewrite.testCase.rewriteOf = 0;
        last.robustness = {rewrite};
        session.open(run);
        QCOMPARE(scansByHand(run, last), 4 + 2 * 2 + 1 + 1);
        QCOMPARE(bar->text(), u"%1/%1 scanned"_s.arg(scansByHand(run, last)));
    }

    // The sample run's iterations are 1 and 3 (2 was a duplicate topic, skipped): it ran 3.
    void theRunsListCountsTheIterationsLiveAndTheStopReasonDo()
    {
        RunState run = SampleRun::make(u"counters-skipped-run0"_s);
        run.userInput.maxIterations = 3;
        run.stopReason = u"reached the maximum of 3 iterations"_s;
        const int byHand = number(run.stopReason, u"maximum of (\\d+) iterations"_s);
        QCOMPARE(byHand, 3);
        QCOMPARE(run.iterations.size(), 2);

        RunListModel list;
        RunStore::Listing listing;
        listing.runs.append(RunStore::summarize(run));
        list.setListing(listing);
        QCOMPARE(list.rowCount(), 1);
        const QString listed = list.data(list.index(0, RunListModel::IterationsColumn)).toString();
        QCOMPARE(listed.toInt(), byHand);
        QVERIFY(list.data(list.index(0, RunListModel::IterationsColumn), Qt::ToolTipRole)
                    .toString()
                    .contains(u"2 of them recorded"_s));

        RunSession session;
        LiveRunPanel panel(&session, nullptr);
        session.open(run);
        auto *heading = panel.findChild<QLabel *>(u"stepStripIteration"_s);
        QVERIFY(heading);
        QCOMPARE(heading->text(),
                 u"Iteration %1 of %2"_s.arg(byHand).arg(run.userInput.maxIterations));
    }

    // Mid-run: whenever the bar shows a count, the usage line shows the same scans (the first
    // iteration's scan step is all the scans the run made).
    void midRunTheBarAndTheUsageLineAgree()
    {
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *bar = panel.findChild<QProgressBar *>(u"scanProgress"_s);
        auto *usage = panel.findChild<QLabel *>(u"usageLabel"_s);
        QVERIFY(bar && usage);
        feed.startIteration(1);
        emit feed.controller.stepChanged(u"scan"_s);
        const QList<TestResult> suite = LiveFeed::mixedSuite();
        const int total = int(suite.size()) * 30;
        int checked = 0;
        for (int done = 1; done <= total; ++done) {
            // As the engine: the scan counted in the usage, then the progress.
            emit feed.controller.usageChanged(scans(done), scans(done));
            emit feed.controller.testScanned((done - 1) % int(suite.size()),
                                             suite.at((done - 1) % suite.size()));
            emit feed.controller.testProgress(done, total);
            if (done % 20 != 0)
                continue;
            QTRY_COMPARE(bar->value(), done); // drawn on the bar's own timer
            QCOMPARE(number(usage->text(), u"Scans: ([\\d,]+)"_s), done);
            QCOMPARE(bar->text(), u"%1/%2 scanned"_s.arg(done).arg(total));
            ++checked;
        }
        QVERIFY(checked >= 10);
    }
};

QTEST_MAIN(TestLiveCounters)
#include "tst_livecounters.moc"
