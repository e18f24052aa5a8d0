// Issue 17: the New run form for a newcomer. Run is disabled while the topic is empty and says
// why; Ctrl+N puts the cursor in the topic; every advanced option has a tooltip saying what it
// does and its default; a long error wraps inside the form; in the sandbox, a note under the
// topic says before the run what the sandbox can do for the subject typed.
#include "guiwatchdog.h"
#include "studiodriver.h"
#include "ui/newrun/newrunpanel.h"
#include "ui/newrun/sandboxsubjectnote.h"
#include "ui/newrun/testpromptsfield.h"

#include "testmain.h"

#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QDir>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>

using namespace Qt::StringLiterals;

class TestNewRunForm : public QObject
{
    Q_OBJECT

    // The label lies inside the visible width of the form (nothing cut off at the right).
    static bool withinForm(const StudioDriver &studio, const QLabel *label)
    {
        const auto *scroll = studio.find<QScrollArea>(u"newRunScroll"_s);
        const QRect viewport(scroll->viewport()->mapToGlobal(QPoint(0, 0)),
                             scroll->viewport()->size());
        const QRect shown(label->mapToGlobal(QPoint(0, 0)), label->size());
        return viewport.left() <= shown.left() && shown.right() <= viewport.right();
    }

private slots:
    void runWaitsForATopic()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        QVERIFY(studio.showPage(MainWindow::NewRunPage));
        auto *topic = studio.find<QPlainTextEdit>(u"topicDescription"_s);
        auto *run = studio.find<QPushButton>(u"runButton"_s);
        auto *hint = studio.find<QLabel>(u"newRunHint"_s);
        QVERIFY(topic && run && hint);
        QVERIFY(topic->toPlainText().isEmpty());
        QVERIFY(!topic->placeholderText().isEmpty());
        QVERIFY(!run->isEnabled());
        // The reason is in view and on the button.
        QVERIFY(hint->isVisible());
        QVERIFY2(hint->text().contains(u"Describe"_s), qPrintable(hint->text()));
        QCOMPARE(run->toolTip(), hint->text());

        // The profile is listed from the sandbox's AIRS; typing a topic is all Run needs.
        QTRY_VERIFY_WITH_TIMEOUT(
            !studio.find<QComboBox>(u"profileCombo"_s)->currentText().isEmpty(),
            StudioDriver::WaitTimeoutMs);
        topic->setFocus();
        QTest::keyClicks(topic, u"Block"_s);
        QVERIFY2(run->isEnabled(), qPrintable(hint->text()));
        QVERIFY(hint->text().isEmpty());
        // Only blanks is no topic.
        QTest::keyClick(topic, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(topic, u"   "_s);
        QVERIFY(!run->isEnabled());
    }

