// Issue 7 acceptance: a person fills in the New run form of the real main window, runs it
// against the built-in sandbox, watches it on the Live tab, reads the chart, compares two
// iterations and applies one to AIRS. The test functions run in order over one run.
#include "airs/managementclient.h"
#include "models/session/applycontroller.h"
#include "models/compare/iterationcomparison.h"
#include "models/compare/testflipmodel.h"
#include "models/runsession.h"
#include "studiodriver.h"
#include "models/compare/benchmarkgridmodel.h"
#include "ui/compare/applydialog.h"
#include "ui/compare/benchmarkgrid.h"
#include "ui/compare/comparepanel.h"
#include "ui/compare/metricdeltatable.h"
#include "ui/live/efficacychartview.h"

#include "testmain.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QProgressBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScatterSeries>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>

using namespace Qt::StringLiterals;

class TestSandboxRun : public QObject
{
    Q_OBJECT

    std::unique_ptr<StudioDriver> m_studio;
    QString m_runId;
    RunState m_run; // as stored once the run completed
    int m_a = 0;    // the iterations picked on the Compare page
    int m_b = 0;

    static constexpr int MaxIterations = 4;

    // The latest revision of the topic of that name as AIRS lists it (-1: none), through the
    // window's management client.
    int topicRevision(const QString &name, QString *description = nullptr)
    {
        ManagementClient *client = m_studio->context()->management();
        bool done = false;
        AirsResult<QList<AirsTopic>> result;
        client->listTopics(this, [&](const AirsResult<QList<AirsTopic>> &r) {
            result = r;
            done = true;
        });
        if (!QTest::qWaitFor([&] { return done; }, StudioDriver::WaitTimeoutMs) || !result.ok())
            return -1;
        for (const AirsTopic &t : std::as_const(result.value)) {
            if (t.name == name) {
                if (description)
                    *description = t.description;
                return t.revision;
            }
        }
        return -1;
    }

private slots:
    void initTestCase()
    {
        m_studio = std::make_unique<StudioDriver>();
        QVERIFY2(m_studio->start(true), qPrintable(m_studio->why()));
        QVERIFY(m_studio->window()->windowTitle().contains(u"Sandbox"_s));
    }

    void cleanupTestCase() { m_studio.reset(); }

