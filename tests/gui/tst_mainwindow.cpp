// The main window on its own: the first-launch sandbox offer, the pages and their keyboard
// shortcuts, and the run actions while nothing runs.
#include "config/configkeys.h"
#include "models/runsession.h"
#include "studiodriver.h"

#include "testmain.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>

using namespace Qt::StringLiterals;

class TestMainWindow : public QObject
{
    Q_OBJECT

    static QMessageBox *sandboxOffer(const StudioDriver &studio)
    {
        return studio.window()->findChild<QMessageBox *>(u"sandboxOffer"_s);
    }

private slots:
    void firstLaunchOffersTheSandbox()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        QVERIFY(studio.context()->needsAccount()); // nothing configured in the test home
        QCOMPARE(studio.window()->windowTitle(), u"Daystrom Studio"_s);

        studio.window()->offerSandboxIfNeeded(); // what main() does once the settings loaded
        QPointer<QMessageBox> offer = sandboxOffer(studio);
        QVERIFY(offer);
        QTRY_VERIFY(offer->isVisible());
        QVERIFY(offer->text().contains(u"sandbox"_s));
        QVERIFY2(studio.click(offer->findChild<QPushButton *>(u"useSandboxButton"_s)),
                 qPrintable(studio.why()));
        QTRY_VERIFY(studio.window()->windowTitle().contains(u"Sandbox"_s));
        QVERIFY(studio.context()->isSandbox());
        QTRY_VERIFY(!offer); // closed and deleted

        // The New run form now targets the sandbox's profile, listed from its AIRS.
        auto *profile = studio.find<QComboBox>(u"profileCombo"_s);
        QVERIFY(profile);
        QCOMPARE(profile->currentText(), u"daystrom-sandbox"_s);
        QTRY_VERIFY_WITH_TIMEOUT(profile->findText(u"daystrom-sandbox"_s) >= 0,
                                 StudioDriver::WaitTimeoutMs);

