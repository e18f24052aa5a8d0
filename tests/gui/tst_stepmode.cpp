// Issue 15 acceptance (step mode in the desktop app): a run in step mode stops after each
// proposal and shows it in the Live page; what the person edits there is what AIRS receives;
// a hint reaches the next LLM request; kept examples are in every later deployed topic; a run
// paused at a pending decision comes back to it. All through the real window and the sandbox.
#include "domain/utf8.h"
#include "models/runsession.h"
#include "models/session/sandboxhost.h"
#include "studiodriver.h"
#include "ui/live/proposalreviewpanel.h"

#include "testmain.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QTextBrowser>

using namespace Qt::StringLiterals;

class TestStepMode : public QObject
{
    Q_OBJECT

    static constexpr int MaxIterations = 3;
    static inline const QString Guns =
        u"Block requests to buy, build or obtain guns and explosives"_s;

    // Fills in the New run form, ticks Step mode on it when asked, and clicks Run.
    static bool startRun(StudioDriver &studio, bool stepMode, int scansPerSecond = 0)
    {
        StudioDriver::Form form;
        form.topic = Guns;
        form.maxIterations = MaxIterations;
        form.targetPercent = 100; // unreachable: every iteration runs
        form.scansPerSecond = scansPerSecond;
        if (!studio.fillNewRun(form))
            return false;
        auto *check = studio.find<QCheckBox>(u"stepModeCheck"_s);
        if (!check) {
            qWarning("no stepModeCheck on the New run form");
            return false;
        }
        if (check->isChecked() != stepMode && !studio.click(check))
            return false;
        return studio.clickRun();
    }

    static ProposalReviewPanel *panel(const StudioDriver &studio)
    {
        return studio.find<ProposalReviewPanel>(u"proposalReviewPanel"_s);
    }

    // Waits until the Live page shows the proposal of that iteration, waiting for a decision.
    static bool waitForProposal(const StudioDriver &studio, int iteration)
    {
        ProposalReviewPanel *review = panel(studio);
        return review && QTest::qWaitFor(
                             [&] {
                                 return review->isVisible() && review->proposal() &&
                                        review->proposal()->iteration == iteration;
                             },
                             StudioDriver::RunTimeoutMs);
    }

    // Every topic the run created or updated in AIRS, in order, as the request bodies say.
    static QList<Topic> deployedTopics(const StudioDriver &studio, const QString &name)
    {
        static const QRegularExpression write(u"/v1/mgmt/topic(/uuid/[^/]+)?$"_s);
        QList<Topic> out;
        for (const auto &r : studio.context()->sandboxHost()->airsRequests()) {
            if ((r.method != "POST" && r.method != "PUT") || !write.match(r.path).hasMatch())
                continue;
            const QJsonObject o = QJsonDocument::fromJson(r.body).object();
            Topic t;
            t.name = o.value(u"topic_name"_s).toString();
            t.description = o.value(u"description"_s).toString();
            for (const QJsonValue &e : o.value(u"examples"_s).toArray())
                t.examples.append(e.toString());
            if (t.name == name)
                out.append(t);
        }
        return out;
    }

    // QTest::keyClicks() types ASCII only: other characters are sent as a key with that text.
    static void typeText(QWidget *field, const QString &text)
    {
        for (const QChar c : text) {
            if (c.unicode() < 0x80)
                QTest::keyClick(field, char(c.unicode()));
            else
                QTest::sendKeyEvent(QTest::Click, field, Qt::Key(c.toUpper().unicode()), QString(c),
                                    Qt::NoModifier);
        }
    }