    // (a) New run form → Run → the Live tab, a full progress bar, a completed run.
    void runFromTheNewRunForm()
    {
        StudioDriver::Form form;
        form.topic = u"Block requests to buy, build or obtain guns and explosives"_s;
        form.maxIterations = MaxIterations;
        form.targetPercent = 100; // unreachable: the run goes to the maximum
        QVERIFY2(m_studio->fillNewRun(form), qPrintable(m_studio->why()));

        auto *progress = m_studio->find<QProgressBar>(u"scanProgress"_s);
        QVERIFY(progress);
        // Every state the bar is drawn in while the run is live: value/maximum.
        QList<QPair<int, int>> shown;
        QObject watching; // disconnects when the test function returns, however it returns
        connect(progress, &QProgressBar::valueChanged, &watching, [&](int value) {
            if (m_studio->session()->isLive())
                shown.append({value, progress->maximum()});
        });

        // Apply from Compare (its button, or Ctrl+Shift+A) tried at every step while the run is
        // live: it never opens (issue 37's matrix: the run still deploys its own topics).
        auto *compare = m_studio->find<ComparePanel>(u"comparePanel"_s);
        QVERIFY(compare);
        QStringList applyTried, applyOpened;
        connect(m_studio->session(), &RunSession::stepChanged, &watching, [&](const QString &step) {
            if (!m_studio->session()->isLive())
                return;
            applyTried.append(step);
            if (compare->openApplyDialog())
                applyOpened.append(step);
        });

        QVERIFY2(m_studio->clickRun(), qPrintable(m_studio->why()));
        m_runId = m_studio->session()->run().id;
        QVERIFY(!m_runId.isEmpty());
        QCOMPARE(m_studio->tabs()->currentWidget()->objectName(), u"liveRunPanel"_s);
        QVERIFY(!m_studio->find<QPushButton>(u"runButton"_s)->isEnabled());
        QVERIFY(m_studio->find<QAction>(u"pauseAction"_s)->isEnabled());

        QVERIFY2(m_studio->waitForRunEnd(), qPrintable(m_studio->why()));
        m_run = m_studio->storedRun(m_runId);
        QCOMPARE(m_run.id, m_runId);
        QCOMPARE(m_run.status, RunStatus::Completed);
        // Target 100 %: the run goes to the maximum unless the sandbox converges first.
        QVERIFY2(m_run.currentIteration == MaxIterations || m_run.bestCoverage >= 1.0,
                 qPrintable(m_run.stopReason));
        QVERIFY(m_run.iterations.size() >= 2);
        QCOMPARE(m_studio->session()->run().status, RunStatus::Completed);
        QVERIFY2(applyOpened.isEmpty(), qPrintable(u"Apply opened mid-run at: "_s + applyOpened.join(u", "_s)));
        for (const QString &step : {u"generate"_s, u"apply"_s, u"scan"_s, u"evaluate"_s, u"analyze"_s, u"record"_s, u"finish"_s})
            QVERIFY2(applyTried.contains(step), qPrintable(step + u" never seen: "_s + applyTried.join(u", "_s)));

        // The bar never overflows, shows each iteration's scan finished, and ends full.
        // One scan per working test, and per benchmark prompt and repeat.
        const auto scans = [this](const IterationResult &it) {
            return int(it.testResults.size())
                   + (it.benchmark ? int(it.benchmark->results.size()) * std::max(1, m_run.userInput.scanRepeats) : 0);
        };
        const int lastTotal = scans(m_run.iterations.last());
        QVERIFY(lastTotal > 0);
        QVERIFY2(!shown.isEmpty(), "the progress bar never moved while the run was live");
        for (const auto &[value, maximum] : std::as_const(shown))
            QVERIFY2(value <= maximum, qPrintable(u"%1/%2"_s.arg(value).arg(maximum)));
        // Every iteration's scan was seen to finish: N/N while the run was live.
        for (const IterationResult &it : std::as_const(m_run.iterations)) {
            const int n = scans(it);
            QVERIFY2(
                shown.contains(QPair<int, int>(n, n)),
                qPrintable(u"iteration %1 never showed %2/%2 scanned"_s.arg(it.iteration).arg(n)));
        }
        QCOMPARE(progress->maximum(), lastTotal);
        QCOMPARE(progress->value(), progress->maximum());
        QCOMPARE(progress->text(), u"%1/%1 scanned"_s.arg(lastTotal));

        // The window says how it ended; Run is available again, Pause is not.
        QTRY_VERIFY(m_studio->find<QLabel>(u"statusLabel"_s)->text().contains(m_runId));
        QVERIFY(m_studio->find<QAction>(u"runAction"_s)->isEnabled());
        QVERIFY(!m_studio->find<QAction>(u"pauseAction"_s)->isEnabled());
        QVERIFY(!m_studio->find<QAction>(u"resumeAction"_s)->isEnabled()); // completed
    }

