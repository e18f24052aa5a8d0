// Issue 61: Runs ▸ select several ▸ Compare runs…, through the real window over the sandbox.
// Two stored runs share a 24-prompt benchmark (12 that should trigger, 12 that should pass):
// run A's topic is right on all of them, run B's misses 8 of the 12 positives. By hand: A has
// coverage 100 %, TPR 12/12, TNR 12/12; B coverage = TPR 4/12 = 33.3 %, TNR 12/12; the 8
// prompts B misses are the only discordant pairs, all one way (exact McNemar p = 2 × 0.5^8 ≈
// 0.008), so A leads "better" and B is "worse", 8 separating prompts each. Nothing needs
// scanning: the stored verdicts cover the shared prompts.
#include "models/compare/leaderboardmodel.h"
#include "models/runlistmodel.h"
#include "models/session/sandboxhost.h"
#include "runs/runstore.h"
#include "samplerun.h"
#include "studiodriver.h"
#include "ui/compare/applydialog.h"
#include "ui/compare/crossrunchart.h"
#include "ui/compare/crossrunplanbox.h"
#include "ui/compare/crossruntexts.h"
#include "ui/compare/crossrunwindow.h"
#include "ui/compare/runspanel.h"
#include "ui/windowsettings.h"

#include "testmain.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QRadioButton>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeView>

using namespace Qt::StringLiterals;

class TestCompareRuns : public QObject
{
    Q_OBJECT

    std::unique_ptr<StudioDriver> m_studio;
    static const inline QString RunA = u"crossRunAAAAAAAAAAAAA"_s;
    static const inline QString RunB = u"crossRunBBBBBBBBBBBBB"_s;
    static const inline QString Other = u"crossRunOtherOtherOth"_s;
    static const inline QString Apart = u"crossRunApartApartApa"_s; // a benchmark of its own

    // 24 shared prompts; `missed` positives answered wrongly.
    static RunState runWith(const QString &id, int missed, const QString &description, int minute,
                            const QString &kind = u"prompt"_s)
    {
        QList<TestResult> benchmark;
        for (int i = 0; i < 12; ++i)
            benchmark.append(SampleRun::result(u"positive %1 number %2"_s.arg(kind).arg(i), true,
                                               i >= missed, u"direct"_s));
        for (int i = 0; i < 12; ++i)
            benchmark.append(SampleRun::result(u"negative %1 number %2"_s.arg(kind).arg(i), false,
                                               false, u"unrelated"_s));
        RunState run = SampleRun::make(id);
        run.userInput.profileName = u"daystrom-sandbox"_s; // the sandbox's: a scan copies it
        for (const TestResult &r : std::as_const(benchmark))
            run.benchmarkSet.append(r.testCase); // the frozen benchmark, as a run keeps it
        run.updatedAt = QDateTime(QDate(2026, 3, 8), QTime(11, minute), Qt::UTC);
        for (IterationResult &it : run.iterations) {
            it.topic.description = description;
            it.benchmark = BenchmarkScore::compute(benchmark);
            it.metrics = it.benchmark->metrics;
        }
        run.bestCoverage = run.iterations.last().metrics.coverage;
        return run;
    }

    QTableView *runsView() const { return m_studio->find<QTableView>(u"runsView"_s); }

    // Ctrl+click on the row of each run, as a person selects several.
    bool selectRuns(const QStringList &ids)
    {
        QTableView *view = runsView();
        view->clearSelection();
        for (const QString &id : ids) {
            bool found = false;
            for (int row = 0; row < view->model()->rowCount(); ++row) {
                const QModelIndex index = view->model()->index(row, RunListModel::TopicColumn);
                if (index.data(RunListModel::RunIdRole).toString() != id)
                    continue;
                view->scrollTo(index);
                QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier,
                                  view->visualRect(index).center());
                found = true;
            }
            if (!found)
                return false;
        }
        return view->selectionModel()->selectedRows().size() == ids.size();
    }

