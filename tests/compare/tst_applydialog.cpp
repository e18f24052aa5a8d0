#include "applytenant.h"
#include "runs/auditstate.h"
#include "models/runsession.h"
#include "ui/compare/applydialog.h"
#include "ui/compare/comparepanel.h"
#include "translations/translations.h"

#include "testmain.h"

#include <QCheckBox>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTextBrowser>

// ApplyDialog against the AIRS emulator over loopback: the GUI's Apply and Revert drive the
// same TopicApplier as `daystrom apply` / `revert`. Waits use QSignalSpy::wait, which runs
// the event loop the emulator serves from.
class TestApplyDialog : public QObject
{
    Q_OBJECT

    static bool waitFor(ApplyDialog *dialog, ApplyController::State state)
    {
        QSignalSpy changed(dialog->controller(), &ApplyController::stateChanged);
        while (dialog->controller()->state() != state) {
            if (!changed.wait(15000))
                return false;
        }
        return true;
    }

    // Revert ▸ the confirmation (issue 40: a revert deletes production topics) ▸ Revert.
    // Returns the confirmation's informative text, or a null string when it did not appear.
    static QString revertConfirmed(ApplyDialog *dialog)
    {
        QTest::mouseClick(dialog->findChild<QPushButton *>(u"applyRevertButton"_s), Qt::LeftButton);
        QMessageBox *box = nullptr;
        if (!QTest::qWaitFor([&] { return (box = dialog->findChild<QMessageBox *>(u"revertConfirmBox"_s)) && box->isVisible(); }))
            return {};
        const QString text = box->text() + u'\n' + box->informativeText();
        box->findChild<QPushButton *>(u"revertConfirmButton"_s)->click();
        return text;
    }

    static void shot(QWidget *w, const QString &name)
    {
        const QString dir = qEnvironmentVariable("DAYSTROM_SCREENSHOTS");
        if (!dir.isEmpty())
            QVERIFY(w->grab().save(dir + u'/' + name));
    }

    // Profile "lab" turned into an allow list (action "block") after the run read it: the run's
    // record of production at its start is the policy from before.
    static void makeAllowListThatDrifted(ApplyTenant &t)
    {
        QVERIFY(t.setUp());
        const QJsonObject policy = t.policy();
        const auto toAllowList = await<AirsProfile>([&](QObject *ctx, auto done) {
            t.client->assignTopics(u"lab"_s, ProfilePolicy::assignedTopics(policy), u"block"_s, ctx, done);
        });
        QVERIFY(toAllowList.ok());
        QCOMPARE(ProfilePolicy::topicGuardrails(t.policy()).value(u"action"_s).toString(), u"block"_s);
        t.run.productionAtStart = policy;
        QVERIFY(RunStore(t.runsDir).save(t.run).isEmpty());
    }

private slots:
    // Issue 42: before an apply, Check impact scans the prompts of the profile's latest audit
    // against a scratch copy of production with the change in place, and names a topic the
    // candidate would hurt: here one whose negatives the candidate now catches. Production
    // stays as it was and the scratch objects go.
    void impactCheckNamesATopicTheCandidateWouldHurt()
    {
        ApplyTenant t;
        QVERIFY(t.setUp());
        const Topic candidate = t.run.iterationByNumber(4)->topic;
        AuditState audit;
        audit.id = u"aUditIdForTheImpactXy"_s;
        audit.profileName = u"lab"_s;
        audit.createdAt = audit.updatedAt = QDateTime::currentDateTimeUtc();
        audit.status = AuditState::Status::Completed;
        audit.topics = {{t.userTopicId, u"Customer records"_s, u"block"_s, u"Requests to export customer records"_s, {}, 1}};
        AuditScan caught, passed;
        caught.flagged = true;
        caught.matchedTopics = {u"Customer records"_s};
        // The candidate's own example, let through by production as it is.
        audit.suites = {{u"Customer records"_s,
                         {TestCase{u"Export all customer records"_s, true, u"c"_s, TestSource::Benchmark, {}},
                          TestCase{candidate.examples.first(), false, u"c"_s, TestSource::Benchmark, {}}},
                         {caught, passed}}};
        const QString home = TestHome::path() + u"/impact-home"_s;
        QVERIFY(audit.save(home).isEmpty());

        const QJsonObject before = t.policy();
        ApplyDialog dialog(t.client.get(), t.runsDir, t.run, 4);
        dialog.setImpactSource({emulatorSettings(t.airs), home, 2, 0, 0});
        dialog.open();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(waitFor(&dialog, ApplyController::State::Ready));
        auto *impact = dialog.findChild<QPushButton *>(u"applyImpactButton"_s);
        QTRY_VERIFY(impact->isVisible()); // once the audit is read, off the GUI thread
        QTest::mouseClick(impact, Qt::LeftButton);
        auto *view = dialog.findChild<QLabel *>(u"applyImpactView"_s);
        QTRY_VERIFY_WITH_TIMEOUT(view->isVisible(), 30000);
        QVERIFY2(view->text().contains(candidate.examples.first().toHtmlEscaped()), qPrintable(view->text()));
        QVERIFY2(view->text().contains(u"hurt"_s), qPrintable(view->text()));
        const QString status = dialog.findChild<QLabel *>(u"applyStatus"_s)->text();
        QVERIFY2(status.contains(u"1 topic"_s), qPrintable(status));
        shot(&dialog, u"apply-impact.png"_s);
        QCOMPARE(t.policy(), before);
        for (const QJsonObject &p : t.airs.profiles())
            QVERIFY(!p.value(u"profile_name"_s).toString().startsWith(u"daystrom-run-"_s));
        QVERIFY(QDir(AuditState::directory(home)).entryList({u"impact-*.json"_s}, QDir::Files).isEmpty());
        QCOMPARE(dialog.controller()->state(), ApplyController::State::Ready); // still only a plan
    }

