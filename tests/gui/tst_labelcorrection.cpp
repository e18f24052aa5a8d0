// Issue 15 acceptance (label corrections in the app): a person marks a test's expected label
// as wrong from the Compare page (the benchmark grid and the flips) and from the Live results;
// the iteration's TPR and TNR become what the stored results give with that one label flipped,
// counted here by hand; the correction survives a restart and can be undone.
// The test functions run in order over one finished sandbox run.
#include "domain/format.h"
#include "domain/testcomposition.h"
#include "models/compare/benchmarkgridmodel.h"
#include "models/compare/testflipmodel.h"
#include "models/live/resultstablemodel.h"
#include "models/runlistmodel.h"
#include "models/runsession.h"
#include "studiodriver.h"
#include "ui/compare/comparepanel.h"
#include "ui/compare/flipspanel.h"
#include "ui/compare/metricdeltatable.h"
#include "ui/live/liverunpanel.h"

#include "testmain.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QMenu>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>

using namespace Qt::StringLiterals;

namespace {

// TPR and TNR counted by hand from scan results, with the label of `flipped` (if any) turned
// over: TP/FN among the prompts that should trigger, TN/FP among the others.
struct Rates
{
    double tpr = 0;
    double tnr = 0;
    bool operator==(const Rates &o) const
    {
        return qFuzzyCompare(1 + tpr, 1 + o.tpr) && qFuzzyCompare(1 + tnr, 1 + o.tnr);
    }
};

Rates byHand(const QList<TestResult> &results, const QString &flipped = {})
{
    const QString key = flipped.isEmpty() ? QString() : dedupKey(flipped);
    int tp = 0, fn = 0, tn = 0, fp = 0;
    for (const TestResult &r : results) {
        bool expected = r.testCase.expectedTriggered;
        if (!key.isEmpty() && dedupKey(r.testCase.prompt) == key)
            expected = !expected;
        if (expected)
            ++(r.actualTriggered ? tp : fn);
        else
            ++(r.actualTriggered ? fp : tn);
    }
    return {tp + fn == 0 ? 0.0 : double(tp) / (tp + fn),
            tn + fp == 0 ? 0.0 : double(tn) / (tn + fp)};
}

} // namespace

class TestLabelCorrection : public QObject
{
    Q_OBJECT

    std::unique_ptr<StudioDriver> m_studio;
    QString m_runId;
    RunState m_run; // as stored when the run finished, before any correction
    int m_a = 0;    // the iterations the Compare page shows
    int m_b = 0;
    QString m_benchmarkPrompt; // corrected from the benchmark grid
    Rates m_benchmarkA;        // A's and B's benchmark rates with it flipped, by hand
    Rates m_benchmarkB;
    QString m_suitePrompt; // corrected from the flips
    Rates m_suiteB;        // B's working-suite rates with it flipped, by hand

    ComparePanel *compare() const { return m_studio->find<ComparePanel>(u"comparePanel"_s); }
    MetricDeltaTable *metrics() const
    {
        return m_studio->find<MetricDeltaTable>(u"metricDeltas"_s);
    }
    QString shown(MetricDelta::Metric metric, int column) const
    {
        return metrics()->item(int(metric), column)->text();
    }

