#include "models/runlistmodel.h"
#include "runs/runstore.h"
#include "testhome.h"
#include "ui/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QLabel>
#include <QTableView>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void showsStoredRuns()
    {
        const QString dir = TestHome::path() + u"/runs"_s;
        RunState run;
        run.id = u"AAAAAAAAAAAAAAAAAAAAA"_s;
        run.createdAt = run.updatedAt = QDateTime::currentDateTimeUtc();
        run.userInput.topicDescription = u"Block weapons talk"_s;
        run.userInput.profileName = u"p"_s;
        run.bestCoverage = 0.75;
        QVERIFY(RunStore(dir).save(run).isEmpty());

        MainWindow window(dir);
        QAbstractItemModelTester tester(window.runsModel());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.windowTitle(), u"Daystrom Studio"_s);
        auto *view = window.findChild<QTableView *>(u"runsView"_s);
        QVERIFY(view);
        QTRY_COMPARE(view->model()->rowCount(), 1);
        QCOMPARE(view->model()->index(0, RunListModel::BestColumn).data().toString(), u"75.0%"_s);
        auto *status = window.findChild<QLabel *>(u"statusLabel"_s);
        QVERIFY(status);
        QTRY_COMPARE(status->text(), u"1 stored run(s)"_s);

        // scripts: DAYSTROM_SCREENSHOTS=<dir> saves what a person would see.
        const QString shots = qEnvironmentVariable("DAYSTROM_SCREENSHOTS");
        if (!shots.isEmpty())
            QVERIFY(window.grab().save(shots + u"/main-window.png"_s));
    }

    void quitActionHasShortcut()
    {
        MainWindow window(TestHome::path() + u"/none"_s);
        auto *quit = window.findChild<QAction *>(u"quitAction"_s);
        QVERIFY(quit);
        QCOMPARE(quit->shortcut(), QKeySequence(QKeySequence::Quit));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
