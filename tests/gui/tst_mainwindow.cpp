#include "config/secretstore.h"
#include "models/runlistmodel.h"
#include "models/studiocontext.h"
#include "runs/runstore.h"
#include "testhome.h"
#include "ui/mainwindow.h"

#include <QAction>
#include <QTabWidget>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void pagesAndShortcuts()
    {
        MemorySecretStore secrets;
        StudioContext context(&secrets);
        MainWindow window(&context);
        QSignalSpy ready(&context, &StudioContext::ready);
        context.initialize();
        QVERIFY(ready.wait(5000));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.windowTitle(), u"Daystrom Studio"_s);
        auto *tabs = window.findChild<QTabWidget *>(u"mainTabs"_s);
        QVERIFY(tabs);
        QCOMPARE(tabs->count(), 5);
        QTest::keyClick(&window, Qt::Key_3, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), int(MainWindow::ChartsPage));
        auto *quit = window.findChild<QAction *>(u"quitAction"_s);
        QVERIFY(quit);
        QCOMPARE(quit->shortcut(), QKeySequence(QKeySequence::Quit));
        QVERIFY(!window.findChild<QAction *>(u"pauseAction"_s)->isEnabled());

        QString error;
        QVERIFY(context.enableSandbox(&error));
        QVERIFY(window.windowTitle().contains(u"Sandbox"_s));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
