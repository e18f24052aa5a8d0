// Issue 17, the first ten minutes: the welcome. Escape is "Not now" (it closes the welcome and
// opens nothing); it is shown on first launch and again only while nothing is configured and
// the person has not dismissed it; the choice is kept in the Daystrom home's studio.ini.
#include "studiodriver.h"
#include "testhome.h"
#include "models/settingscontroller.h"
#include "ui/windowsettings.h"

#include "testmain.h"

#include <QDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScopeGuard>

using namespace Qt::StringLiterals;

class TestWelcome : public QObject
{
    Q_OBJECT

    static QMessageBox *welcome(const StudioDriver &studio)
    {
        return studio.window()->findChild<QMessageBox *>(u"sandboxOffer"_s);
    }
    static QDialog *settingsDialog(const StudioDriver &studio)
    {
        return studio.window()->findChild<QDialog *>(u"settingsDialog"_s);
    }

private slots:
    void init()
    {
        WindowSettings().setWelcomeDismissed(false); // each test is a first launch
    }

    // Issue 40, item 13: accounts given by the environment count, a cloud LLM provider too:
    // no "No AIRS or LLM account is configured yet".
    void accountsFromTheEnvironmentAreAccounts()
    {
        const QList<std::pair<const char *, QByteArray>> env{
            {"PANW_AI_SEC_API_KEY", "env-airs-key"}, {"LLM_PROVIDER", "claude-bedrock"},
            {"AWS_ACCESS_KEY_ID", "AKIAEXAMPLEEXAMPLE12"}, {"AWS_SECRET_ACCESS_KEY", "env-secret"}};
        for (const auto &[name, value] : env)
            qputenv(name, value);
        const auto unset = qScopeGuard([&env] {
            for (const auto &[name, value] : env)
                qunsetenv(name);
        });
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        QTRY_VERIFY(studio.context()->settings()->isLoaded());
        QVERIFY(!studio.context()->needsAccount());
        studio.window()->offerSandboxIfNeeded();
        QCoreApplication::processEvents();
        QVERIFY(!welcome(studio));
    }

    void keptInTheDaystromHome()
    {
        QVERIFY(TestHome::path().size() > 0);
        QCOMPARE(WindowSettings().filePath(),
                 qEnvironmentVariable("DAYSTROM_HOME") + u"/studio.ini"_s);
    }

    void escapeClosesItAndOpensNothing()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        studio.window()->offerSandboxIfNeeded();
        QPointer<QMessageBox> box = welcome(studio);
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        // Every answer is reachable by keyboard: the buttons take the focus, with mnemonics.
        for (const QString &name :
             {u"useSandboxButton"_s, u"openSettingsButton"_s, u"notNowButton"_s}) {
            auto *button = box->findChild<QPushButton *>(name);
            QVERIFY2(button, qPrintable(name));
            QVERIFY(button->focusPolicy() & Qt::TabFocus);
            QVERIFY2(button->text().contains(u'&'), qPrintable(button->text()));
        }
        QTest::keyClick(box, Qt::Key_Escape);
        QTRY_VERIFY(!box);
        // Escape is "Not now": no Settings, no sandbox, and the choice is remembered.
        QVERIFY(!settingsDialog(studio));
        QVERIFY(!studio.context()->isSandbox());
        QVERIFY(WindowSettings().welcomeDismissed());
        // Issue 40, item 13: no dead end. The New run form says what to do, not which
        // management credential is missing.
        QVERIFY(studio.showPage(MainWindow::NewRunPage));
        auto *status = studio.find<QLabel>(u"profileStatus"_s);
        QVERIFY(status);
        QTRY_VERIFY(!status->text().isEmpty() && !status->text().contains(u"…"_s));
        QVERIFY2(status->text().contains(u"File ▸ Settings"_s) && status->text().contains(u"sandbox"_s)
                     && !status->text().contains(u"client secret"_s),
                 qPrintable(status->text()));
    }

    void notShownOnTheSecondLaunchOnceDismissed()
    {
        {
            StudioDriver first;
            QVERIFY2(first.start(false), qPrintable(first.why()));
            first.window()->offerSandboxIfNeeded();
            QPointer<QMessageBox> box = welcome(first);
            QVERIFY(box);
            QTRY_VERIFY(box->isVisible());
            QVERIFY2(first.click(box->findChild<QPushButton *>(u"notNowButton"_s)),
                     qPrintable(first.why()));
            QTRY_VERIFY(!box);
            QVERIFY(!settingsDialog(first));
        }
        StudioDriver second; // a new launch over the same home
        QVERIFY2(second.start(false), qPrintable(second.why()));
        QVERIFY(second.context()->needsAccount()); // still nothing configured
        second.window()->offerSandboxIfNeeded();
        QCoreApplication::processEvents();
        QVERIFY(!welcome(second));
        // The sandbox stays one click away: File ▸ Use the sandbox.
        QVERIFY(second.find<QAction>(u"sandboxAction"_s));
    }

    void choosingTheSandboxIsRememberedForTheNextLaunch()
    {
        WindowSettings().setStartInSandbox(false);
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        studio.window()->offerSandboxIfNeeded();
        QPointer<QMessageBox> box = welcome(studio);
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        // Return takes the default answer, the sandbox.
        QTest::keyClick(box, Qt::Key_Return);
        QTRY_VERIFY(studio.context()->isSandbox());
        QTRY_VERIFY(!box);
        QVERIFY(WindowSettings().startInSandbox());
        QVERIFY(!WindowSettings().welcomeDismissed());
    }
};

QTEST_MAIN(TestWelcome)
#include "tst_welcome.moc"