    // (b) The chart has one point per recorded iteration, at its number and coverage.
    void chartShowsTheRecordedIterations()
    {
        QVERIFY(!m_runId.isEmpty());
        QVERIFY(m_studio->showPage(MainWindow::ChartsPage));
        auto *chart = m_studio->find<EfficacyChartView>(u"efficacyChart"_s);
        QVERIFY(chart);
        QCOMPARE(m_studio->tabs()->currentWidget(), chart);
        QList<int> numbers;
        for (const IterationResult &it : std::as_const(m_run.iterations))
            numbers.append(it.iteration);
        QCOMPARE(chart->model()->iterations(), numbers);
        QLineSeries *coverage = chart->metricSeries(EfficacySeriesModel::Metric::Coverage);
        QLineSeries *tpr = chart->metricSeries(EfficacySeriesModel::Metric::TruePositiveRate);
        QVERIFY(coverage && tpr);
        QTRY_COMPARE_WITH_TIMEOUT(coverage->count(), int(m_run.iterations.size()), 5000);
        const QList<QPointF> points = coverage->points();
        const QList<QPointF> tprPoints = tpr->points();
        for (qsizetype i = 0; i < points.size(); ++i) {
            const IterationResult &it = m_run.iterations.at(i);
            QCOMPARE(points.at(i).x(), double(it.iteration));
            // The figures decisions are made on: the held-out benchmark's.
            QVERIFY(it.benchmark.has_value());
            QCOMPARE(points.at(i).y(), it.benchmark->metrics.coverage * 100);
            QCOMPARE(tprPoints.at(i).x(), double(it.iteration));
            QCOMPARE(tprPoints.at(i).y(), it.benchmark->metrics.truePositiveRate * 100);
        }
        // The coverage's 95 % band: one interval per iteration, around the line.
        QVERIFY(chart->model()->onBenchmark());
        const QList<QPointF> high = chart->coverageBand()->upperSeries()->points();
        const QList<QPointF> low = chart->coverageBand()->lowerSeries()->points();
        QCOMPARE(high.size(), points.size());
        QCOMPARE(low.size(), points.size());
        for (qsizetype i = 0; i < points.size(); ++i) {
            QVERIFY(low.at(i).y() <= points.at(i).y() && points.at(i).y() <= high.at(i).y());
            QVERIFY(high.at(i).y() - low.at(i).y() > 1.0); // 60 prompts leave real uncertainty
        }
        // The best iteration is starred where it was recorded.
        QCOMPARE(chart->bestSeries()->count(), 1);
        QCOMPARE(chart->bestSeries()->at(0).x(), double(m_run.bestIteration));
        StudioDriver::screenshot(m_studio->window(), u"charts.png"_s);
    }