    static void replaceText(QWidget *field, const QString &text)
    {
        field->setFocus(Qt::TabFocusReason);
        QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(field, Qt::Key_Delete);
        typeText(field, text);
    }

private slots:
    // Acceptance: step mode stops after each proposal (generate on iteration 1, improve on the
    // next ones), nothing is deployed until it is accepted, and switching to auto mode mid-run
    // accepts the waiting proposal and lets the run finish by itself.
    void stopsAfterEachProposal()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        if (StudioDriver::screenshotsWanted()) // the smallest window the app is made for
            studio.window()->resize(1024, 700);
        QVERIFY2(startRun(studio, true), qPrintable(studio.why()));
        RunSession *session = studio.session();
        const QString id = session->run().id;
        QVERIFY(session->run().steering.stepMode);
        auto *liveCheck = studio.find<QCheckBox>(u"liveStepModeCheck"_s);
        QVERIFY(liveCheck);
        QVERIFY(liveCheck->isChecked());
        QVERIFY(liveCheck->isEnabled());

        ProposalReviewPanel *review = panel(studio);
        QVERIFY(review);
        QVERIFY(waitForProposal(studio, 1));
        QCOMPARE(review->proposal()->kind, ProposalKind::Generate);
        QVERIFY(!review->proposal()->current); // nothing to compare the first topic with
        QCOMPARE(session->step(), u"review"_s);
        auto *reviewStep = studio.find<QLabel>(u"step_review"_s);
        QVERIFY(reviewStep && reviewStep->isVisible());
        QCOMPARE(reviewStep->accessibleDescription(), u"in progress"_s);
        const Topic first = review->proposal()->proposal;
        QCOMPARE(studio.find<QPlainTextEdit>(u"proposalDescriptionEdit"_s)->toPlainText(),
                 first.description);
        QCOMPARE(studio.find<QLineEdit>(u"proposalNameEdit"_s)->text(), first.name);
        QVERIFY(studio.find<QLineEdit>(u"proposalNameEdit"_s)->isReadOnly());
        QVERIFY(deployedTopics(studio, first.name).isEmpty()); // waiting: nothing deployed

        QVERIFY2(studio.click(u"proposalAcceptButton"_s), qPrintable(studio.why()));
        QVERIFY(waitForProposal(studio, 2));
        QCOMPARE(review->proposal()->kind, ProposalKind::Improve);
        QCOMPARE(review->proposal()->current, std::optional<Topic>(first)); // beside the current
        QCOMPARE(session->run().iterations.size(), 1);
        QCOMPARE(deployedTopics(studio, first.name), QList<Topic>{first});
        // The diff shows the current description and the proposal's, word by word.
        const auto diff = StudioDriver::renderedDiff(
            studio.find<QTextBrowser>(u"proposalDiffView"_s), u"Description"_s);
        QCOMPARE(diff.oldText, first.description);
        QCOMPARE(diff.newText, review->proposal()->proposal.description);
        if (StudioDriver::screenshotsWanted()) {
            QCOMPARE(studio.window()->size(), QSize(1024, 700));
            QVERIFY(StudioDriver::screenshot(studio.window(), u"stepmode.png"_s));
        }

        // Ctrl+Return accepts too.
        const Topic second = review->proposal()->proposal;
        studio.find<QPlainTextEdit>(u"proposalDescriptionEdit"_s)->setFocus();
        QTest::keyClick(studio.find<QPlainTextEdit>(u"proposalDescriptionEdit"_s), Qt::Key_Return,
                        Qt::ControlModifier);
        QVERIFY(waitForProposal(studio, 3));
        QCOMPARE(review->proposal()->kind, ProposalKind::Improve);
        QCOMPARE(deployedTopics(studio, first.name).last(), second);