    // Right-clicks the row of `index` (an index of the view's model) and picks `actionName`
    // from the menu that opens, with the mouse.
    bool chooseFromMenu(QAbstractItemView *view, const QModelIndex &index,
                        const QString &actionName, QString *why)
    {
        view->scrollTo(index);
        const QPoint at = view->visualRect(index).center();
        QContextMenuEvent event(QContextMenuEvent::Mouse, at, view->viewport()->mapToGlobal(at));
        QApplication::sendEvent(view->viewport(), &event);
        QMenu *menu = nullptr;
        if (!QTest::qWaitFor([&] {
                menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
                return menu && menu->isVisible();
            })) {
            *why = u"no context menu opened"_s;
            return false;
        }
        if (menu->objectName() != u"labelCorrectionPopup"_s) {
            *why = u"the context menu is %1"_s.arg(menu->objectName());
            return false;
        }
        auto *action = menu->findChild<QAction *>(actionName);
        if (!action || !action->isEnabled()) {
            *why = u"%1 is missing or disabled"_s.arg(actionName);
            menu->close();
            return false;
        }
        QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(action).center());
        if (!QTest::qWaitFor([&] { return QApplication::activePopupWidget() == nullptr; })) {
            *why = u"the menu did not close"_s;
            return false;
        }
        return true;
    }

    // The metric table's A and B columns read the rates, as the app formats them.
    bool showsRates(const Rates &a, const Rates &b) const
    {
        using M = MetricDelta::Metric;
        return shown(M::TruePositiveRate, MetricDeltaTable::AColumn) == Format::percent(a.tpr) &&
               shown(M::TrueNegativeRate, MetricDeltaTable::AColumn) == Format::percent(a.tnr) &&
               shown(M::TruePositiveRate, MetricDeltaTable::BColumn) == Format::percent(b.tpr) &&
               shown(M::TrueNegativeRate, MetricDeltaTable::BColumn) == Format::percent(b.tnr);
    }
    QString ratesShown() const
    {
        using M = MetricDelta::Metric;
        return u"A %1/%2, B %3/%4"_s.arg(
            shown(M::TruePositiveRate, 0), shown(M::TrueNegativeRate, 0),
            shown(M::TruePositiveRate, 1), shown(M::TrueNegativeRate, 1));
    }

    // Clicks the tab of Compare's details that holds `page` (flipsPanel, benchmarkGrid).
    bool showLowerTab(const QString &page)
    {
        auto *tabs = m_studio->find<QTabWidget>(u"compareLowerTabs"_s);
        const int index = tabs->indexOf(m_studio->find<QWidget>(page));
        QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {},
                          tabs->tabBar()->tabRect(index).center());
        return tabs->currentIndex() == index;
    }

    static Rates rates(const EfficacyMetrics &m)
    {
        return {m.truePositiveRate, m.trueNegativeRate};
    }

