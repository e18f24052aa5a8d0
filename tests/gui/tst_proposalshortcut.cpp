// Issue 58 item 9: in step mode, after "Another proposal…" with edits discarded, the next
// proposal takes Ctrl+Return at once: the keyboard is back in its description, as after
// "Another proposal…" without edits. Driven through the real window and the sandbox with
// mouse clicks and key events sent where the keyboard focus is; the question is made the
// active window, as a window manager does. (On xcb with a window manager the focus used to end
// on the tab bar and Ctrl+Return did nothing; offscreen it ended on the diff view.)
#include "models/runsession.h"
#include "models/session/sandboxhost.h"
#include "studiodriver.h"
#include "ui/live/proposalreviewpanel.h"

#include "testmain.h"

#include <QApplication>
#include <QCheckBox>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>

using namespace Qt::StringLiterals;

class TestProposalShortcut : public QObject
{
    Q_OBJECT

    static ProposalReviewPanel *panel(const StudioDriver &studio)
    {
        return studio.find<ProposalReviewPanel>(u"proposalReviewPanel"_s);
    }

    static bool startStepRun(StudioDriver &studio)
    {
        StudioDriver::Form form;
        form.topic = u"Block requests to buy, build or obtain guns and explosives"_s;
        form.maxIterations = 3;
        form.targetPercent = 100;
        if (!studio.fillNewRun(form))
            return false;
        auto *check = studio.find<QCheckBox>(u"stepModeCheck"_s);
        if (!check || (!check->isChecked() && !studio.click(check)))
            return false;
        return studio.clickRun();
    }

    // A proposal waits for a decision that has not been sent yet (its Accept is enabled).
    static bool waitForFreshProposal(const StudioDriver &studio, qsizetype proposalsBefore)
    {
        const SandboxHost *sandbox = studio.context()->sandboxHost();
        auto *accept = studio.find<QPushButton>(u"proposalAcceptButton"_s);
        return QTest::qWaitFor(
            [&] {
                return sandbox->llmRequests(u"generate_topic"_s).size() > proposalsBefore &&
                       panel(studio)->isVisible() && panel(studio)->proposal() &&
                       accept->isEnabled();
            },
            StudioDriver::RunTimeoutMs);
    }

    // Ctrl+Return as the keyboard sends it: to the window, delivered where the focus is.
    static void pressCtrlReturn(const StudioDriver &studio)
    {
        QWidget *target =
            QApplication::focusWidget() ? QApplication::focusWidget() : studio.window();
        QTest::keyClick(target, Qt::Key_Return, Qt::ControlModifier);
    }

private slots:
    void ctrlReturnAcceptsAfterDiscardedEdits()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        QVERIFY2(startStepRun(studio), qPrintable(studio.why()));
        QVERIFY(waitForFreshProposal(studio, 0));
        const SandboxHost *sandbox = studio.context()->sandboxHost();
        const qsizetype before = sandbox->llmRequests(u"generate_topic"_s).size();
        QCOMPARE(panel(studio)->proposal()->iteration, 1);

        // An edit, then Another proposal…, and Discard in the question.
        auto *description = studio.find<QPlainTextEdit>(u"proposalDescriptionEdit"_s);
        QVERIFY(description);
        QTest::mouseClick(description->viewport(), Qt::LeftButton);
        QTest::keyClicks(description, u" and ammunition"_s);
        QVERIFY2(studio.click(u"proposalRetryButton"_s), qPrintable(studio.why()));
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = panel(studio)->findChild<QMessageBox *>(u"discardEditsBox"_s)) &&
                    box->isVisible());
        // As a person sees it: the question is the active window and has the keyboard.
        box->activateWindow();
        QTRY_VERIFY(QApplication::activeWindow() == box);
        QTRY_VERIFY(box->isAncestorOf(QApplication::focusWidget()));
        // Its Discard button by its mnemonic, as the keyboard does.
        const QKeySequence discard =
            QKeySequence::mnemonic(box->findChild<QPushButton *>(u"discardEditsButton"_s)->text());
        QVERIFY(!discard.isEmpty());
        QTest::keySequence(QApplication::focusWidget(), discard);
        QTRY_VERIFY(!panel(studio)->findChild<QMessageBox *>(u"discardEditsBox"_s));
        QVERIFY(waitForFreshProposal(studio, before));
        // The window manager hands the activation back to the window when the question closes
        // (the offscreen platform does not: done here as a window manager does).
        if (QGuiApplication::platformName() == u"offscreen"_s)
            QVERIFY2(studio.activate(), qPrintable(studio.why()));
        else
            QTRY_VERIFY(QApplication::activeWindow() == studio.window());
        // As after Another proposal without edits: the keyboard in the description, ready.
        const bool inDescription =
            QTest::qWaitFor([&] { return QApplication::focusWidget() == description; }, 2000);
        const QString focused =
            QApplication::focusWidget() ? QApplication::focusWidget()->objectName() : u"nothing"_s;

        // No click: Ctrl+Return accepts the new proposal at once, and the run goes on.
        pressCtrlReturn(studio);
        auto *accept = studio.find<QPushButton>(u"proposalAcceptButton"_s);
        QTRY_VERIFY2_WITH_TIMEOUT(
            !accept->isEnabled(),
            qPrintable(u"Ctrl+Return did not accept the proposal (the focus is on "_s + focused +
                       u')'),
            5000);
        QVERIFY2(inDescription, qPrintable(u"the focus is on "_s + focused));
        QVERIFY(QTest::qWaitFor(
            [&] { return panel(studio)->proposal() && panel(studio)->proposal()->iteration == 2; },
            StudioDriver::RunTimeoutMs));
    }
};

QTEST_MAIN(TestProposalShortcut)
#include "tst_proposalshortcut.moc"
