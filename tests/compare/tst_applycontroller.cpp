#include "applytenant.h"
#include "models/session/applycontroller.h"

#include "testmain.h"

// ApplyController (the desktop side of `daystrom apply` / `revert`) against the AIRS emulator
// over real loopback HTTP.
class TestApplyController : public QObject
{
    Q_OBJECT

    static bool waitFor(ApplyController &c, ApplyController::State state)
    {
        QSignalSpy changed(&c, &ApplyController::stateChanged);
        while (c.state() != state) {
            if (c.state() == ApplyController::State::Failed && state != ApplyController::State::Failed)
                return false;
            if (!changed.wait(15000))
                return false;
        }
        return true;
    }

private slots:
    void appliesRecordsAndReverts()
    {
        ApplyTenant t;
        QVERIFY(t.setUp());
        const QJsonObject before = t.policy();
        ApplyController c(t.client.get(), t.runsDir);
        c.setPropagationDelayMs(0);
        QVERIFY(!c.canRevert());
        c.prepare(t.run, 4);
        QVERIFY(waitFor(c, ApplyController::State::Ready));
        const TopicApplier::Plan &plan = c.plan();
        QCOMPARE(plan.profileName, u"lab"_s);
        QCOMPARE(plan.topics.size(), 2);
        QCOMPARE(plan.topics.at(0).change, TopicApplier::Item::Change::Same);   // the companion
        QCOMPARE(plan.topics.at(1).change, TopicApplier::Item::Change::Update); // iteration 2 -> 4
        QCOMPARE(plan.topics.at(1).existing.id, t.earlier.id);

        c.apply();
        QCOMPARE(c.state(), ApplyController::State::Applying);
        QVERIFY(waitFor(c, ApplyController::State::Applied));
        QCOMPARE(t.airs.topic(t.earlier.id).value(u"description"_s).toString(),
                 t.run.iterationByNumber(4)->topic.description);
        QStringList names;
        for (const TopicAssignment &a : ProfilePolicy::assignedTopics(t.policy()))
            names.append(a.topicName);
        QVERIFY(names.contains(u"Customer records"_s)); // kept
        const RunState stored = t.stored();
        QCOMPARE(stored.applies.size(), 1); // recorded in the run file, for revert
        QCOMPARE(stored.applies.first().iteration, 4);
        QCOMPARE(stored.applies.first().updatedTopics.size(), 1);
        QVERIFY(c.canRevert());

        c.revert();
        QCOMPARE(c.state(), ApplyController::State::Reverting);
        QVERIFY(waitFor(c, ApplyController::State::Reverted));
        QCOMPARE(t.policy(), before);
        QCOMPARE(t.airs.topic(t.earlier.id).value(u"description"_s).toString(), t.earlier.description);
        QVERIFY(t.stored().applies.first().revertedAt.has_value());
        QVERIFY(!c.canRevert());
    }

    // Issue 57: a run file holding an interrupted apply (a pending journal entry: it was
    // creating a topic, and had not written the profile) is settled when Apply opens: the topic
    // it created is found by name and recorded, so Revert can delete it.
    void anInterruptedApplyIsSettledWhenApplyOpens()
    {
        ApplyTenant t;
        QVERIFY(t.setUp());
        const QString leftId = t.airs.addTopic(u"Half-applied topic"_s, u"Requests about a thing"_s, {u"a thing"_s, u"the thing"_s});
        ApplyRecord pending;
        pending.iteration = 4;
        pending.profileName = u"lab"_s;
        pending.appliedAt = QDateTime::currentDateTimeUtc();
        pending.pending = true;
        pending.policyBefore = t.policy();
        pending.toCreate = {u"Half-applied topic"_s};
        RunState run = t.run;
        run.applies.append(pending);
        QVERIFY(RunStore(t.runsDir).save(run).isEmpty());
        ApplyController c(t.client.get(), t.runsDir);
        c.setPropagationDelayMs(0);
        c.prepare(run, 4);
        QVERIFY(waitFor(c, ApplyController::State::Ready));
        const RunState stored = t.stored();
        QCOMPARE(stored.applies.size(), 1);
        QVERIFY(!stored.applies.first().pending);
        QCOMPARE(stored.applies.first().createdTopics.size(), 1);
        QCOMPARE(stored.applies.first().createdTopics.first().id, leftId);
        QVERIFY(!stored.applies.first().policyBefore); // the profile was not written
        QVERIFY(c.canRevert());
        c.revert();
        QVERIFY(waitFor(c, ApplyController::State::Reverted));
        QVERIFY(t.airs.topic(leftId).isEmpty()); // deleted
    }

    void applyingWhatIsThereChangesNothing()
    {
        ApplyTenant t;
        QVERIFY(t.setUp());
        ApplyController c(t.client.get(), t.runsDir);
        c.setPropagationDelayMs(0);
        c.prepare(t.run, 2); // iteration 2 is exactly what the profile has
        QVERIFY(waitFor(c, ApplyController::State::Ready));
        QVERIFY(c.plan().changesNothing());
        const QJsonObject before = t.policy();
        c.apply();
        QVERIFY(waitFor(c, ApplyController::State::Applied));
        QCOMPARE(t.policy(), before);
        QVERIFY(t.stored().applies.isEmpty());
        QVERIFY(!c.canRevert());
    }

    void anUnknownProfileIsSaid()
    {
        ApplyTenant t;
        QVERIFY(t.setUp());
        RunState run = t.run;
        run.userInput.profileName = u"nope"_s;
        ApplyController c(t.client.get(), t.runsDir);
        QSignalSpy failed(&c, &ApplyController::failed);
        c.prepare(run, 4);
        QVERIFY(waitFor(c, ApplyController::State::Failed));
        QVERIFY2(failed.first().first().toString().contains(u"\"nope\""_s), qPrintable(failed.first().first().toString()));
    }

    void aRefusedWriteChangesNothing()
    {
        ApplyTenant t;
        QVERIFY(t.setUp());
        const QJsonObject before = t.policy();
        ApplyController c(t.client.get(), t.runsDir);
        c.setPropagationDelayMs(0);
        c.prepare(t.run, 4);
        QVERIFY(waitFor(c, ApplyController::State::Ready));
        AirsEmulator::Faults refuse;
        refuse.forbiddenNext = 1000;
        t.airs.setFaults(refuse);
        c.apply();
        QVERIFY(waitFor(c, ApplyController::State::Failed));
        QVERIFY2(c.message().startsWith(u"Nothing was applied"_s), qPrintable(c.message()));
        t.airs.setFaults({});
        QCOMPARE(t.policy(), before);
        QVERIFY(t.stored().applies.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestApplyController)
#include "tst_applycontroller.moc"