        studio.window()->offerSandboxIfNeeded(); // once in the sandbox, never again
        QVERIFY(!sandboxOffer(studio));
    }

    void theOfferCanOpenTheSettingsInstead()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        studio.window()->offerSandboxIfNeeded();
        QPointer<QMessageBox> offer = sandboxOffer(studio);
        QVERIFY(offer);
        QTRY_VERIFY(offer->isVisible());
        QVERIFY2(studio.click(offer->findChild<QPushButton *>(u"openSettingsButton"_s)),
                 qPrintable(studio.why()));
        QDialog *settings = nullptr;
        QTRY_VERIFY((settings = studio.window()->findChild<QDialog *>(u"settingsDialog"_s)) &&
                    settings->isVisible());
        QVERIFY(!studio.context()->isSandbox());
        QVERIFY(!studio.window()->windowTitle().contains(u"Sandbox"_s));
        QPointer<QDialog> guard = settings;
        QTest::keyClick(settings, Qt::Key_Escape);
        QTRY_VERIFY(!guard);
    }

    void noOfferWhenAccountsAreConfigured()
    {
        StudioDriver studio;
        int stored = 0;
        for (const QLatin1StringView key : {ConfigKeys::AirsApiKey, ConfigKeys::AnthropicApiKey}) {
            studio.secrets()->write(QString(key), u"configured-%1"_s.arg(key), this,
                                    [&stored](const SecretStore::Result &r) { stored += r.ok(); });
        }
        QTRY_COMPARE(stored, 2);
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        QVERIFY(!studio.context()->needsAccount());
        studio.window()->offerSandboxIfNeeded();
        QVERIFY(!sandboxOffer(studio));
        QCOMPARE(studio.window()->windowTitle(), u"Daystrom Studio"_s);
    }

    void shortcutsSwitchPages()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        QTabWidget *tabs = studio.tabs();
        QVERIFY(tabs);
        // The five pages of issue 7 come first, in this order; later pages (e.g. Memory)
        // follow with the next shortcuts.
        const QStringList pages{u"newRunPanel"_s, u"liveRunPanel"_s, u"efficacyChart"_s,
                                u"comparePanel"_s, u"runsPanel"_s};
        QVERIFY(tabs->count() >= int(pages.size()) && tabs->count() <= 9);
        for (int i = 0; i < pages.size(); ++i)
            QCOMPARE(tabs->widget(i)->objectName(), pages.at(i));

        // Ctrl+1 … Ctrl+N, in an order that leaves every page from another one.
        QList<int> order;
        for (int i = tabs->count() - 1; i >= 0; i -= 2)
            order.append(i);
        for (int i = tabs->count() % 2; i < tabs->count(); i += 2)
            order.append(i);
        order += QList<int>{0, 4, 2, 1, 3};
        for (const int page : std::as_const(order)) {
            QVERIFY2(studio.showPage(MainWindow::Page(page)), qPrintable(studio.why()));
            QCOMPARE(tabs->currentWidget(), tabs->widget(page));
            if (page < pages.size())
                QCOMPARE(tabs->currentWidget()->objectName(), pages.at(page));
        }
        // They work from inside a text field too (the field does not swallow them).
        QVERIFY(studio.showPage(MainWindow::NewRunPage));
        auto *topic = studio.find<QPlainTextEdit>(u"topicDescription"_s);
        topic->setFocus();
        QTRY_VERIFY(topic->hasFocus());
        QTest::keyClick(topic, Qt::Key_5, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), int(MainWindow::RunsPage));
        QVERIFY(topic->toPlainText().isEmpty());
        // … and the page shown takes the focus: the Runs list, where Ctrl+E and Enter act.
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(studio.find<QTableView>(u"runsView"_s)));
        // Ctrl+N is File ▸ New run.
        QTest::keyClick(studio.window(), Qt::Key_N, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), int(MainWindow::NewRunPage));

        // Ctrl+, opens the settings.
        QDialog *settings = studio.openSettings();
        QVERIFY2(settings, qPrintable(studio.why()));
        QPointer<QDialog> guard = settings;
        QTest::keyClick(settings, Qt::Key_Escape);
        QTRY_VERIFY(!guard);

        auto *quit = studio.find<QAction>(u"quitAction"_s);
        QVERIFY(quit);
        QCOMPARE(quit->shortcut(), QKeySequence(QKeySequence::Quit));
    }

    void runActionsWhileIdle()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        const auto enabled = [&studio](const QString &name) {
            auto *action = studio.find<QAction>(name);
            return action && action->isEnabled();
        };
        QVERIFY(enabled(u"runAction"_s));
        QVERIFY(!enabled(u"pauseAction"_s));
        QVERIFY(!enabled(u"cancelAction"_s));
        QVERIFY(!enabled(u"resumeAction"_s));
        // Run with an empty form says what is missing instead of starting anything.
        QVERIFY(studio.showPage(MainWindow::ChartsPage));
        QVERIFY2(studio.clickAction(u"runAction"_s), qPrintable(studio.why()));
        QVERIFY(!studio.context()->isRunActive());
        QCOMPARE(studio.tabs()->currentIndex(), int(MainWindow::NewRunPage));
        QVERIFY(studio.find<QLabel>(u"statusLabel"_s)->text().contains(u"Describe"_s));
    }

    // Issue 41: the status line shows a stop reason (which can quote a topic or a server) as
    // text; markup in it is not rendered.
    void theStatusLineIsPlainText()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        RunState run;
        run.id = u"Vx3kP9_qLm2-ZtR8aB4cD"_s;
        run.status = RunStatus::Failed;
        run.stopReason = u"<b>bold</b> <a href='x'>a link</a>"_s;
        studio.session()->open(run);
        auto *status = studio.find<QLabel>(u"statusLabel"_s);
        QTRY_VERIFY(status->text().contains(u"<b>bold</b>"_s));
        QCOMPARE(status->textFormat(), Qt::PlainText);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