    // (c) Two iterations picked on the Compare page: the description diff marks the words
    // that came and went, and the flips table lists exactly the tests that were fixed or broken.
    void compareShowsTheDiffAndTheFlips()
    {
        QVERIFY(!m_runId.isEmpty());
        QVERIFY(m_studio->showPage(MainWindow::ComparePage));
        auto *pickA = m_studio->find<QComboBox>(u"compareIterationA"_s);
        auto *pickB = m_studio->find<QComboBox>(u"compareIterationB"_s);
        auto *diff = m_studio->find<QTextBrowser>(u"descriptionDiff"_s);
        auto *flips = m_studio->find<QTableView>(u"flipsView"_s);
        QVERIFY(pickA && pickB && diff && flips);
        QCOMPARE(pickA->count(), int(m_run.iterations.size()));

        // The first two recorded iterations whose descriptions differ (the sandbox LLM
        // rewrites the description from the failures of the first).
        const IterationResult *a = nullptr;
        const IterationResult *b = nullptr;
        for (qsizetype i = 1; i < m_run.iterations.size() && !b; ++i) {
            if (m_run.iterations.at(i).topic.description !=
                m_run.iterations.at(0).topic.description) {
                a = &m_run.iterations.at(0);
                b = &m_run.iterations.at(i);
            }
        }
        QVERIFY2(a && b, "the sandbox run never changed the description");
        m_a = a->iteration;
        m_b = b->iteration;
        QVERIFY2(m_studio->pickComboItem(pickA, pickA->findData(m_a)), qPrintable(m_studio->why()));
        QVERIFY2(m_studio->pickComboItem(pickB, pickB->findData(m_b)), qPrintable(m_studio->why()));
        auto *panel = m_studio->find<ComparePanel>(u"comparePanel"_s);
        QCOMPARE(panel->iterationA(), m_a);
        QCOMPARE(panel->iterationB(), m_b);

        // What the diff must show, from the two recorded descriptions.
        const QSet<QString> wordsA = StudioDriver::words(a->topic.description);
        const QSet<QString> wordsB = StudioDriver::words(b->topic.description);
        const QSet<QString> onlyInB = QSet<QString>(wordsB).subtract(wordsA);
        const QSet<QString> onlyInA = QSet<QString>(wordsA).subtract(wordsB);
        QVERIFY2(!onlyInB.isEmpty() || !onlyInA.isEmpty(), "no word changed");

        const StudioDriver::DiffWords drawn = StudioDriver::renderedDiff(diff, u"Description"_s);
        QCOMPARE(drawn.oldText, a->topic.description);
        QCOMPARE(drawn.newText, b->topic.description);
        for (const QString &w : onlyInB)
            QVERIFY2(drawn.added.contains(w), qPrintable(u"\"%1\" is not marked added"_s.arg(w)));
        for (const QString &w : onlyInA)
            QVERIFY2(drawn.removed.contains(w),
                     qPrintable(u"\"%1\" is not marked removed"_s.arg(w)));
        // Marked words really are new (or gone): nothing unchanged is painted as a change
        // unless it moved (a word can be removed in one place and added in another).
        for (const QString &w : std::as_const(drawn.added))
            QVERIFY2(wordsB.contains(w), qPrintable(w));
        for (const QString &w : std::as_const(drawn.removed))
            QVERIFY2(wordsA.contains(w), qPrintable(w));

        // Fixed and broken tests, from the two iterations' results (dedup key: trimmed,
        // lower-cased prompt; the first occurrence counts).
        QHash<QString, bool> correctInA;
        for (const TestResult &r : a->testResults)
            correctInA.insert(r.testCase.prompt.trimmed().toLower(), r.correct);
        QSet<QString> fixed, broken, seen;
        for (const TestResult &r : b->testResults) {
            const QString key = r.testCase.prompt.trimmed().toLower();
            if (seen.contains(key) || !correctInA.contains(key))
                continue;
            seen.insert(key);
            if (!correctInA.value(key) && r.correct)
                fixed.insert(r.testCase.prompt);
            else if (correctInA.value(key) && !r.correct)
                broken.insert(r.testCase.prompt);
        }
        QVERIFY2(!fixed.isEmpty() || !broken.isEmpty(), "no test flipped between A and B");

        const auto rowsShown = [flips](const QString &kindText) {
            QSet<QString> prompts;
            QAbstractItemModel *model = flips->model();
            for (int row = 0; row < model->rowCount(); ++row) {
                if (model->index(row, TestFlipModel::ChangeColumn).data().toString() == kindText)
                    prompts.insert(
                        model->index(row, TestFlipModel::PromptColumn).data().toString());
            }
            return prompts;
        };
        auto *lower = m_studio->find<QTabWidget>(u"compareLowerTabs"_s);
        const int flipsTab = lower->indexOf(m_studio->find<QWidget>(u"flipsPanel"_s));
        QTest::mouseClick(lower->tabBar(), Qt::LeftButton, {}, lower->tabBar()->tabRect(flipsTab).center());
        QTRY_COMPARE(lower->currentIndex(), flipsTab);
        // The default filter shows the flips: fixed and broken, nothing else.
        QCOMPARE(flips->model()->rowCount(), int(fixed.size() + broken.size()));
        QCOMPARE(rowsShown(TestFlipModel::kindText(TestFlip::Kind::Fixed)), fixed);
        QCOMPARE(rowsShown(TestFlipModel::kindText(TestFlip::Kind::Broken)), broken);
        QVERIFY(m_studio->click(u"flipsFilterFixed"_s));
        QCOMPARE(flips->model()->rowCount(), int(fixed.size()));
        QCOMPARE(m_studio->find<QAbstractButton>(u"flipsFilterFixed"_s)->text(),
                 u"Fixed (%1)"_s.arg(fixed.size()));
        QVERIFY(m_studio->click(u"flipsFilterBroken"_s));
        QCOMPARE(flips->model()->rowCount(), int(broken.size()));
        QCOMPARE(rowsShown(TestFlipModel::kindText(TestFlip::Kind::Broken)), broken);
        QVERIFY(m_studio->click(u"flipsFilterFlips"_s));

        const QString summary = m_studio->find<QLabel>(u"compareSummary"_s)->text();
        QVERIFY2(summary.contains(u"%1 fixed, %2 broken"_s.arg(fixed.size()).arg(broken.size())),
                 qPrintable(summary));
        StudioDriver::screenshot(m_studio->window(), u"compare.png"_s);
    }

