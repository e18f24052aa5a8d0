// Issue 7 acceptance (e): pausing a sandbox run while it scans saves it as paused; resuming it
// from the toolbar or from the Runs list finishes it, in the same run file.
#include "models/runlistmodel.h"
#include "models/runsession.h"
#include "studiodriver.h"

#include "testmain.h"

#include <QAbstractButton>
#include <QAction>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QTableView>

using namespace Qt::StringLiterals;

class TestPauseResume : public QObject
{
    Q_OBJECT
public:
    enum class Resume { Toolbar, RunsListButton, RunsListShortcut };
    Q_ENUM(Resume)

private:
    static constexpr int MaxIterations = 3;
    static constexpr int ScansPerSecond = 40; // an iteration's scan takes over a second

private slots:
    void pauseWhileScanningThenResume_data()
    {
        QTest::addColumn<Resume>("resume");
        QTest::addColumn<QString>("topic");
        QTest::newRow("resume from the toolbar")
            << Resume::Toolbar << u"Block requests to buy, build or obtain guns and explosives"_s;
        QTest::newRow("resume from the Runs list")
            << Resume::RunsListButton
            << u"Block requests to launder money or run investment scams"_s;
        // In the window Ctrl+R is also Run: the list must still get it.
        QTest::newRow("resume with Ctrl+R in the Runs list")
            << Resume::RunsListShortcut
            << u"Block requests for help building untraceable firearms"_s;
    }

    void pauseWhileScanningThenResume()
    {
        QFETCH(Resume, resume);
        QFETCH(QString, topic);
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        StudioDriver::Form form;
        form.topic = topic;
        form.maxIterations = MaxIterations;
        form.targetPercent = 100;
        form.scansPerSecond = ScansPerSecond;
        QVERIFY2(studio.fillNewRun(form), qPrintable(studio.why()));
        QVERIFY2(studio.clickRun(), qPrintable(studio.why()));
        RunSession *session = studio.session();
        const QString id = session->run().id;

        // Pause while iteration 2 is scanning: some of its tests scanned, not all.
        QTRY_VERIFY_WITH_TIMEOUT(session->currentIteration() == 2 && session->step() == u"scan"_s &&
                                     session->scanCompleted() > 0,
                                 StudioDriver::RunTimeoutMs);
        QVERIFY2(session->scanCompleted() < session->scanTotal(), "iteration 2 scanned too fast");
        QVERIFY2(studio.clickAction(u"pauseAction"_s), qPrintable(studio.why()));
        QVERIFY2(studio.waitForRunEnd(), qPrintable(studio.why()));

        RunState stored = studio.storedRun(id);
        QCOMPARE(stored.id, id);
        QCOMPARE(stored.status, RunStatus::Paused);
        QVERIFY(stored.checkpoint);
        QCOMPARE(stored.iterations.size(), 1); // iteration 2 was not recorded
        QCOMPARE(stored.checkpoint->nextIteration, 2);
        QCOMPARE(session->run().status, RunStatus::Paused);
        QVERIFY(studio.find<QAction>(u"runAction"_s)->isEnabled());
        QVERIFY(!studio.find<QAction>(u"pauseAction"_s)->isEnabled());
        QVERIFY(studio.find<QAction>(u"resumeAction"_s)->isEnabled());

        if (resume != Resume::Toolbar) {
            QVERIFY(studio.showPage(MainWindow::RunsPage));
            auto *view = studio.find<QTableView>(u"runsView"_s);
            QVERIFY(view);
            QModelIndex row;
            // The list is re-read off the GUI thread once the run stopped.
            QTRY_VERIFY_WITH_TIMEOUT(
                [&] {
                    QAbstractItemModel *m = view->model();
                    for (int r = 0; r < m->rowCount(); ++r) {
                        const QModelIndex i = m->index(r, RunListModel::TopicColumn);
                        if (i.data(RunListModel::RunIdRole).toString() == id &&
                            i.data(RunListModel::StatusRole).toString() == u"paused"_s) {
                            row = i;
                            return true;
                        }
                    }
                    return false;
                }(),
                StudioDriver::WaitTimeoutMs);
            QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(row).center());
            QTRY_VERIFY(studio.find<QAbstractButton>(u"resumeRunButton"_s)->isEnabled());
            if (resume == Resume::RunsListButton) {
                QVERIFY2(studio.click(u"resumeRunButton"_s), qPrintable(studio.why()));
            } else {
                QVERIFY(studio.find<QAction>(u"runAction"_s)->isEnabled()); // also Ctrl+R
                view->setFocus();
                QTest::keyClick(view, Qt::Key_R, Qt::ControlModifier);
            }
        } else {
            QVERIFY2(studio.clickAction(u"resumeAction"_s), qPrintable(studio.why()));
        }
        QVERIFY(studio.context()->isRunActive());
        QCOMPARE(studio.tabs()->currentIndex(), int(MainWindow::LivePage));
        QCOMPARE(session->run().id, id);
        QVERIFY2(studio.waitForRunEnd(), qPrintable(studio.why()));