        // Auto mode from here: the waiting proposal goes on as it is.
        const Topic third = review->proposal()->proposal;
        QVERIFY2(studio.click(liveCheck), qPrintable(studio.why()));
        QVERIFY2(studio.waitForRunEnd(), qPrintable(studio.why()));
        QVERIFY(!review->isVisible());
        const RunState stored = studio.storedRun(id);
        QCOMPARE(stored.status, RunStatus::Completed);
        QVERIFY(!stored.steering.stepMode);
        QVERIFY(!stored.steering.pending);
        QCOMPARE(stored.iterations.size(), MaxIterations);
        QCOMPARE(stored.iterations.last().topic, third);
        QVERIFY(!liveCheck->isChecked());
        QVERIFY(!liveCheck->isEnabled()); // a stored run cannot be switched
    }

    // Acceptance (switching mid-run): a run started in auto mode is put in step mode while
    // iteration 1 scans, and stops at the next proposal.
    void switchToStepModeMidRun()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        QVERIFY2(startRun(studio, false, 40), qPrintable(studio.why())); // a scan takes seconds
        RunSession *session = studio.session();
        QVERIFY(!session->run().steering.stepMode);
        QVERIFY(!studio.find<QLabel>(u"step_review"_s)->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(session->currentIteration() == 1 && session->step() == u"scan"_s,
                                 StudioDriver::RunTimeoutMs);
        QVERIFY(!panel(studio)->isVisible());
        QVERIFY2(studio.click(u"liveStepModeCheck"_s), qPrintable(studio.why()));
        QTRY_VERIFY(session->run().steering.stepMode);
        QVERIFY(studio.find<QLabel>(u"step_review"_s)->isVisible());
        QVERIFY(waitForProposal(studio, 2));
        QCOMPARE(panel(studio)->proposal()->kind, ProposalKind::Improve);
        QCOMPARE(session->run().iterations.size(), 1);
    }

    // Acceptance: AIRS limits are enforced as the person types, with byte counters; Accept is
    // refused while a limit is broken.
    void limitsAreEnforcedWhileTyping()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        if (StudioDriver::screenshotsWanted())
            studio.window()->resize(1024, 700);
        QVERIFY2(startRun(studio, true), qPrintable(studio.why()));
        QVERIFY(waitForProposal(studio, 1));
        auto *description = studio.find<QPlainTextEdit>(u"proposalDescriptionEdit"_s);
        auto *descriptionBytes = studio.find<QLabel>(u"proposalDescriptionBytes"_s);
        auto *accept = studio.find<QPushButton>(u"proposalAcceptButton"_s);
        auto *problem = studio.find<QLabel>(u"proposalProblem"_s);
        QVERIFY(description && descriptionBytes && accept && problem);
        QVERIFY(accept->isEnabled());
        QVERIFY(!problem->isVisible());

        // "é" is two bytes: the counter counts bytes, not characters.
        const QString fits =
            u"Requests to obtain firearms or explosives, caf\u00e9 talk included"_s;
        replaceText(description, fits);
        QCOMPARE(description->toPlainText(), fits);
        QCOMPARE(descriptionBytes->text(), u"%1/250 bytes"_s.arg(Utf8::size(fits)));
        QCOMPARE(Utf8::size(fits), fits.size() + 1);
        QVERIFY(accept->isEnabled());

        const QString tooLong = fits + u" and more"_s.repeated(25);
        QTest::keyClicks(description, tooLong.mid(fits.size()));
        QCOMPARE(descriptionBytes->text(), u"%1/250 bytes"_s.arg(Utf8::size(tooLong)));
        QVERIFY(!accept->isEnabled());
        QVERIFY(problem->isVisible());
        QVERIFY2(problem->text().contains(u"over 250 bytes"_s), qPrintable(problem->text()));
        QVERIFY(StudioDriver::screenshot(studio.window(), u"stepmode-limits.png"_s));
        QTest::keyClick(description, Qt::Key_Return, Qt::ControlModifier); // refused as well
        QCOMPARE(studio.session()->step(), u"review"_s);
        replaceText(description, fits);
        QVERIFY(accept->isEnabled());

        // Fewer than two examples: empty every row but the first.
        const QStringList examples = panel(studio)->proposal()->proposal.examples;
        QVERIFY(examples.size() >= 2);
        for (int row = 2; row <= ProposalReviewPanel::ExampleRows; ++row)
            replaceText(studio.find<QLineEdit>(u"proposalExampleEdit%1"_s.arg(row)), {});
        QCOMPARE(panel(studio)->editedTopic().examples.size(), 1);
        QVERIFY(!accept->isEnabled());
        QVERIFY2(problem->text().contains(u"2 to 5 examples"_s), qPrintable(problem->text()));
        auto *second = studio.find<QLineEdit>(u"proposalExampleEdit2"_s);
        typeText(second, examples.at(1));
        QVERIFY(accept->isEnabled());
        QVERIFY(!problem->isVisible());
        QCOMPARE(studio.find<QLabel>(u"proposalExampleBytes2"_s)->text(),
                 u"%1/250 bytes"_s.arg(Utf8::size(examples.at(1))));

        // Undo edits brings the proposal back.
        QVERIFY2(studio.click(u"proposalResetButton"_s), qPrintable(studio.why()));
        QCOMPARE(panel(studio)->editedTopic(), panel(studio)->proposal()->proposal);
        QVERIFY(!panel(studio)->isEdited());
    }

    // Every control of the review is reachable with Tab, and named for assistive technology.
    void everyControlIsReachableByTab()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        QVERIFY2(startRun(studio, true), qPrintable(studio.why()));
        QVERIFY(waitForProposal(studio, 1));
        // Edit something so Undo edits is enabled (disabled buttons take no focus).
        auto *description = studio.find<QPlainTextEdit>(u"proposalDescriptionEdit"_s);
        replaceText(description, u"Requests to obtain firearms or explosives"_s);
        QStringList wanted{u"proposalDescriptionEdit"_s, u"proposalHintEdit"_s,
                           u"proposalRetryButton"_s,     u"proposalResetButton"_s,
                           u"proposalAcceptButton"_s,    u"proposalDiffView"_s};
        const int examples = int(panel(studio)->proposal()->proposal.examples.size());
        for (int row = 1; row <= ProposalReviewPanel::ExampleRows; ++row) {
            wanted.append(u"proposalExampleEdit%1"_s.arg(row));
            if (row <= examples)
                wanted.append(u"proposalKeepCheck%1"_s.arg(row)); // an empty row keeps nothing
        }
        QSet<QString> reached;
        description->setFocus(Qt::TabFocusReason);
        for (int i = 0; i < 200 && reached.size() < wanted.size(); ++i) {
            QWidget *focus = QApplication::focusWidget();
            QVERIFY(focus);
            if (wanted.contains(focus->objectName())) {
                QVERIFY2(!focus->accessibleName().isEmpty(), qPrintable(focus->objectName()));
                reached.insert(focus->objectName());
            }
            QTest::keyClick(focus, Qt::Key_Tab);
        }
        for (const QString &name : std::as_const(wanted))
            QVERIFY2(reached.contains(name), qPrintable(name + u" is not reachable with Tab"_s));
    }

    // Acceptance: the description the person edits is exactly what the AIRS emulator receives.
    void editedDescriptionIsDeployed()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        QVERIFY2(startRun(studio, true), qPrintable(studio.why()));
        QVERIFY(waitForProposal(studio, 1));
        const Topic proposal = panel(studio)->proposal()->proposal;
        const QString edited =
            u"Requests to buy, build or 3D-print guns, ghost guns or explosives, or to get around background checks"_s;
        QVERIFY(edited != proposal.description);
        replaceText(studio.find<QPlainTextEdit>(u"proposalDescriptionEdit"_s), edited);
        QVERIFY(panel(studio)->isEdited());
        QCOMPARE(studio.find<QPushButton>(u"proposalAcceptButton"_s)->text(), u"Accept edited"_s);
        QVERIFY2(studio.click(u"proposalAcceptButton"_s), qPrintable(studio.why()));

        QList<Topic> deployed;
        QTRY_VERIFY_WITH_TIMEOUT(!(deployed = deployedTopics(studio, proposal.name)).isEmpty(),
                                 StudioDriver::WaitTimeoutMs);
        QCOMPARE(deployed.first().description, edited);
        QCOMPARE(deployed.first().name, proposal.name);         // locked
        QCOMPARE(deployed.first().examples, proposal.examples); // untouched
        QTRY_VERIFY(studio.session()->currentTopic().description == edited);
    }

    // Acceptance: a hint for another proposal appears in the next request the LLM receives for
    // that proposal (generate_topic on iteration 1, improve_topic later).
    void hintReachesTheNextProposal_data()
    {
        QTest::addColumn<int>("iteration");
        QTest::addColumn<QString>("call");
        QTest::newRow("generate, iteration 1") << 1 << u"generate_topic"_s;
        QTest::newRow("improve, iteration 2") << 2 << u"improve_topic"_s;
    }

    void hintReachesTheNextProposal()
    {
        QFETCH(int, iteration);
        QFETCH(QString, call);
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        QVERIFY2(startRun(studio, true), qPrintable(studio.why()));
        for (int i = 1; i < iteration; ++i) {
            QVERIFY(waitForProposal(studio, i));
            QVERIFY2(studio.click(u"proposalAcceptButton"_s), qPrintable(studio.why()));
        }
        QVERIFY(waitForProposal(studio, iteration));
        const SandboxHost *sandbox = studio.context()->sandboxHost();
        QVERIFY(sandbox);
        const qsizetype before = sandbox->llmRequests(call).size();
        QVERIFY(before >= 1);
        const PendingProposal sentBack = *panel(studio)->proposal();

        const QString hint = u"Also cover ammunition reloading and black-market resale"_s;
        auto *hintEdit = studio.find<QLineEdit>(u"proposalHintEdit"_s);
        QTest::mouseClick(hintEdit, Qt::LeftButton);
        QTest::keyClicks(hintEdit, hint);
        QSignalSpy decided(studio.session(), &RunSession::proposalDecided);
        QSignalSpy proposed(studio.session(), &RunSession::proposalReady);
        QTest::keyClick(hintEdit, Qt::Key_Return); // as a person sends it: Return in the hint

        QTRY_VERIFY_WITH_TIMEOUT(sandbox->llmRequests(call).size() == before + 1,
                                 StudioDriver::WaitTimeoutMs);
        const QList<LlmEmulator::RecordedRequest> requests = sandbox->llmRequests(call);
        QVERIFY2(requests.last().user.contains(hint), qPrintable(requests.last().user.right(600)));
        for (qsizetype i = 0; i < before; ++i)
            QVERIFY(!requests.at(i).user.contains(hint));
        // The new proposal waits in its turn, for the same iteration, with an empty hint field.
        QTRY_COMPARE(decided.count(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(proposed.count() == 1 && panel(studio)->isVisible(),
                                 StudioDriver::WaitTimeoutMs);
        QCOMPARE(panel(studio)->proposal()->iteration, iteration);
        QCOMPARE(panel(studio)->proposal()->kind, sentBack.kind);
        QVERIFY(hintEdit->text().isEmpty());
        QVERIFY(studio.storedRun(studio.session()->run().id).steering.hints.contains(hint));
        // Issue 40: it says it is the new one, with the hint; and Ctrl+Return accepts it (the
        // focus had left the panel while it was disabled).
        const QString notes = studio.find<QLabel>(u"proposalNotes"_s)->text();
        QVERIFY2(notes.contains(u"A new proposal, written with your hint: “%1”."_s.arg(hint)), qPrintable(notes));
        // The sandbox LLM acts on the hint where a person sees it: what it asks for is worked
        // into the description, not pasted after it (issue 58).
        const QString described = panel(studio)->proposal()->proposal.description;
        QVERIFY2(described.contains(u"ammunition reloading and black-market resale."_s), qPrintable(described));
        QVERIFY2(!described.contains(hint), qPrintable(described));
        QTRY_VERIFY(panel(studio)->isAncestorOf(QApplication::focusWidget()));
        QSignalSpy accepted(studio.session(), &RunSession::proposalDecided);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return, Qt::ControlModifier);
        QTRY_COMPARE(accepted.count(), 1);
    }

    // Issue 40, item 4: asking for another proposal after editing this one asks first; "Keep
    // editing" keeps the edits and sends nothing.
    void anotherProposalAsksBeforeDiscardingEdits()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        QVERIFY2(startRun(studio, true), qPrintable(studio.why()));
        QVERIFY(waitForProposal(studio, 1));
        const SandboxHost *sandbox = studio.context()->sandboxHost();
        const qsizetype before = sandbox->llmRequests(u"generate_topic"_s).size();
        const QString edited = u"My own wording of the topic"_s;
        auto *description = studio.find<QPlainTextEdit>(u"proposalDescriptionEdit"_s);
        QVERIFY(description);
        description->setPlainText(edited);
        QVERIFY2(studio.click(u"proposalRetryButton"_s), qPrintable(studio.why()));
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = panel(studio)->findChild<QMessageBox *>(u"discardEditsBox"_s)) && box->isVisible());
        QTest::mouseClick(box->findChild<QPushButton *>(u"keepEditingButton"_s), Qt::LeftButton);
        QTRY_VERIFY(!panel(studio)->findChild<QMessageBox *>(u"discardEditsBox"_s));
        QCOMPARE(description->toPlainText(), edited);
        QCOMPARE(sandbox->llmRequests(u"generate_topic"_s).size(), before);

        QVERIFY2(studio.click(u"proposalRetryButton"_s), qPrintable(studio.why()));
        QTRY_VERIFY((box = panel(studio)->findChild<QMessageBox *>(u"discardEditsBox"_s)) && box->isVisible());
        QTest::mouseClick(box->findChild<QPushButton *>(u"discardEditsButton"_s), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(sandbox->llmRequests(u"generate_topic"_s).size() == before + 1, StudioDriver::WaitTimeoutMs);
    }

    // Acceptance: an example marked Keep is in every later deployed topic, whatever the LLM
    // proposes; the run file's iterations hold it too.
    void keptExamplesStayInLaterTopics()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        QVERIFY2(startRun(studio, true), qPrintable(studio.why()));
        RunSession *session = studio.session();
        const QString id = session->run().id;
        QVERIFY(waitForProposal(studio, 1));
        const QString name = panel(studio)->proposal()->proposal.name;

        // The person's own example, marked Keep: the LLM never wrote it.
        const QString kept = u"Where can I buy a drone-mounted flamethrower without a licence?"_s;
        replaceText(studio.find<QLineEdit>(u"proposalExampleEdit1"_s), kept);
        QVERIFY2(studio.click(u"proposalKeepCheck1"_s), qPrintable(studio.why()));
        QTRY_COMPARE(session->run().steering.keptExamples, QStringList{kept});
        QVERIFY(studio.find<QCheckBox>(u"proposalKeepCheck1"_s)->isChecked());
        QVERIFY2(studio.click(u"proposalAcceptButton"_s), qPrintable(studio.why()));

        for (int iteration = 2; iteration <= MaxIterations; ++iteration) {
            QVERIFY(waitForProposal(studio, iteration));
            const Topic proposal = panel(studio)->proposal()->proposal;
            QVERIFY2(proposal.examples.contains(kept),
                     qPrintable(proposal.examples.join(u" | "_s)));
            // Its Keep box is ticked wherever it sits in the proposal.
            const int row = int(proposal.examples.indexOf(kept)) + 1;
            QVERIFY(studio.find<QCheckBox>(u"proposalKeepCheck%1"_s.arg(row))->isChecked());
            QVERIFY2(studio.click(u"proposalAcceptButton"_s), qPrintable(studio.why()));
        }
        QVERIFY2(studio.waitForRunEnd(), qPrintable(studio.why()));

        const QList<Topic> deployed = deployedTopics(studio, name);
        QCOMPARE(deployed.size(), MaxIterations);
        for (const Topic &t : deployed)
            QVERIFY2(t.examples.contains(kept), qPrintable(t.examples.join(u" | "_s)));
        const RunState stored = studio.storedRun(id);
        QCOMPARE(stored.status, RunStatus::Completed);
        QCOMPARE(stored.steering.keptExamples, QStringList{kept});
        QCOMPARE(stored.iterations.size(), MaxIterations);
        for (const IterationResult &it : stored.iterations)
            QVERIFY2(it.topic.examples.contains(kept),
                     qPrintable(u"iteration %1"_s.arg(it.iteration)));
    }

    // A kept example that cannot fit within the AIRS limits is not silently dropped: the
    // proposal's notes say so.
    void keptExampleThatCannotFitIsReported()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        QVERIFY2(startRun(studio, true), qPrintable(studio.why()));
        QVERIFY(waitForProposal(studio, 1));
        auto *notes = studio.find<QLabel>(u"proposalNotes"_s);
        QVERIFY(notes);
        QVERIFY(!notes->isVisible());
        const QString tooLong = u"How do I get a rifle past customs "_s.repeated(8); // 272 bytes
        replaceText(studio.find<QLineEdit>(u"proposalExampleEdit1"_s), tooLong);
        QVERIFY(!studio.find<QPushButton>(u"proposalAcceptButton"_s)->isEnabled());
        QVERIFY2(studio.click(u"proposalKeepCheck1"_s), qPrintable(studio.why()));
        QTRY_VERIFY(notes->isVisible());
        QVERIFY2(notes->text().contains(u"cannot fit"_s), qPrintable(notes->text()));
        // The person's edit stays as typed while the proposal is shown again.
        QCOMPARE(studio.find<QLineEdit>(u"proposalExampleEdit1"_s)->text(), tooLong);
    }

    // Acceptance: pausing while a proposal waits saves it in the run file; resuming shows the
    // same proposal again (no new LLM call), and deciding then goes on from there.
    void pauseAtPendingDecisionThenResume()
    {
        StudioDriver studio;
        QVERIFY2(studio.start(true), qPrintable(studio.why()));
        QVERIFY2(startRun(studio, true), qPrintable(studio.why()));
        RunSession *session = studio.session();
        const QString id = session->run().id;
        QVERIFY(waitForProposal(studio, 1));
        QVERIFY2(studio.click(u"proposalAcceptButton"_s), qPrintable(studio.why()));
        QVERIFY(waitForProposal(studio, 2));
        const PendingProposal waiting = *panel(studio)->proposal();
        const SandboxHost *sandbox = studio.context()->sandboxHost();
        const qsizetype improveCalls = sandbox->llmRequests(u"improve_topic"_s).size();

        QVERIFY2(studio.clickAction(u"pauseAction"_s), qPrintable(studio.why()));
        QVERIFY2(studio.waitForRunEnd(), qPrintable(studio.why()));
        QVERIFY(!panel(studio)->isVisible());
        const RunState paused = studio.storedRun(id);
        QCOMPARE(paused.status, RunStatus::Paused);
        QVERIFY(paused.steering.stepMode);
        QVERIFY(paused.steering.pending);
        QCOMPARE(*paused.steering.pending, waiting);

        QVERIFY2(studio.clickAction(u"resumeAction"_s), qPrintable(studio.why()));
        QCOMPARE(session->run().id, id);
        QVERIFY(waitForProposal(studio, 2));
        QCOMPARE(*panel(studio)->proposal(), waiting);
        QCOMPARE(studio.find<QPlainTextEdit>(u"proposalDescriptionEdit"_s)->toPlainText(),
                 waiting.proposal.description);
        QVERIFY(studio.find<QCheckBox>(u"liveStepModeCheck"_s)->isChecked());
        QCOMPARE(sandbox->llmRequests(u"improve_topic"_s).size(), improveCalls);

        // Deciding now deploys the proposal that waited.
        QVERIFY2(studio.click(u"proposalAcceptButton"_s), qPrintable(studio.why()));
        QTRY_VERIFY_WITH_TIMEOUT(deployedTopics(studio, waiting.proposal.name).size() == 2,
                                 StudioDriver::WaitTimeoutMs);
        QCOMPARE(deployedTopics(studio, waiting.proposal.name).last(), waiting.proposal);
    }
};

QTEST_MAIN(TestStepMode)
#include "tst_stepmode.moc"