    void ctrlNFocusesTheTopic()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        QVERIFY(studio.showPage(MainWindow::ChartsPage));
        auto *topic = studio.find<QPlainTextEdit>(u"topicDescription"_s);
        QVERIFY(!topic->hasFocus());
        QTest::keyClick(studio.window(), Qt::Key_N, Qt::ControlModifier);
        QCOMPARE(studio.tabs()->currentIndex(), int(MainWindow::NewRunPage));
        QTRY_VERIFY(topic->hasFocus());
        QTest::keyClicks(QApplication::focusWidget(), u"Block weapons"_s);
        QCOMPARE(topic->toPlainText(), u"Block weapons"_s);
    }

    void everyAdvancedOptionHasATooltip()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        auto *advanced = studio.find<QGroupBox>(u"advancedGroup"_s);
        QVERIFY(advanced);
        QVERIFY(!advanced->toolTip().isEmpty());
        int options = 0;
        for (QWidget *w : advanced->findChildren<QWidget *>()) {
            const bool option = qobject_cast<QAbstractButton *>(w) ||
                                qobject_cast<QAbstractSpinBox *>(w) ||
                                qobject_cast<QComboBox *>(w) || qobject_cast<QLineEdit *>(w);
            // (The line edit inside a spin box or combo box is part of that option.)
            const bool part = qobject_cast<QAbstractSpinBox *>(w->parentWidget()) ||
                              qobject_cast<QComboBox *>(w->parentWidget());
            if (!option || part)
                continue;
            ++options;
            QVERIFY2(!w->toolTip().trimmed().isEmpty(), qPrintable(w->objectName()));
            // What it does and its default.
            QVERIFY2(w->toolTip().contains(u"default"_s, Qt::CaseInsensitive),
                     qPrintable(w->objectName() + u": "_s + w->toolTip()));
        }
        // With the benchmark's wanted precision and its Use button (issue 39), and the response
        // tests, the decision figure, robustness, its seven families, languages and sample (issue 43).
        QCOMPARE(options, 28);
    }

    void aLongErrorWraps()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        QVERIFY(studio.showPage(MainWindow::NewRunPage));
        auto *panel = studio.find<NewRunPanel>(u"newRunPanel"_s);
        QVERIFY(panel);
        const QString error =
            u"Error transferring https://api.sase.paloaltonetworks.com/aisec/v1/mgmt/profiles - "
            "server replied: Proxy Authentication Required. The proxy at proxy.example.internal "
            "asked for credentials that were not supplied, so the connection was closed "
            "before any profile could be listed."_s;
        panel->setProfiles({}, error);
        auto *status = studio.find<QLabel>(u"profileStatus"_s);
        QVERIFY(status);
        QVERIFY(status->text().contains(u"Proxy Authentication Required"_s));
        QVERIFY(status->wordWrap());
        QTRY_VERIFY(status->height() > 2 * status->fontMetrics().height()); // on several lines
        QVERIFY(withinForm(studio, status));

        // A test-prompts file whose long path cannot be read.
        const QString path = QDir::tempPath() +
                             u"/a-folder-with-a-rather-long-name-for-labelled-prompts/"
                             "and-another-one-below-it/missing-prompts-file.csv"_s;
        QVERIFY(!studio.window()->findChild<TestPromptsField *>()->loadFile(path).isEmpty());
        auto *summary = studio.find<QLabel>(u"testPromptsSummary"_s);
        QVERIFY(summary->wordWrap());
        QTRY_VERIFY(summary->height() > 2 * summary->fontMetrics().height());
        QVERIFY(withinForm(studio, summary));
        if (StudioDriver::screenshotsWanted())
            QVERIFY(StudioDriver::screenshot(studio.window(), u"new-run-long-error.png"_s));
    }

    void theSandboxSaysWhatItCanDoBeforeTheRun()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        auto *note = studio.find<QLabel>(u"sandboxSubjectNote"_s);
        auto *topic = studio.find<QPlainTextEdit>(u"topicDescription"_s);
        QVERIFY(note && topic);
        topic->setFocus();
        // A subject no built-in one covers (since issue 58 cryptocurrency investment advice is one).
        const QString uncovered = u"Block requests for homework answers"_s;
        QTest::keyClicks(topic, uncovered);
        // There is something to say about it, but not outside the sandbox.
        QVERIFY(!SandboxSubjectNote::noteFor(uncovered, Intent::Block).isEmpty());
        QVERIFY(!note->isVisible());

        QVERIFY(studio.find<QAction>(u"sandboxAction"_s));
        studio.find<QAction>(u"sandboxAction"_s)->trigger();
        QTRY_VERIFY(note->isVisible());
        QVERIFY2(note->text().contains(u"homework answers"_s),
                 qPrintable(note->text()));
        QVERIFY2(note->text().contains(u"not how AIRS would score"_s), qPrintable(note->text()));
        // The note arrives from a worker thread; the form lays it out on the next event turn.
        QTRY_VERIFY(withinForm(studio, note));
        if (StudioDriver::screenshotsWanted())
            QVERIFY(StudioDriver::screenshot(studio.window(), u"new-run-sandbox-note.png"_s));

        // A subject the sandbox knows: its built-in prompts, said as such (after the pause).
        QTest::keyClick(topic, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(topic, u"Block requests for guns and explosives"_s);
        QTRY_COMPARE(note->text(), u"Sandbox: built-in prompts about weapons."_s);

        // Leaving the topic empty leaves nothing to say.
        QTest::keyClick(topic, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(topic, Qt::Key_Delete);
        QTRY_VERIFY(!note->isVisible());
    }

    // Issue 54: a topic whose last word has no letter or digit froze the window for good (the
    // note's subject reading never returned). Typed and pasted as a person would, under a
    // watchdog that fails the test when the GUI thread stops for 3 s; each time the note
    // changes from the homework note to the weapons one within a second of the typing pause.
    void hostileTopicEndingsKeepTheWindowAlive_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("ending");
        QTest::addColumn<bool>("pasted"); // else typed as one key whose text it is
        QTest::newRow("dashes") << u"Block requests to buy weapons "_s << u"--"_s << false;
        QTest::newRow("star") << u"Block requests to buy weapons "_s << u"\u2605"_s << false;
        QTest::newRow("colour code") << u"Block requests to buy weapons "_s << u"\x1b[0m"_s << true;
    }
    void hostileTopicEndingsKeepTheWindowAlive()
    {
        QFETCH(QString, typed);
        QFETCH(QString, ending);
        QFETCH(bool, pasted);
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        QVERIFY(studio.showPage(MainWindow::NewRunPage));
        auto *note = studio.find<QLabel>(u"sandboxSubjectNote"_s);
        auto *topic = studio.find<QPlainTextEdit>(u"topicDescription"_s);
        QVERIFY(note && topic);
        topic->setFocus();
        QTest::keyClicks(topic, u"Block requests for homework answers"_s);
        QTRY_VERIFY(note->text().contains(u"homework answers"_s));

        // From here on the window is up: nothing the test does may stop the GUI thread for 3 s.
        GuiWatchdog watchdog(std::chrono::milliseconds(3000));
        watchdog.doing(u"typing \"%1%2\" into New run's topic"_s.arg(typed, ending));
        QTest::keyClick(topic, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(topic, typed);
        if (pasted) {
            QApplication::clipboard()->setText(ending);
            QTest::keyClick(topic, Qt::Key_V, Qt::ControlModifier);
        } else {
            // Each character as the key event a keyboard layout sends for it (keyClicks()
            // types ASCII only).
            for (const QChar c : ending)
                QTest::sendKeyEvent(QTest::Click, topic, Qt::Key_unknown, QString(c), Qt::NoModifier);
        }
        QCOMPARE(topic->toPlainText(), typed + ending);
        QTRY_COMPARE_WITH_TIMEOUT(note->text(), u"Sandbox: built-in prompts about weapons."_s,
                                  SandboxSubjectNote::DebounceMs + 1000);
    }
};

QTEST_MAIN(TestNewRunForm)
#include "tst_newrunform.moc"