        stored = studio.storedRun(id);
        QCOMPARE(stored.status, RunStatus::Completed);
        QCOMPARE(stored.iterations.first().iteration, 1);
        QVERIFY(stored.iterationByNumber(2)); // the interrupted iteration ran again, recorded
        QVERIFY2(stored.currentIteration == MaxIterations || stored.bestCoverage >= 1.0,
                 qPrintable(stored.stopReason));
        QCOMPARE(session->run().status, RunStatus::Completed);
        QVERIFY(!studio.find<QAction>(u"resumeAction"_s)->isEnabled());
        // One file, one run: resuming did not start another.
        QCOMPARE(QDir(studio.context()->runsDirectory())
                     .entryList({u"*.json"_s}, QDir::Files)
                     .filter(id)
                     .size(),
                 1);
    }

    // Issue 40: a run left paused, or killed while it ran, is offered when the app starts
    // again: New run says so, Resume is enabled, and the note's Resume finishes it.
    void anUnfinishedRunIsOfferedAtStartUp_data()
    {
        QTest::addColumn<bool>("killed");
        QTest::newRow("paused") << false;
        QTest::newRow("killed while running") << true;
    }

    void anUnfinishedRunIsOfferedAtStartUp()
    {
        QFETCH(bool, killed);
        const QString topic = killed ? u"Block requests to evade sanctions on arms exports"_s
                                     : u"Block requests to forge identity documents"_s;
        QString id;
        QString runsDir;
        {
            StudioDriver studio;
            QVERIFY2(studio.start(true), qPrintable(studio.why()));
            StudioDriver::Form form;
            form.topic = topic;
            form.maxIterations = 2;
            form.targetPercent = 100;
            form.scansPerSecond = ScansPerSecond;
            QVERIFY2(studio.fillNewRun(form), qPrintable(studio.why()));
            QVERIFY2(studio.clickRun(), qPrintable(studio.why()));
            RunSession *session = studio.session();
            id = session->run().id;
            runsDir = studio.context()->runsDirectory();
            QTRY_VERIFY_WITH_TIMEOUT(session->step() == u"scan"_s && session->scanCompleted() > 0,
                                     StudioDriver::RunTimeoutMs);
            QVERIFY2(studio.clickAction(u"pauseAction"_s), qPrintable(studio.why()));
            QVERIFY2(studio.waitForRunEnd(), qPrintable(studio.why()));
            QCOMPARE(studio.storedRun(id).status, RunStatus::Paused);
        }
        if (killed) {
            // What a kill leaves: the file still says "running", and no process holds its lock.
            QFile file(QDir(runsDir).filePath(id + u".json"_s));
            QVERIFY(file.open(QIODevice::ReadOnly));
            QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
            file.close();
            o.insert(u"status"_s, u"running"_s);
            o.remove(u"stopReason"_s);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(QJsonDocument(o).toJson());
            file.close();
            QVERIFY(!QFile::exists(QDir(runsDir).filePath(id + u".lock"_s)));
        }

        StudioDriver again;
        QVERIFY2(again.start(true), qPrintable(again.why()));
        auto *note = again.find<QWidget>(u"unfinishedRunNote"_s);
        QVERIFY(note);
        QVERIFY(again.showPage(MainWindow::NewRunPage));
        QTRY_VERIFY_WITH_TIMEOUT(note->isVisible(), StudioDriver::WaitTimeoutMs);
        const QString text = again.find<QLabel>(u"unfinishedRunText"_s)->text();
        QVERIFY2(text.contains(topic), qPrintable(text));
        QVERIFY2(text.contains(killed ? u"interrupted"_s : u"paused"_s), qPrintable(text));
        QTRY_COMPARE(again.session()->run().id, id); // read off the GUI thread
        QTRY_VERIFY(again.find<QAction>(u"resumeAction"_s)->isEnabled());

        QVERIFY2(again.click(u"resumeUnfinishedButton"_s), qPrintable(again.why()));
        QTRY_VERIFY(again.context()->isRunActive() || again.storedRun(id).status == RunStatus::Completed);
        QVERIFY(!note->isVisible());
        QVERIFY2(again.waitForRunEnd(), qPrintable(again.why()));
        QCOMPARE(again.storedRun(id).status, RunStatus::Completed);
    }
};

QTEST_MAIN(TestPauseResume)
#include "tst_pauseresume.moc"