    // Issue 38 in German, as a person there sees it: the drift and the action change.
    void actionChangeAndDriftInGerman()
    {
        QVERIFY(!Translations::install(QLocale(QLocale::German, QLocale::Germany)).isEmpty());
        ApplyTenant t;
        makeAllowListThatDrifted(t);
        ApplyDialog dialog(t.client.get(), t.runsDir, t.run, 4);
        dialog.open();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(waitFor(&dialog, ApplyController::State::Ready));
        const QString text = dialog.findChild<QTextBrowser *>(u"applyPreview"_s)->toPlainText();
        const QString consent = dialog.findChild<QLabel *>(u"applyChangeActionNote"_s)->text();
        QVERIFY2(dialog.width() <= 1024, qPrintable(QString::number(dialog.width()))); // fits a small screen
        shot(&dialog, u"apply-dialog-action-de.png"_s);
        Translations::install(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY2(text.contains(u"Profil lab wurde geändert, seit der Lauf es zu Beginn gelesen hat"_s), qPrintable(text));
        QVERIFY2(consent.startsWith(u"Die Übernahme ändert auch die Aktion des Profils"_s), qPrintable(consent));
    }

    void showsTheChangeAppliesAndReverts()
    {
        ApplyTenant t;
        QVERIFY(t.setUp());
        const QJsonObject before = t.policy();
        ApplyDialog dialog(t.client.get(), t.runsDir, t.run, 4);
        dialog.controller()->setPropagationDelayMs(0);
        QCOMPARE(dialog.objectName(), u"applyDialog"_s);
        QSignalSpy applied(&dialog, &ApplyDialog::applied);
        QSignalSpy reverted(&dialog, &ApplyDialog::reverted);
        dialog.open();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *confirm = dialog.findChild<QPushButton *>(u"applyConfirmButton"_s);
        auto *revert = dialog.findChild<QPushButton *>(u"applyRevertButton"_s);
        QVERIFY(confirm && revert);
        QVERIFY(!confirm->isEnabled()); // nothing is known about AIRS yet
        QVERIFY(waitFor(&dialog, ApplyController::State::Ready));
        QVERIFY(confirm->isEnabled());
        QVERIFY(!revert->isVisible()); // nothing applied from this run yet

        auto *preview = dialog.findChild<QTextBrowser *>(u"applyPreview"_s);
        const QString text = preview->toPlainText();
        QVERIFY2(text.contains(u"AIRS now has revision 1 of this topic"_s), qPrintable(text));
        QVERIFY(text.contains(u"will be replaced"_s));
        QVERIFY(text.contains(u"AIRS already has exactly this text"_s)); // the companion
        QVERIFY(text.contains(u"Security profile lab"_s));
        QVERIFY(text.contains(u"Profile lab will pin these topics"_s));
        QVERIFY(text.contains(u"Block: Weapons acquisition — a prompt that matches it is blocked"_s));
        QVERIFY(text.contains(u"Allow: Allow: lawful firearm topics, the companion — a prompt that matches it is allowed"_s));
        // The guardrail's own action is the one for prompts that match no topic: no contradiction.
        QVERIFY2(text.contains(u"Profile action for a prompt that matches none of its topics: allow. So the block topic "
                               "is what this guardrail enforces"_s),
                 qPrintable(text));
        QVERIFY(!text.contains(u"(block intent)"_s));
        QVERIFY(text.contains(u"Every other topic on the profile"_s));
        QVERIFY(text.contains(u"Other topics on the profile: Customer records (block)."_s));
        QVERIFY(text.contains(u"added: Need a piece, no questions"_s));
        QVERIFY(preview->toHtml().contains(u"line-through"_s));
        // The iteration's topic first; the companion after it, explained where it appears.
        const qsizetype main = text.indexOf(u"Topic “Weapons acquisition” (block)"_s);
        const qsizetype companion = text.indexOf(u"Companion topic “Allow: lawful firearm topics” (allow)"_s);
        const qsizetype why = text.indexOf(u"The companion is an allow topic the run wrote for the legitimate side"_s);
        QVERIFY2(main >= 0 && companion > main && why > companion, qPrintable(text));
        QCOMPARE(text.count(u"The companion is an allow topic"_s), 1);
        shot(&dialog, u"apply-dialog.png"_s);

        QTest::mouseClick(confirm, Qt::LeftButton);
        QCOMPARE(dialog.controller()->state(), ApplyController::State::Applying);
        dialog.reject(); // cannot walk away from a change being written
        QVERIFY(dialog.isVisible());
        QVERIFY(waitFor(&dialog, ApplyController::State::Applied));
        QCOMPARE(applied.size(), 1);
        auto *result = dialog.findChild<QLabel *>(u"applyResult"_s);
        QVERIFY(result && result->isVisible());
        QVERIFY2(result->text().contains(u"updated topic"_s), qPrintable(result->text()));
        QVERIFY(!confirm->isVisible());
        QCOMPARE(t.airs.topic(t.earlier.id).value(u"description"_s).toString(), t.run.iterationByNumber(4)->topic.description);
        QCOMPARE(t.stored().applies.size(), 1);
        QVERIFY(revert->isVisible() && revert->isEnabled());
        // Said in the past tense now: nothing "will" happen any more.
        const QString after = preview->toPlainText();
        QVERIFY2(!after.contains(u"will be replaced"_s) && !after.contains(u"will pin"_s) && !after.contains(u"will be"_s),
                 qPrintable(after));
        QVERIFY(after.contains(u"Updated: the text of revision 1 was replaced"_s));
        QVERIFY(after.contains(u"Profile lab now pins these topics"_s));
        QVERIFY(dialog.findChild<QLabel *>(u"applyStatus"_s)->text().startsWith(u"Done:"_s));
        shot(&dialog, u"apply-dialog-applied.png"_s);

        // Issue 40, item 7: asked first, saying what it writes and deletes; Cancel writes nothing.
        QTest::mouseClick(revert, Qt::LeftButton);
        QMessageBox *ask = nullptr;
        QTRY_VERIFY((ask = dialog.findChild<QMessageBox *>(u"revertConfirmBox"_s)) && ask->isVisible());
        QVERIFY2(ask->text().contains(u"production profile “lab”"_s), qPrintable(ask->text()));
        QVERIFY2(ask->informativeText().contains(u"get their earlier text back"_s), qPrintable(ask->informativeText()));
        ask->button(QMessageBox::Cancel)->click();
        QTRY_VERIFY(!dialog.findChild<QMessageBox *>(u"revertConfirmBox"_s));
        QCOMPARE(dialog.controller()->state(), ApplyController::State::Applied);
        QVERIFY(t.policy() != before);
        QVERIFY(!revertConfirmed(&dialog).isNull());
        QVERIFY(waitFor(&dialog, ApplyController::State::Reverted));
        QCOMPARE(reverted.size(), 1);
        QCOMPARE(t.policy(), before); // exactly as before the apply
        QCOMPARE(t.airs.topic(t.earlier.id).value(u"description"_s).toString(), t.earlier.description);
        QVERIFY(t.stored().applies.first().revertedAt.has_value());
        QVERIFY(!revert->isVisible());
        const QString undone = preview->toPlainText();
        QVERIFY2(!undone.contains(u"will be"_s) && undone.contains(u"Reverted: AIRS has the text of revision 1 again"_s),
                 qPrintable(undone));
        QVERIFY(undone.contains(u"The revert put the topic guardrails of profile lab back"_s));
        auto *close = dialog.findChild<QPushButton *>(u"applyCancelButton"_s);
        QCOMPARE(close->text(), u"&Close"_s);
        QTest::mouseClick(close, Qt::LeftButton);
        QVERIFY(!dialog.isVisible());
    }

    // Issue 38: on an allow-list profile (action "block" for unmatched prompts), applying a
    // block-intent topic changes that action; the dialog asks for it on its own.
    void anAllowListAsksBeforeItsActionChanges()
    {
        ApplyTenant t;
        makeAllowListThatDrifted(t);
        if (QTest::currentTestFailed())
            return;
        ApplyDialog dialog(t.client.get(), t.runsDir, t.run, 4);
        dialog.controller()->setPropagationDelayMs(0);
        dialog.open();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(waitFor(&dialog, ApplyController::State::Ready));
        auto *confirm = dialog.findChild<QPushButton *>(u"applyConfirmButton"_s);
        auto *consent = dialog.findChild<QCheckBox *>(u"applyChangeActionCheck"_s);
        QVERIFY(confirm && consent);
        QVERIFY(consent->isVisible());
        QVERIFY(!consent->isChecked());
        QCOMPARE(consent->text(), u"Change the &action from block to allow"_s);
        auto *note = dialog.findChild<QLabel *>(u"applyChangeActionNote"_s);
        QVERIFY(note && note->isVisible());
        QVERIFY2(note->text().contains(u"from block to allow: everything that matches no topic will pass"_s),
                 qPrintable(note->text()));
        QVERIFY(!confirm->isEnabled());
        const QString text = dialog.findChild<QTextBrowser *>(u"applyPreview"_s)->toPlainText();
        QVERIFY2(text.contains(u"(It is block now: this changes too.)"_s), qPrintable(text));
        QVERIFY2(text.contains(u"Profile lab changed since the run read it at its start"_s)
                     && text.contains(u"The action for prompts that match none of its topics is block now (was allow)."_s),
                 qPrintable(text));
        shot(&dialog, u"apply-dialog-action.png"_s);

        consent->click();
        QVERIFY(confirm->isEnabled());
        consent->click();
        QVERIFY(!confirm->isEnabled());
        consent->click();
        QTest::mouseClick(confirm, Qt::LeftButton);
        QVERIFY(waitFor(&dialog, ApplyController::State::Applied));
        QCOMPARE(ProfilePolicy::topicGuardrails(t.policy()).value(u"action"_s).toString(), u"allow"_s);
        QVERIFY(!consent->isVisible());
    }

    // Issue 38: a colleague edited the topic the apply updated; Revert says so and asks,
    // writing nothing until the person chooses to revert anyway.
    void revertAsksWhenAColleagueChangedTheTopic()
    {
        ApplyTenant t;
        QVERIFY(t.setUp());
        ApplyDialog dialog(t.client.get(), t.runsDir, t.run, 4);
        dialog.controller()->setPropagationDelayMs(0);
        dialog.open();
        QVERIFY(waitFor(&dialog, ApplyController::State::Ready));
        QTest::mouseClick(dialog.findChild<QPushButton *>(u"applyConfirmButton"_s), Qt::LeftButton);
        QVERIFY(waitFor(&dialog, ApplyController::State::Applied));
        QVERIFY(await<AirsTopic>([&](QObject *ctx, auto done) {
                    t.client->updateTopic(t.earlier.id, t.earlier.name, u"A colleague's wording"_s,
                                          {u"first"_s, u"second"_s}, ctx, done);
                }).ok());
        QSignalSpy conflicts(dialog.controller(), &ApplyController::revertConflicts);
        QVERIFY(!revertConfirmed(&dialog).isNull());
        QVERIFY(conflicts.wait(15000));
        QCOMPARE(dialog.controller()->state(), ApplyController::State::Applied); // nothing written
        QCOMPARE(t.airs.topic(t.earlier.id).value(u"description"_s).toString(), u"A colleague's wording"_s);
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = dialog.findChild<QMessageBox *>(u"revertConflictsBox"_s)) != nullptr);
        QVERIFY2(box->informativeText().contains(u"it is at revision 3 now"_s), qPrintable(box->informativeText()));
        shot(box, u"apply-revert-conflict.png"_s);
        box->findChild<QPushButton *>(u"revertAnywayButton"_s)->click();
        QTRY_VERIFY2_WITH_TIMEOUT(dialog.controller()->state() == ApplyController::State::Reverted,
                                  qPrintable(dialog.controller()->message()), 15000);
        QCOMPARE(t.airs.topic(t.earlier.id).value(u"description"_s).toString(), t.earlier.description);
    }

    void anEarlierApplyCanBeRevertedLater()
    {
        ApplyTenant t;
        QVERIFY(t.setUp());
        const QJsonObject before = t.policy();
        {
            ApplyDialog first(t.client.get(), t.runsDir, t.run, 1);
            first.controller()->setPropagationDelayMs(0);
            QVERIFY(waitFor(&first, ApplyController::State::Ready));
            first.controller()->apply();
            QVERIFY(waitFor(&first, ApplyController::State::Applied));
        }
        // Opened again later (the run from memory knows nothing of the apply: the file does).
        ApplyDialog dialog(t.client.get(), t.runsDir, t.run, 4);
        dialog.show();
        QVERIFY(waitFor(&dialog, ApplyController::State::Ready));
        auto *revert = dialog.findChild<QPushButton *>(u"applyRevertButton"_s);
        QVERIFY(revert->isVisible() && revert->isEnabled());
        QVERIFY(!revertConfirmed(&dialog).isNull());
        QVERIFY(waitFor(&dialog, ApplyController::State::Reverted));
        QCOMPARE(t.policy(), before);
        // That revert took back iteration 1's apply: the plan read for iteration 4 is stale.
        const QString text = dialog.findChild<QTextBrowser *>(u"applyPreview"_s)->toPlainText();
        QVERIFY2(text.contains(u"Reload from AIRS"_s) && !text.contains(u"will be"_s), qPrintable(text));
        auto *reload = dialog.findChild<QPushButton *>(u"applyReloadButton"_s);
        QVERIFY(reload->isVisible() && reload->isEnabled());
        QTest::mouseClick(reload, Qt::LeftButton);
        QVERIFY(waitFor(&dialog, ApplyController::State::Ready));
        QVERIFY(dialog.findChild<QTextBrowser *>(u"applyPreview"_s)->toPlainText().contains(u"will be"_s));
    }

    void comparePanelOpensItForIterationB()
    {
        ApplyTenant t;
        QVERIFY(t.setUp());
        RunSession session;
        session.open(t.run);
        ComparePanel panel(&session);
        panel.setManagementClient(t.client.get(), t.runsDir, 0);
        panel.show();
        QSignalSpy applied(&panel, &ComparePanel::topicApplied);
        QTest::mouseClick(panel.findChild<QPushButton *>(u"applyIterationButton"_s), Qt::LeftButton);
        ApplyDialog *dialog = panel.applyDialog();
        QVERIFY(dialog);
        QVERIFY(waitFor(dialog, ApplyController::State::Ready));
        QCOMPARE(dialog->controller()->plan().iteration, 4);
        QTest::mouseClick(dialog->findChild<QPushButton *>(u"applyConfirmButton"_s), Qt::LeftButton);
        QVERIFY(applied.wait(15000));
        QCOMPARE(applied.first().at(0).toInt(), 4);
    }
};

QTEST_MAIN(TestApplyDialog)
#include "tst_applydialog.moc"
