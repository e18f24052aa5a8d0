// Issue 17: sandbox mode shows in the window, not only in the title, and can be left. The
// banner's badge and demo note while it is active; File ▸ Use the sandbox is a checkable
// action that switches it off again (with an account), or explains that an account is needed
// and offers the settings (without one). The Runs and Memory pages follow the mode.
#include "config/configkeys.h"
#include "studiodriver.h"
#include "ui/windowsettings.h"

#include "testmain.h"

#include <QAction>
#include <QDialog>
#include <QDir>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>

using namespace Qt::StringLiterals;

class TestSandboxMode : public QObject
{
    Q_OBJECT

    static QString home() { return qEnvironmentVariable("DAYSTROM_HOME"); }

private slots:
    void theBadgeShowsOnlyInTheSandbox()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        auto *badge = studio.find<QLabel>(u"sandboxBadge"_s);
        auto *banner = studio.find<QWidget>(u"sandboxBanner"_s);
        auto *action = studio.find<QAction>(u"sandboxAction"_s);
        QVERIFY(badge && banner && action);
        QVERIFY(!badge->isVisible());
        QVERIFY(!banner->isVisible());
        QVERIFY(action->isCheckable());
        QVERIFY(!action->isChecked());

        action->trigger(); // File ▸ Use the sandbox
        QVERIFY(studio.context()->isSandbox());
        QVERIFY(action->isChecked());
        QVERIFY(badge->isVisible());
        QCOMPARE(badge->text(), u"Sandbox"_s);
        // Above the pages, across the window, saying what the sandbox is.
        QVERIFY(banner->geometry().bottom() < studio.tabs()->geometry().top() + 1);
        auto *message = studio.find<QLabel>(u"sandboxMessage"_s);
        QVERIFY(message && message->isVisible());
        QVERIFY2(message->text().contains(u"no account is used"_s), qPrintable(message->text()));
        QVERIFY2(message->text().contains(u"not real AIRS scores"_s), qPrintable(message->text()));
        // Where its data is kept: one short line, the folder in its tooltip.
        auto *data = studio.find<QLabel>(u"sandboxDataBanner"_s);
        QVERIFY(data);
        QVERIFY(studio.showPage(MainWindow::NewRunPage));
        QVERIFY(data->isVisible());
        QVERIFY(data->toolTip().contains(QDir::toNativeSeparators(home() + u"/sandbox"_s)));
        // Issue 40, item 18: the banner keeps its height from page to page; the tabs stay put.
        QCoreApplication::processEvents(); // laid out
        const int bannerHeight = banner->height(), tabsTop = studio.tabs()->geometry().top();
        for (const MainWindow::Page page : {MainWindow::RunsPage, MainWindow::MemoryPage, MainWindow::ComparePage}) {
            QVERIFY(studio.showPage(page));
            QCoreApplication::processEvents();
            QCOMPARE(banner->height(), bannerHeight);
            QCOMPARE(studio.tabs()->geometry().top(), tabsTop);
        }
        // Without an account, its button leads to the settings.
        auto *leave = studio.find<QPushButton>(u"leaveSandboxButton"_s);
        QVERIFY(leave && leave->isVisible());
        QVERIFY2(leave->text().contains(u"account"_s), qPrintable(leave->text()));
        if (StudioDriver::screenshotsWanted())
            QVERIFY(StudioDriver::screenshot(studio.window(), u"sandbox-banner.png"_s));
    }

    void switchingOffWithoutAnAccountExplainsAndOffersTheSettings()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        auto *action = studio.find<QAction>(u"sandboxAction"_s);
        action->trigger(); // unchecks it: the person asks to leave
        QPointer<QMessageBox> box =
            studio.window()->findChild<QMessageBox *>(u"sandboxNeedsAccount"_s);
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        QVERIFY2(box->text().contains(u"account"_s), qPrintable(box->text()));
        // Still in the sandbox, and the menu says so.
        QVERIFY(studio.context()->isSandbox());
        QVERIFY(action->isChecked());
        QVERIFY(studio.find<QLabel>(u"sandboxBadge"_s)->isVisible());
        // Escape stays in the sandbox.
        QTest::keyClick(box, Qt::Key_Escape);
        QTRY_VERIFY(!box);
        QVERIFY(studio.context()->isSandbox());
        QVERIFY(!studio.window()->findChild<QDialog *>(u"settingsDialog"_s));

        // The banner's button: the same explanation, and Open Settings opens them.
        QVERIFY2(studio.click(u"leaveSandboxButton"_s), qPrintable(studio.why()));
        QTRY_VERIFY((box = studio.window()->findChild<QMessageBox *>(u"sandboxNeedsAccount"_s)) &&
                    box->isVisible());
        QVERIFY2(studio.click(box->findChild<QPushButton *>(u"openSettingsButton"_s)),
                 qPrintable(studio.why()));
        QPointer<QDialog> settings;
        QTRY_VERIFY((settings = studio.window()->findChild<QDialog *>(u"settingsDialog"_s)) &&
                    settings->isVisible());
        QTest::keyClick(settings, Qt::Key_Escape);
        QTRY_VERIFY(!settings);
        QVERIFY(studio.context()->isSandbox());
    }

    void switchingOffWithAnAccountLeavesTheSandbox()
    {
        StudioDriver studio;
        int stored = 0;
        for (const QLatin1StringView key : {ConfigKeys::AirsApiKey, ConfigKeys::AnthropicApiKey}) {
            studio.secrets()->write(QString(key), u"configured-%1"_s.arg(key), this,
                                    [&stored](const SecretStore::Result &r) { stored += r.ok(); });
        }
        QTRY_COMPARE(stored, 2);
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        QVERIFY(!studio.context()->needsAccount());
        auto *action = studio.find<QAction>(u"sandboxAction"_s);
        auto *badge = studio.find<QLabel>(u"sandboxBadge"_s);
        QVERIFY(action->isChecked());
        QVERIFY(badge->isVisible());
        QCOMPARE(studio.context()->runsDirectory(), home() + u"/sandbox/runs"_s);
        QCOMPARE(studio.tabs()->tabText(MainWindow::RunsPage), u"R&uns (sandbox)"_s);
        auto *leave = studio.find<QPushButton>(u"leaveSandboxButton"_s);
        QVERIFY2(leave->text().contains(u"Leave"_s), qPrintable(leave->text()));

        action->trigger(); // File ▸ Use the sandbox, unchecked
        QVERIFY(!studio.context()->isSandbox());
        QVERIFY(!action->isChecked());
        QVERIFY(!badge->isVisible());
        QVERIFY(!studio.find<QWidget>(u"sandboxBanner"_s)->isVisible());
        QVERIFY(!studio.window()->windowTitle().contains(u"Sandbox"_s));
        QVERIFY(!studio.window()->findChild<QMessageBox *>(u"sandboxNeedsAccount"_s));
        // The pages show the real data again.
        QCOMPARE(studio.context()->runsDirectory(), home() + u"/runs"_s);
        QCOMPARE(studio.tabs()->tabText(MainWindow::RunsPage), u"R&uns"_s);
        QCOMPARE(studio.tabs()->tabText(MainWindow::MemoryPage), u"&Memory"_s);
        QVERIFY(!WindowSettings().startInSandbox());

        // And back in, then out with the banner's button.
        action->trigger();
        QVERIFY(studio.context()->isSandbox());
        QVERIFY(WindowSettings().startInSandbox());
        QVERIFY2(studio.click(u"leaveSandboxButton"_s), qPrintable(studio.why()));
        QVERIFY(!studio.context()->isSandbox());
        QVERIFY(!action->isChecked());
        QCOMPARE(studio.context()->runsDirectory(), home() + u"/runs"_s);
    }
};

QTEST_MAIN(TestSandboxMode)
#include "tst_sandboxmode.moc"