    // (e) Clicking a chart point opens that iteration in Compare, with the verdict on the
    // benchmark; the grid shows one row per benchmark prompt and one column per iteration,
    // and clicking a column's header opens that iteration too.
    void chartPointAndGridColumnOpenCompare()
    {
        QVERIFY(m_run.iterations.size() >= 2);
        QVERIFY(m_studio->showPage(MainWindow::ChartsPage));
        auto *chart = m_studio->find<EfficacyChartView>(u"efficacyChart"_s);
        chart->flush();
        QCoreApplication::processEvents();
        QLineSeries *coverage = chart->metricSeries(EfficacySeriesModel::Metric::Coverage);
        const QPointF point = coverage->points().at(1); // the second recorded iteration
        const QPoint at = chart->chartView()->mapFromScene(chart->chart()->mapToPosition(point, coverage));
        QTest::mouseClick(chart->chartView()->viewport(), Qt::LeftButton, {}, at);
        auto *panel = m_studio->find<ComparePanel>(u"comparePanel"_s);
        QTRY_COMPARE(m_studio->tabs()->currentWidget(), static_cast<QWidget *>(panel));
        QCOMPARE(panel->iterationB(), qRound(point.x()));
        QCOMPARE(panel->iterationA(), m_run.iterations.at(0).iteration);
        const QString verdict = m_studio->find<QLabel>(u"compareVerdict"_s)->accessibleDescription();
        QVERIFY2(verdict.contains(u"held-out benchmark prompts"_s), qPrintable(verdict));
        // The metrics compared are the benchmark's, each rate with its 95 % interval.
        QVERIFY(panel->comparison().metricsOnBenchmark());
        auto *table = panel->findChild<MetricDeltaTable *>();
        QVERIFY(table);
        const QString tip = table->item(0, MetricDeltaTable::BColumn)->toolTip();
        QVERIFY2(tip.startsWith(u"95 % interval: "_s), qPrintable(tip));

        BenchmarkGrid *grid = panel->benchmarkGrid();
        QCOMPARE(grid->model()->rowCount(), int(m_run.benchmarkSet.size()));
        QCOMPARE(grid->model()->columnCount(), BenchmarkGridModel::FirstIterationColumn + int(m_run.iterations.size()));
        m_studio->find<QTabWidget>(u"compareLowerTabs"_s)->setCurrentWidget(grid);
        QTRY_VERIFY(grid->isVisible());
        StudioDriver::screenshot(m_studio->window(), u"benchmark-grid.png"_s);
        QHeaderView *header = grid->view()->horizontalHeader();
        const int column = BenchmarkGridModel::FirstIterationColumn; // iteration 1
        const QPoint headerAt(header->sectionViewportPosition(column) + header->sectionSize(column) / 2, header->height() / 2);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, headerAt);
        QCOMPARE(panel->iterationB(), m_run.iterations.at(0).iteration);
        // Only the prompts that flip, by keyboard.
        auto *onlyFlips = m_studio->find<QCheckBox>(u"benchmarkGridOnlyFlips"_s);
        onlyFlips->setFocus();
        QTest::keyClick(onlyFlips, Qt::Key_Space);
        int flips = 0;
        for (int r = 0; r < grid->model()->rowCount(); ++r)
            flips += grid->model()->rowFlips(r);
        QCOMPARE(grid->view()->model()->rowCount(), flips);
        QTest::keyClick(onlyFlips, Qt::Key_Space);
        QCOMPARE(grid->view()->model()->rowCount(), int(m_run.benchmarkSet.size()));
        panel->selectIterations(m_a, m_b); // as (c) left it, for (d)
    }

    // (d) Applying iteration B from the Compare page writes its topic to the production
    // profile (the run itself only used its own copy, and took it away); Revert takes it back.
    void applyFromCompareThenRevert()
    {
        QVERIFY(m_b > 0);
        const IterationResult *b = m_run.iterationByNumber(m_b);
        QVERIFY(b);
        QCOMPARE(topicRevision(b->topic.name), -1); // the run left no topic behind
        QVERIFY(!m_run.tenant.has_value());

        auto *panel = m_studio->find<ComparePanel>(u"comparePanel"_s);
        QSignalSpy applied(panel, &ComparePanel::topicApplied);
        auto *apply = m_studio->find<QPushButton>(u"applyIterationButton"_s);
        QVERIFY(apply);
        QCOMPARE(apply->text(), u"Apply iteration %1 to AIRS…"_s.arg(m_b));
        QVERIFY2(m_studio->click(apply), qPrintable(m_studio->why()));
        QPointer<ApplyDialog> dialog = m_studio->window()->findChild<ApplyDialog *>(u"applyDialog"_s);
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(dialog->controller()->state(), ApplyController::State::Ready,
                                  StudioDriver::WaitTimeoutMs);
        const QString preview = dialog->findChild<QTextBrowser *>(u"applyPreview"_s)->toPlainText();
        QVERIFY2(preview.contains(u"it will be created"_s), qPrintable(preview));
        StudioDriver::screenshot(dialog, u"apply-dialog.png"_s);

        QVERIFY2(m_studio->click(dialog->findChild<QPushButton *>(u"applyConfirmButton"_s)),
                 qPrintable(m_studio->why()));
        QTRY_COMPARE_WITH_TIMEOUT(dialog->controller()->state(), ApplyController::State::Applied,
                                  StudioDriver::WaitTimeoutMs);
        QCOMPARE(applied.size(), 1);
        QCOMPARE(applied.first().at(0).toInt(), m_b);
        // Issue 40, item 7: Compare says what is in production now, with a way back.
        auto *production = m_studio->find<QLabel>(u"compareProduction"_s);
        QVERIFY(production);
        QTRY_VERIFY(production->isVisible());
        // Read from the tenant (issue 58): the line says so once the profile has been read.
        QTRY_VERIFY2_WITH_TIMEOUT(production->text().contains(u"In production: iteration %1"_s.arg(m_b))
                                      && production->text().contains(u"Revert"_s),
                                  qPrintable(production->text()), StudioDriver::WaitTimeoutMs);
        QString after;
        QVERIFY(topicRevision(b->topic.name, &after) > 0);
        QCOMPARE(after, b->topic.description);

        QVERIFY2(m_studio->click(dialog->findChild<QPushButton *>(u"applyRevertButton"_s)),
                 qPrintable(m_studio->why()));
        QMessageBox *confirm = nullptr; // a revert deletes production topics: asked first
        QTRY_VERIFY((confirm = dialog->findChild<QMessageBox *>(u"revertConfirmBox"_s)) && confirm->isVisible());
        QVERIFY(m_studio->click(confirm->findChild<QPushButton *>(u"revertConfirmButton"_s)));
        QTRY_COMPARE_WITH_TIMEOUT(dialog->controller()->state(), ApplyController::State::Reverted,
                                  StudioDriver::WaitTimeoutMs);
        QCOMPARE(topicRevision(b->topic.name), -1);
        QTRY_VERIFY(!production->isVisible()); // nothing of this run is in production any more

        QVERIFY(m_studio->click(dialog->findChild<QPushButton *>(u"applyCancelButton"_s)));
        QTRY_VERIFY(!dialog); // closed and deleted
    }
};

QTEST_MAIN(TestSandboxRun)
#include "tst_sandboxrun.moc"