private slots:
    void initTestCase()
    {
        m_studio = std::make_unique<StudioDriver>();
        QVERIFY2(m_studio->start(true), qPrintable(m_studio->why()));
        const RunStore store(m_studio->context()->runsDirectory());
        QCOMPARE(store.save(runWith(
                     RunA, 0, u"Requests to obtain firearms, explosives or their parts."_s, 1)),
                 QString());
        QCOMPARE(store.save(runWith(RunB, 8, u"Requests to obtain firearms."_s, 2)), QString());
        QCOMPARE(store.save(runWith(Other, 2, u"Another run, not compared."_s, 3)), QString());
        QCOMPARE(store.save(runWith(Apart, 0, u"Requests for weapons."_s, 4, u"question"_s)),
                 QString());
        QVERIFY2(m_studio->showPage(MainWindow::RunsPage), qPrintable(m_studio->why()));
        m_studio->find<RunsPanel>(u"runsPanel"_s)->refresh();
        QTRY_COMPARE(runsView()->model()->rowCount(), 4);
    }

    void cleanupTestCase() { m_studio.reset(); }

    void compareNeedsTwoRuns()
    {
        auto *button = m_studio->find<QToolButton>(u"compareRunsButton"_s);
        QVERIFY(button);
        QVERIFY(selectRuns({RunA}));
        QVERIFY(!button->isEnabled());
        QVERIFY(selectRuns({RunA, RunB}));
        QVERIFY(button->isEnabled());
        QVERIFY(
            !m_studio->find<QToolButton>(u"openRunButton"_s)->isEnabled()); // Open acts on one run
        // In the context menu too.
        QVERIFY(runsView()->actions().contains(m_studio->find<QAction>(u"compareRunsAction"_s)));
    }

    void leaderboardMatchesAHandCount()
    {
        QVERIFY(selectRuns({RunB, RunA}));
        runsView()->setFocus();
        QTest::keyClick(runsView(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        QPointer<CrossRunWindow> window;
        QTRY_VERIFY((window = m_studio->window()->crossRunWindow()) && window->isVisible());
        LeaderboardModel *board = window->leaderboard();
        QTRY_COMPARE(board->rowCount(), 2);
        QCOMPARE(window->plan().commonPrompts, 24);
        QVERIFY(window->plan().toScan.isEmpty());
        QVERIFY(window->planBox()
                    ->findChild<QLabel *>(u"crossRunCost"_s)
                    ->text()
                    .contains(u"Nothing to scan"_s));

        QTreeView *view = window->leaderboardView();
        const auto cell = [view](int row, int column) {
            return view->model()->index(row, column).data().toString();
        };
        // Rank 1: run A, 100 %; rank 2: run B, 4/12.
        QVERIFY2(cell(0, LeaderboardModel::RunColumn).contains(RunA),
                 qPrintable(cell(0, LeaderboardModel::RunColumn)));
        QVERIFY2(cell(1, LeaderboardModel::RunColumn).contains(RunB),
                 qPrintable(cell(1, LeaderboardModel::RunColumn)));
        QCOMPARE(board->leaderboard().rows.at(0).metrics.truePositives, 12);
        QCOMPARE(board->leaderboard().rows.at(0).metrics.trueNegatives, 12);
        QCOMPARE(board->leaderboard().rows.at(1).metrics.truePositives, 4);
        QCOMPARE(board->leaderboard().rows.at(1).metrics.falseNegatives, 8);
        QCOMPARE(board->leaderboard().rows.at(1).metrics.trueNegatives, 12);
        QVERIFY2(cell(0, LeaderboardModel::CoverageColumn).startsWith(u"100.0"_s),
                 qPrintable(cell(0, LeaderboardModel::CoverageColumn)));
        QVERIFY2(cell(1, LeaderboardModel::CoverageColumn).startsWith(u"33.3"_s),
                 qPrintable(cell(1, LeaderboardModel::CoverageColumn)));
        QVERIFY2(cell(1, LeaderboardModel::TprColumn).startsWith(u"33.3"_s),
                 qPrintable(cell(1, LeaderboardModel::TprColumn)));
        QVERIFY2(cell(1, LeaderboardModel::TnrColumn).startsWith(u"100.0"_s),
                 qPrintable(cell(1, LeaderboardModel::TnrColumn)));
        QCOMPARE(view->model()->index(0, 0).data(LeaderboardModel::VerdictRole).toString(),
                 u"better"_s);
        QCOMPARE(view->model()->index(1, 0).data(LeaderboardModel::VerdictRole).toString(),
                 u"worse"_s);
        QCOMPARE(cell(0, LeaderboardModel::VerdictColumn), u"Better than #2"_s);
        QCOMPARE(cell(1, LeaderboardModel::VerdictColumn), u"Worse"_s);
        // Its tool tip: the paired counts (8 one way, none the other).
        const QString why = view->model()
                                ->index(1, LeaderboardModel::VerdictColumn)
                                .data(Qt::ToolTipRole)
                                .toString();
        QVERIFY2(why.contains(u"On 24 shared prompts"_s) && why.contains(u"wrong on 8,"_s) &&
                     why.contains(u"round on 0"_s),
                 qPrintable(why));
        QCOMPARE(cell(1, LeaderboardModel::SeparatingColumn), u"8"_s);
        // The separating prompts are B's misses, listed under its row.
        const QModelIndex b = view->model()->index(1, 0);
        QCOMPARE(view->model()->rowCount(b), 8);
        QVERIFY(view->model()
                    ->index(0, LeaderboardModel::RunColumn, b)
                    .data()
                    .toString()
                    .startsWith(u"positive prompt"_s));
        // Sorting by TPR ascending puts B first.
        view->sortByColumn(LeaderboardModel::TprColumn, Qt::AscendingOrder);
        QVERIFY(cell(0, LeaderboardModel::RunColumn).contains(RunB));
        view->sortByColumn(LeaderboardModel::RankColumn, Qt::AscendingOrder);
        QVERIFY(cell(0, LeaderboardModel::RunColumn).contains(RunA));

        // The chart: one curve per run, on its own benchmark; the texts: two columns, B's a diff.
        QCOMPARE(window->chart()->curves().size(), 2);
        QCOMPARE(window->chart()->curves().at(0)->name(), u"#1"_s); // the leaderboard's rank
        QVERIFY(window->chart()->chart()->title().contains(u"own benchmark"_s));
        QCOMPARE(window->chart()->curves().at(0)->points().size(), 2);
        QCOMPARE(window->texts()->columns().size(), 2);
        QVERIFY(window->texts()->columns().at(1)->toHtml().contains(u"line-through"_s));
        QVERIFY(!window->texts()->columns().at(0)->toHtml().contains(u"line-through"_s));
    }

    void applyOpensTheApplyDialog()
    {
        CrossRunWindow *window = m_studio->window()->crossRunWindow();
        QVERIFY(window);
        QTreeView *view = window->leaderboardView();
        view->selectionModel()->select(view->model()->index(1, 0),
                                       QItemSelectionModel::ClearAndSelect |
                                           QItemSelectionModel::Rows);
        auto *apply = window->findChild<QPushButton *>(u"crossRunApply"_s);
        QTRY_VERIFY(apply->isEnabled());
        QVERIFY(m_studio->click(apply));
        QPointer<ApplyDialog> dialog;
        QTRY_VERIFY((dialog = window->applyDialog()) && dialog->isVisible());
        QVERIFY2(dialog->windowTitle().contains(u"Iteration 3"_s),
                 qPrintable(dialog->windowTitle()));
        QCOMPARE(dialog->controller()->run().id, RunB);
        dialog->reject();
        QTRY_VERIFY(!dialog);
    }

    void escapeClosesAndGeometryIsKept()
    {
        QPointer<CrossRunWindow> window = m_studio->window()->crossRunWindow();
        QVERIFY(window);
        window->resize(900, 640);
        window->activateWindow();
        QTRY_VERIFY(window->isActiveWindow());
        QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : window.data(),
                        Qt::Key_Escape);
        QTRY_VERIFY(!window);
        QVERIFY(!m_studio->window()->windowSettings()->crossRunGeometry().isEmpty());
    }

    // Runs that share no prompt: the choice is offered with the first run's benchmark planned,
    // its cost stated (the other topic scanned on its 24 prompts); Start, then Cancel at once
    // stops it; Resume finishes it, and every scratch object created on the sandbox's tenant
    // was deleted.
    void anotherBenchmarkIsScannedCancelledAndResumed()
    {
        QVERIFY(selectRuns({RunA, Apart}));
        QVERIFY(m_studio->click(m_studio->find<QToolButton>(u"compareRunsButton"_s)));
        QPointer<CrossRunWindow> window;
        QTRY_VERIFY((window = m_studio->window()->crossRunWindow()) && window->isVisible());
        CrossRunPlanBox *plan = window->planBox();
        auto *cost = plan->findChild<QLabel *>(u"crossRunCost"_s);
        QTRY_VERIFY2(cost->text().startsWith(u"To scan: 1 topic × 24 prompts = 24 scans"_s),
                     qPrintable(cost->text() + u" / "_s +
                                plan->findChild<QLabel *>(u"crossRunSummary"_s)->text()));
        QCOMPARE(window->plan().commonPrompts, 0);
        QVERIFY(plan->findChild<QWidget *>(u"crossRunChoice"_s)->isVisible());
        QVERIFY(plan->findChild<QRadioButton *>(u"crossRunOneRun"_s)->isChecked());
        QVERIFY(!plan->findChild<QRadioButton *>(u"crossRunCommon"_s)->isEnabled());
        QCOMPARE(window->leaderboard()->rowCount(), 0); // nothing shown before the scan

        auto *start = plan->findChild<QPushButton *>(u"crossRunStart"_s);
        auto *cancel = plan->findChild<QPushButton *>(u"crossRunCancel"_s);
        auto *resume = plan->findChild<QPushButton *>(u"crossRunResume"_s);
        QVERIFY(start->isEnabled());
        start->click();
        QCOMPARE(plan->stage(), CrossRunPlanBox::Stage::Scanning);
        cancel->click(); // before the scan got anywhere
        QTRY_COMPARE_WITH_TIMEOUT(plan->stage(), CrossRunPlanBox::Stage::Cancelled,
                                  StudioDriver::WaitTimeoutMs);
        QCOMPARE(window->leaderboard()->rowCount(), 0);
        QTRY_VERIFY(resume->isVisible() && resume->isEnabled());

        // Closed and opened again (a later session): the stopped comparison is offered for
        // Resume beside Start, from its file.
        window->close();
        QTRY_VERIFY(!window);
        QVERIFY(selectRuns({RunA, Apart}));
        QVERIFY(m_studio->click(m_studio->find<QToolButton>(u"compareRunsButton"_s)));
        QTRY_VERIFY((window = m_studio->window()->crossRunWindow()) && window->isVisible());
        plan = window->planBox();
        start = plan->findChild<QPushButton *>(u"crossRunStart"_s);
        resume = plan->findChild<QPushButton *>(u"crossRunResume"_s);
        QTRY_COMPARE_WITH_TIMEOUT(plan->stage(), CrossRunPlanBox::Stage::Ready, StudioDriver::WaitTimeoutMs);
        QTRY_VERIFY(resume->isVisible() && resume->isEnabled());
        QVERIFY(start->isVisible());
        QVERIFY(m_studio->click(resume));
        QTRY_COMPARE_WITH_TIMEOUT(window->leaderboard()->rowCount(), 2,
                                  StudioDriver::WaitTimeoutMs);
        QCOMPARE(plan->stage(), CrossRunPlanBox::Stage::Done);
        QCOMPARE(window->leaderboard()->leaderboard().benchmark.prompts.size(), 24);
        for (const CrossRun::Row &row : window->leaderboard()->leaderboard().rows)
            QCOMPARE(row.results.size(), 24);

        int created = 0, deleted = 0;
        for (const AirsEmulator::RecordedRequest &r :
             m_studio->context()->sandboxHost()->airsRequests()) {
            if (!r.path.contains(u"/v1/mgmt/profile"_s) &&
                !r.path.contains(u"/v1/mgmt/topic"_s))
                continue;
            created +=
                r.method == "POST" ? 1 : 0; // the scratch profile, the topic and its companion
            deleted += r.method == "DELETE" ? 1 : 0;
        }
        QCOMPARE(created, 3);
        QCOMPARE(deleted, created);
        window->close();
        QTRY_VERIFY(!window);

        // Finished: not offered again.
        QVERIFY(selectRuns({RunA, Apart}));
        QVERIFY(m_studio->click(m_studio->find<QToolButton>(u"compareRunsButton"_s)));
        QTRY_VERIFY((window = m_studio->window()->crossRunWindow()) && window->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(window->planBox()->stage(), CrossRunPlanBox::Stage::Ready,
                                  StudioDriver::WaitTimeoutMs);
        QVERIFY(!window->planBox()->findChild<QPushButton *>(u"crossRunResume"_s)->isVisible());
        window->close();
        QTRY_VERIFY(!window);
    }
};

QTEST_MAIN(TestCompareRuns)
#include "tst_compareruns.moc"