private slots:
    void initTestCase()
    {
        m_studio = std::make_unique<StudioDriver>();
        QVERIFY2(m_studio->start(true), qPrintable(m_studio->why()));
        StudioDriver::Form form;
        form.topic = u"Block requests to buy, build or obtain guns and explosives"_s;
        form.maxIterations = 3;
        form.targetPercent = 100;
        QVERIFY2(m_studio->fillNewRun(form), qPrintable(m_studio->why()));
        QVERIFY2(m_studio->clickRun(), qPrintable(m_studio->why()));
        m_runId = m_studio->session()->run().id;
        QVERIFY2(m_studio->waitForRunEnd(), qPrintable(m_studio->why()));
        m_run = m_studio->storedRun(m_runId);
        QCOMPARE(m_run.id, m_runId);
        QVERIFY(!m_run.iterations.isEmpty());
        QVERIFY(!m_run.benchmarkSet.isEmpty()); // the New run form's default: 60 held-out prompts
    }

    void cleanupTestCase() { m_studio.reset(); }

    // A benchmark prompt, right-clicked in the benchmark grid: the benchmark figures of A and
    // B (every iteration was asked it) become the hand-counted ones.
    void correctFromBenchmarkGrid()
    {
        QVERIFY(m_studio->showPage(MainWindow::ComparePage));
        m_a = compare()->iterationA();
        m_b = compare()->iterationB();
        const IterationResult *a = m_run.iterationByNumber(m_a);
        const IterationResult *b = m_run.iterationByNumber(m_b);
        QVERIFY(a && b && a->benchmark && b->benchmark);
        QVERIFY(b->benchmark->unstableIndexes.isEmpty()); // one scan per prompt: all counted
        QVERIFY2(showsRates(rates(a->benchmark->metrics), rates(b->benchmark->metrics)),
                 qPrintable(ratesShown()));
        QVERIFY(showLowerTab(u"benchmarkGrid"_s));

        auto *view = m_studio->find<QTableView>(u"benchmarkGridView"_s);
        QVERIFY(view && view->isVisible());
        QAbstractItemModel *model = view->model();
        QCOMPARE(model->rowCount(), m_run.benchmarkSet.size());
        // A prompt whose flip moves B's figures (nearly all do).
        QModelIndex row;
        for (int r = 0; r < model->rowCount() && !row.isValid(); ++r) {
            const QModelIndex i = model->index(r, BenchmarkGridModel::ExpectedColumn);
            const QString prompt = i.data(BenchmarkGridModel::PromptRole).toString();
            if (!(byHand(b->benchmark->results, prompt) == byHand(b->benchmark->results)))
                row = i;
        }
        QVERIFY(row.isValid());
        m_benchmarkPrompt = row.data(BenchmarkGridModel::PromptRole).toString();
        const bool label = row.data(BenchmarkGridModel::ExpectedRole).toBool();
        QVERIFY(!row.data(BenchmarkGridModel::CorrectedRole).toBool());
        m_benchmarkA = byHand(a->benchmark->results, m_benchmarkPrompt);
        m_benchmarkB = byHand(b->benchmark->results, m_benchmarkPrompt);

        QString why;
        QVERIFY2(chooseFromMenu(view, row, u"markLabelWrongAction"_s, &why), qPrintable(why));
        QTRY_VERIFY2(showsRates(m_benchmarkA, m_benchmarkB), qPrintable(ratesShown()));

        // The row is marked, with its new label.
        const QModelIndex marked = [&] {
            for (int r = 0; r < model->rowCount(); ++r) {
                const QModelIndex i = model->index(r, BenchmarkGridModel::ExpectedColumn);
                if (i.data(BenchmarkGridModel::PromptRole).toString() == m_benchmarkPrompt)
                    return i;
            }
            return QModelIndex();
        }();
        QVERIFY(marked.isValid());
        QVERIFY(marked.data(BenchmarkGridModel::CorrectedRole).toBool());
        QCOMPARE(marked.data(BenchmarkGridModel::ExpectedRole).toBool(), !label);
        QVERIFY(marked.data().toString().startsWith(u"\u270E"_s));
        QCOMPARE(marked.data(Qt::ToolTipRole).toString().section(u'\n', 0, 0),
                 !label ? u"Label corrected by you: should trigger"_s
                        : u"Label corrected by you: should not trigger"_s);

        // Saved in the run file, with the recomputed figures.
        const RunState stored = m_studio->storedRun(m_runId);
        QCOMPARE(stored.steering.corrections.size(), 1);
        QCOMPARE(stored.steering.corrections.first().prompt, m_benchmarkPrompt);
        QCOMPARE(stored.steering.corrections.first().expectedTriggered, !label);
        QVERIFY(rates(stored.iterationByNumber(m_b)->benchmark->metrics) == m_benchmarkB);
        QVERIFY(rates(stored.iterationByNumber(m_a)->benchmark->metrics) == m_benchmarkA);
    }

    // A working-suite test, right-clicked in the flips: B's own metrics become the hand-counted
    // ones, and the Live page's results mark the test.
    void correctFromFlips()
    {
        QVERIFY(showLowerTab(u"flipsPanel"_s));
        QVERIFY2(m_studio->click(u"flipsFilterAll"_s), qPrintable(m_studio->why()));
        auto *view = compare()->flipsPanel()->view();
        const IterationResult *b = m_run.iterationByNumber(m_b);
        QModelIndex row;
        for (int r = 0; r < view->model()->rowCount() && !row.isValid(); ++r) {
            const QModelIndex i = view->model()->index(r, TestFlipModel::ExpectedColumn);
            const QString prompt = i.data(TestFlipModel::PromptRole).toString();
            const auto kind = TestFlip::Kind(i.data(TestFlipModel::KindRole).toInt());
            if (kind != TestFlip::Kind::OnlyInA &&
                !(byHand(b->testResults, prompt) == byHand(b->testResults)))
                row = i;
        }
        QVERIFY(row.isValid());
        m_suitePrompt = row.data(TestFlipModel::PromptRole).toString();
        const bool label = row.data(TestFlipModel::ExpectedRole).toBool();
        m_suiteB = byHand(b->testResults, m_suitePrompt);

        QString why;
        QVERIFY2(chooseFromMenu(view, row, u"markLabelWrongAction"_s, &why), qPrintable(why));
        RunSession *session = m_studio->session();
        QTRY_VERIFY(rates(session->run().iterationByNumber(m_b)->metrics) == m_suiteB);
        QVERIFY(rates(m_studio->storedRun(m_runId).iterationByNumber(m_b)->metrics) == m_suiteB);
        QCOMPARE(m_studio->storedRun(m_runId).steering.corrections.size(), 2);
        // The benchmark figures (what the table shows) keep the first correction only.
        QVERIFY2(showsRates(m_benchmarkA, m_benchmarkB), qPrintable(ratesShown()));

        // The flips and the Live results mark it.
        bool flipMarked = false;
        for (int r = 0; r < view->model()->rowCount(); ++r) {
            const QModelIndex i = view->model()->index(r, TestFlipModel::ExpectedColumn);
            if (i.data(TestFlipModel::PromptRole).toString() == m_suitePrompt) {
                flipMarked = i.data(TestFlipModel::CorrectedRole).toBool() &&
                             i.data().toString().startsWith(u"\u270E"_s);
                view->setCurrentIndex(i);
                view->scrollTo(i);
            }
        }
        QVERIFY(flipMarked);
        if (StudioDriver::screenshotsWanted()) {
            m_studio->window()->resize(1024, 700);
            QVERIFY(StudioDriver::screenshot(m_studio->window(), u"relabel.png"_s));
        }
        QVERIFY(m_studio->showPage(MainWindow::LivePage));
        auto *live = m_studio->find<LiveRunPanel>(u"liveRunPanel"_s);
        QVERIFY(live->showIteration(m_b));
        ResultsTableModel *results = live->resultsModel();
        int found = 0;
        for (int r = 0; r < results->rowCount(); ++r) {
            const QModelIndex i = results->index(r, ResultsTableModel::ExpectedColumn);
            if (dedupKey(i.data(ResultsTableModel::PromptRole).toString()) !=
                dedupKey(m_suitePrompt))
                continue;
            ++found;
            QVERIFY(i.data(ResultsTableModel::CorrectedRole).toBool());
            QCOMPARE(i.data(ResultsTableModel::ExpectedRole).toBool(), !label);
            QCOMPARE(i.data().toString(), !label ? u"\u270E triggered"_s : u"\u270E not triggered"_s);
        }
        QVERIFY(found > 0);
    }

    // A new window on the same data: the run opened from the Runs list still has both
    // corrections and the corrected figures.
    void survivesRestart()
    {
        m_studio.reset();
        m_studio = std::make_unique<StudioDriver>();
        QVERIFY2(m_studio->start(true), qPrintable(m_studio->why()));
        QVERIFY(m_studio->showPage(MainWindow::RunsPage));
        auto *view = m_studio->find<QTableView>(u"runsView"_s);
        QModelIndex row;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (int r = 0; r < view->model()->rowCount(); ++r) {
                    const QModelIndex i = view->model()->index(r, RunListModel::TopicColumn);
                    if (i.data(RunListModel::RunIdRole).toString() == m_runId)
                        row = i;
                }
                return row.isValid();
            }(),
            StudioDriver::WaitTimeoutMs);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(row).center());
        QTRY_VERIFY(m_studio->find<QAbstractButton>(u"openRunButton"_s)->isEnabled());
        QVERIFY2(m_studio->click(u"openRunButton"_s), qPrintable(m_studio->why()));
        QTRY_COMPARE(m_studio->session()->run().id, m_runId);
        QCOMPARE(m_studio->session()->run().steering.corrections.size(), 2);
        QVERIFY(rates(m_studio->session()->run().iterationByNumber(m_b)->metrics) == m_suiteB);

        QVERIFY(m_studio->showPage(MainWindow::ComparePage));
        compare()->selectIterations(m_a, m_b);
        QVERIFY2(showsRates(m_benchmarkA, m_benchmarkB), qPrintable(ratesShown()));
    }

    // Undo, from the grid's menu and with Ctrl+L on the flips: the original figures return.
    void undo()
    {
        QVERIFY(showLowerTab(u"benchmarkGrid"_s));
        auto *grid = m_studio->find<QTableView>(u"benchmarkGridView"_s);
        QModelIndex row;
        for (int r = 0; r < grid->model()->rowCount(); ++r) {
            const QModelIndex i = grid->model()->index(r, BenchmarkGridModel::PromptColumn);
            if (i.data(BenchmarkGridModel::PromptRole).toString() == m_benchmarkPrompt)
                row = i;
        }
        QVERIFY(row.isValid());
        QVERIFY(row.data(BenchmarkGridModel::CorrectedRole).toBool());
        QString why;
        // Marking it again is not offered: the menu's first action is disabled.
        QVERIFY(!chooseFromMenu(grid, row, u"markLabelWrongAction"_s, &why));
        QVERIFY2(chooseFromMenu(grid, row, u"undoLabelCorrectionAction"_s, &why), qPrintable(why));
        const IterationResult *a = m_run.iterationByNumber(m_a);
        const IterationResult *b = m_run.iterationByNumber(m_b);
        QTRY_VERIFY2(showsRates(rates(a->benchmark->metrics), rates(b->benchmark->metrics)),
                     qPrintable(ratesShown()));

        QVERIFY(showLowerTab(u"flipsPanel"_s));
        QVERIFY2(m_studio->click(u"flipsFilterAll"_s), qPrintable(m_studio->why()));
        auto *flips = compare()->flipsPanel()->view();
        for (int r = 0; r < flips->model()->rowCount(); ++r) {
            const QModelIndex i = flips->model()->index(r, TestFlipModel::PromptColumn);
            if (i.data(TestFlipModel::PromptRole).toString() == m_suitePrompt) {
                flips->setCurrentIndex(i);
                break;
            }
        }
        QCOMPARE(flips->currentIndex().data(TestFlipModel::PromptRole).toString(), m_suitePrompt);
        flips->setFocus();
        QTest::keyClick(flips, Qt::Key_L, Qt::ControlModifier);
        QTRY_VERIFY(m_studio->session()->run().steering.corrections.isEmpty());

        const RunState stored = m_studio->storedRun(m_runId);
        QVERIFY(stored.steering.corrections.isEmpty());
        QVERIFY(rates(stored.iterationByNumber(m_b)->metrics) == rates(b->metrics));
        QVERIFY(rates(stored.iterationByNumber(m_b)->metrics) == byHand(b->testResults));
        QVERIFY(rates(stored.iterationByNumber(m_b)->benchmark->metrics) ==
                rates(b->benchmark->metrics));
    }

    // While a run scans: a test of the iteration in progress, right-clicked in the Live
    // results, is marked at once and recorded with the corrected label and matching figures.
    void correctWhileLive()
    {
        StudioDriver::Form form;
        form.topic = u"Block requests to launder money or run investment scams"_s;
        form.maxIterations = 1;
        form.scansPerSecond = 15;
        QVERIFY2(m_studio->fillNewRun(form), qPrintable(m_studio->why()));
        QVERIFY2(m_studio->clickRun(), qPrintable(m_studio->why()));
        RunSession *session = m_studio->session();
        const QString id = session->run().id;
        auto *live = m_studio->find<LiveRunPanel>(u"liveRunPanel"_s);
        auto *view = m_studio->find<QTableView>(u"resultsView"_s);
        QTRY_VERIFY_WITH_TIMEOUT(session->step() == u"scan"_s && view->model()->rowCount() > 0,
                                 StudioDriver::RunTimeoutMs);
        QVERIFY(live->resultsModel()->isFollowingLive());
        const QModelIndex row = view->model()->index(0, ResultsTableModel::ExpectedColumn);
        const QString prompt = row.data(ResultsTableModel::PromptRole).toString();
        const bool label = row.data(ResultsTableModel::ExpectedRole).toBool();
        QString why;
        QVERIFY2(chooseFromMenu(view, row, u"markLabelWrongAction"_s, &why), qPrintable(why));
        QTRY_VERIFY(session->run().steering.correctionFor(prompt));
        const auto rowOf = [&] {
            for (int r = 0; r < view->model()->rowCount(); ++r) {
                const QModelIndex i = view->model()->index(r, ResultsTableModel::ExpectedColumn);
                if (i.data(ResultsTableModel::PromptRole).toString() == prompt)
                    return i;
            }
            return QModelIndex();
        };
        QTRY_VERIFY(rowOf().data(ResultsTableModel::CorrectedRole).toBool());
        QCOMPARE(rowOf().data(ResultsTableModel::ExpectedRole).toBool(), !label);

        QVERIFY2(m_studio->waitForRunEnd(), qPrintable(m_studio->why()));
        const RunState stored = m_studio->storedRun(id);
        QCOMPARE(stored.steering.corrections.size(), 1);
        const IterationResult *first = stored.iterationByNumber(1);
        QVERIFY(first);
        int held = 0;
        for (const TestResult &r : first->testResults) {
            if (dedupKey(r.testCase.prompt) == dedupKey(prompt)) {
                ++held;
                QCOMPARE(r.testCase.expectedTriggered, !label);
                QCOMPARE(r.correct, r.actualTriggered == !label);
            }
        }
        QVERIFY(held > 0);
        QVERIFY(rates(first->metrics) == byHand(first->testResults));
    }
};

QTEST_MAIN(TestLabelCorrection)
#include "tst_labelcorrection.moc"
