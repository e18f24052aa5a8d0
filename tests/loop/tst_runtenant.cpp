#include "loopharness.h"
#include "scenarios.h"
#include "tenantfixture.h"

#include "airs/profilepolicy.h"
#include "tenant/runworkspace.h"

#include "testmain.h"

using namespace Qt::StringLiterals;
using namespace TenantFixture;

// A run never touches production: it works on its own copy of the profile and takes every
// object it created away again (issue 13), against the AIRS emulator over loopback HTTP.
class TestRunTenant : public QObject
{
    Q_OBJECT

    struct Fixture
    {
        ScriptedLlm llm;
        std::unique_ptr<LoopHarness> h;
        QString userTopicId;
        QString productionId;
        explicit Fixture(const QList<Topic> &topics = {Scenario::medium(), Scenario::good()})
        {
            Scenario::script(llm, topics);
            llm.start();
            h = std::make_unique<LoopHarness>(llm.baseUrl());
            userTopicId = seedProduction(h->airs);
            productionId = h->airs.profile(Production).value(u"profile_id"_s).toString();
        }
        RunState newRun(Intent intent = Intent::Block) const
        {
            RunState r = LoopHarness::newRun(u"Block requests to acquire weapons"_s, intent);
            r.userInput.profileName = Production;
            return r;
        }
    };

    // The run's profile while it runs: recorded at every applyComplete.
    struct Watch
    {
        QStringList scratchTopicNames;
        QJsonObject scratchPolicy;
    };
    static void watch(RefinementRun &run, Fixture &f, Watch *w)
    {
        QObject::connect(&run, &RefinementRun::applyComplete, &run, [&run, &f, w] {
            const QJsonObject p = f.h->airs.profile(TenantFootprint::scratchProfileName(run.state().id));
            w->scratchPolicy = p.value(u"policy"_s).toObject();
            w->scratchTopicNames.clear();
            for (const TopicAssignment &a : ProfilePolicy::assignedTopics(w->scratchPolicy))
                w->scratchTopicNames.append(a.topicName);
        });
    }

    static void verifyUntouched(Fixture &f, const Snapshot &before, const RunState &run)
    {
        QCOMPARE(Snapshot::of(f.h->airs), before); // production byte for byte; no profile or topic left
        QCOMPARE(writesTo(f.h->airs, f.productionId), 0);
        const QSet<QString> scanned = scannedProfiles(f.h->airs);
        if (!scanned.isEmpty())
            QCOMPARE(scanned, QSet<QString>{TenantFootprint::scratchProfileName(run.id)});
        const RunStore::Loaded saved = RunStore(f.h->runsDir).load(run.id);
        QVERIFY2(saved.ok(), qPrintable(saved.error));
        QVERIFY(!saved.run.tenant.has_value()); // nothing left to clean up
    }

private slots:
    void completedRunLeavesProductionAsItWas()
    {
        Fixture f;
        const Snapshot before = Snapshot::of(f.h->airs);
        RefinementRun run(f.h->services(), f.newRun());
        Watch w;
        watch(run, f, &w);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QCOMPARE(run.state().iterations.size(), 2);
        // While it ran, its profile held production's topic and its own two.
        QCOMPARE(w.scratchTopicNames, (QStringList{u"Customer records"_s, u"Weapons"_s, u"Allow: lawful firearm topics"_s}));
        QCOMPARE(w.scratchPolicy.value(u"dlp-data-profiles"_s), QJsonValue(QJsonArray{u"Credit cards"_s})); // the policy, copied
        QVERIFY(!scannedProfiles(f.h->airs).isEmpty());
        verifyUntouched(f, before, run.state());
    }

    void cancelledRunLeavesProductionAsItWas()
    {
        Fixture f;
        const Snapshot before = Snapshot::of(f.h->airs);
        RefinementRun run(f.h->services(), f.newRun());
        connect(&run, &RefinementRun::testProgress, this, [&run](int done, int) {
            if (done == 3)
                run.requestCancel();
        });
        QCOMPARE(runToEnd(run), RunStatus::Cancelled);
        QVERIFY(f.h->airs.topics().size() == 1);
        verifyUntouched(f, before, run.state());
    }

    void failedRunLeavesProductionAsItWas()
    {
        Fixture f;
        const Snapshot before = Snapshot::of(f.h->airs);
        RefinementRun run(f.h->services(), f.newRun());
        // The topic exists, then the companion call (and the tests' call, made at the same
        // time) fails for good.
        connect(&run, &RefinementRun::generateComplete, this, [&f] { f.llm.malformedNext = 1000; });
        QSignalSpy failed(&run, &RefinementRun::loopFailed);
        QCOMPARE(runToEnd(run), RunStatus::Failed);
        const QString error = failed.first().first().toString();
        QVERIFY2(error.contains(u"generate_companion"_s) || error.contains(u"generate_tests"_s), qPrintable(error));
        verifyUntouched(f, before, run.state());
    }

    void candidateStandsInForTheProductionTopicOfItsName()
    {
        Fixture f;
        // An earlier apply left "Weapons" on a production profile.
        const QString applied = f.h->airs.addTopic(u"Weapons"_s, u"Old text"_s, {u"old one"_s, u"old two"_s});
        const QJsonObject policy = ProfilePolicy::withTopicGuardrails(
            productionPolicy(f.userTopicId), {{applied, u"Weapons"_s, u"block"_s, 1}}, u"allow"_s);
        f.h->airs.addProfile(u"prod2"_s, policy);
        const Snapshot before = Snapshot::of(f.h->airs);
        RunState state = f.newRun();
        state.userInput.profileName = u"prod2"_s;
        RefinementRun run(f.h->services(), state);
        QList<QString> pinnedIds;
        QStringList pinnedNames;
        connect(&run, &RefinementRun::applyComplete, this, [&] {
            pinnedIds.clear();
            pinnedNames.clear();
            const QJsonObject p = f.h->airs.profile(TenantFootprint::scratchProfileName(state.id));
            for (const TopicAssignment &a : ProfilePolicy::assignedTopics(p.value(u"policy"_s).toObject())) {
                pinnedIds.append(a.topicId);
                pinnedNames.append(a.topicName);
            }
        });
        QSignalSpy warnings(&run, &RefinementRun::warning);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        // The candidate in its place, never both.
        QCOMPARE(pinnedNames, (QStringList{u"Customer records"_s, u"Weapons (2)"_s, u"Allow: lawful firearm topics"_s}));
        QVERIFY(!pinnedIds.contains(applied));
        QVERIFY(!warnings.isEmpty());
        QVERIFY2(warnings.first().first().toString().contains(u"\"Weapons (2)\""_s), qPrintable(warnings.first().first().toString()));
        // The iteration keeps the topic's own name: what an apply would write.
        QCOMPARE(run.state().iterations.first().topic.name, u"Weapons"_s);
        QCOMPARE(Snapshot::of(f.h->airs), before);
    }

    void aLostCreateAnswerLeavesOneProfile()
    {
        Fixture f;
        const Snapshot before = Snapshot::of(f.h->airs);
        AirsEmulator::Faults lose;
        lose.dropCreateResponseNext = 1; // the run's first create: its profile
        f.h->airs.setFaults(lose);
        const RunState state = f.newRun();
        RefinementRun run(f.h->services(), state);
        QList<int> copies;
        connect(&run, &RefinementRun::applyComplete, this, [&] {
            copies.append(int(profileNames(f.h->airs).count(TenantFootprint::scratchProfileName(state.id))));
        });
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QCOMPARE(f.h->airs.faults().dropCreateResponseNext, 0); // the answer was lost
        QCOMPARE(copies, (QList<int>{1, 1}));                  // and the profile exists once
        verifyUntouched(f, before, run.state());
    }

    void pausedRunKeepsItsProfileAndResumeFindsIt()
    {
        Fixture f;
        const Snapshot before = Snapshot::of(f.h->airs);
        const RunState state = f.newRun();
        const QString scratch = TenantFootprint::scratchProfileName(state.id);
        RefinementRun first(f.h->services(), state);
        int iteration = 0;
        connect(&first, &RefinementRun::iterationStarted, this, [&](int i) { iteration = i; });
        connect(&first, &RefinementRun::testProgress, this, [&](int done, int) {
            if (iteration == 2 && done == 1)
                first.requestPause();
        });
        QCOMPARE(runToEnd(first), RunStatus::Paused);
        QCOMPARE(profileNames(f.h->airs).count(scratch), 1);
        QCOMPARE(f.h->airs.topics().size(), 3); // the person's, the run's topic and its companion
        const RunStore::Loaded saved = RunStore(f.h->runsDir).load(state.id);
        QVERIFY(saved.ok());
        QVERIFY(saved.run.tenant.has_value());
        QCOMPARE(saved.run.tenant->scratchProfile, scratch);
        QCOMPARE(saved.run.tenant->topics.size(), 2);

        f.h->airs.clearRequests();
        RefinementRun resumed(f.h->services(), saved.run);
        QStringList appliedIds;
        connect(&resumed, &RefinementRun::applyComplete, this, [&](const QString &id) { appliedIds.append(id); });
        QCOMPARE(runToEnd(resumed), RunStatus::Completed);
        QCOMPARE(appliedIds, QStringList{saved.run.checkpoint->topicId}); // the same AIRS topic
        QCOMPARE(writesTo(f.h->airs, u"/v1/mgmt/topic"_s) - writesTo(f.h->airs, u"/v1/mgmt/topic/uuid/"_s), 2); // only the deletes
        verifyUntouched(f, before, resumed.state());
    }

    void profileCreateRefusedNamesInPlace()
    {
        Fixture f;
        AirsEmulator::Faults refuse;
        refuse.refuseProfileCreate = true;
        f.h->airs.setFaults(refuse);
        const Snapshot before = Snapshot::of(f.h->airs);
        RefinementRun run(f.h->services(), f.newRun());
        QSignalSpy failed(&run, &RefinementRun::loopFailed);
        QCOMPARE(runToEnd(run), RunStatus::Failed);
        const QString message = failed.first().first().toString();
        QVERIFY2(message.contains(u"--in-place"_s) && message.contains(u"403"_s) && message.contains(u"permission"_s),
                 qPrintable(message));
        QCOMPARE(f.llm.calls.value(u"generate_topic"_s), 0); // said before anything else happened
        QCOMPARE(Snapshot::of(f.h->airs), before);
    }

    void inPlaceRunRestoresProduction()
    {
        Fixture f;
        AirsEmulator::Faults refuse;
        refuse.refuseProfileCreate = true;
        f.h->airs.setFaults(refuse);
        const QJsonObject policyBefore = f.h->airs.profile(Production).value(u"policy"_s).toObject();
        const QByteArray topicsBefore = compact(f.h->airs.topics());
        RunState state = f.newRun();
        state.userInput.inPlace = true;
        RefinementRun run(f.h->services(), state);
        QStringList pinnedDuring;
        connect(&run, &RefinementRun::applyComplete, this, [&] {
            pinnedDuring.clear();
            for (const TopicAssignment &a : ProfilePolicy::assignedTopics(f.h->airs.profile(Production).value(u"policy"_s).toObject()))
                pinnedDuring.append(a.topicName);
        });
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QCOMPARE(pinnedDuring, (QStringList{u"Customer records"_s, u"Weapons"_s, u"Allow: lawful firearm topics"_s}));
        QCOMPARE(scannedProfiles(f.h->airs), QSet<QString>{Production});
        QCOMPARE(f.h->airs.profile(Production).value(u"policy"_s).toObject(), policyBefore);
        QCOMPARE(compact(f.h->airs.topics()), topicsBefore);
        QVERIFY(!RunStore(f.h->runsDir).load(state.id).run.tenant.has_value());
    }

    void killedInPlaceRunIsRestoredFirstOnResume()
    {
        Fixture f;
        const QJsonObject policyBefore = f.h->airs.profile(Production).value(u"policy"_s).toObject();
        RunState state = f.newRun();
        state.userInput.inPlace = true;
        {
            auto run = std::make_unique<RefinementRun>(f.h->services(), state);
            QEventLoop loop;
            connect(run.get(), &RefinementRun::testProgress, &loop, &QEventLoop::quit);
            run->start();
            loop.exec();
            QVERIFY(f.h->airs.profile(Production).value(u"policy"_s).toObject() != policyBefore);
        } // gone without a word, as after kill -9: the file still says running
        const RunStore::Loaded saved = RunStore(f.h->runsDir).load(state.id);
        QVERIFY(saved.ok());
        QCOMPARE(saved.run.status, RunStatus::Running);
        QVERIFY(saved.run.tenant && saved.run.tenant->productionPolicy);

        RefinementRun resumed(f.h->services(), saved.run);
        QJsonObject atFirstStep;
        connect(&resumed, &RefinementRun::iterationStarted, this, [&] {
            if (atFirstStep.isEmpty())
                atFirstStep = f.h->airs.profile(Production).value(u"policy"_s).toObject();
        });
        QCOMPARE(runToEnd(resumed), RunStatus::Completed);
        QCOMPARE(atFirstStep, policyBefore); // put back before anything else
        QCOMPARE(f.h->airs.profile(Production).value(u"policy"_s).toObject(), policyBefore);
        QCOMPARE(f.h->airs.topics().size(), 1);
    }

    void overTheTopicLimitIsSaidBeforeTheRun()
    {
        Fixture f;
        QList<TopicAssignment> many;
        for (int i = 0; i < 18; ++i) {
            const QString name = u"Topic %1"_s.arg(i + 1);
            many.append({f.h->airs.addTopic(name, u"About "_s + name, {u"one"_s, u"two"_s}), name, u"block"_s, 1});
        }
        const QJsonObject crowded = ProfilePolicy::withTopicGuardrails(
            productionPolicy(f.userTopicId), many, u"allow"_s); // 19 topics with the person's
        f.h->airs.addProfile(u"crowded"_s, crowded);
        RunState state = f.newRun();
        state.userInput.profileName = u"crowded"_s;
        RefinementRun run(f.h->services(), state);
        QSignalSpy failed(&run, &RefinementRun::loopFailed);
        QCOMPARE(runToEnd(run), RunStatus::Failed);
        const QString message = failed.first().first().toString();
        QVERIFY2(message.contains(u"19 custom topics"_s) && message.contains(u"--leave-out"_s)
                     && message.contains(u"\"Topic 7\""_s),
                 qPrintable(message));
        QCOMPARE(f.llm.calls.value(u"generate_topic"_s), 0);

        // Leaving one out fits: the run's copy holds 18 + 2.
        RunState fits = f.newRun();
        fits.userInput.profileName = u"crowded"_s;
        fits.userInput.leaveOut = {u"Topic 7"_s};
        RefinementRun second(f.h->services(), fits);
        Watch w;
        QObject::connect(&second, &RefinementRun::applyComplete, &second, [&] {
            w.scratchTopicNames.clear();
            const QJsonObject p = f.h->airs.profile(TenantFootprint::scratchProfileName(fits.id));
            for (const TopicAssignment &a : ProfilePolicy::assignedTopics(p.value(u"policy"_s).toObject()))
                w.scratchTopicNames.append(a.topicName);
        });
        QCOMPARE(runToEnd(second), RunStatus::Completed);
        QCOMPARE(w.scratchTopicNames.size(), RunWorkspace::TopicsPerProfile);
        QVERIFY(!w.scratchTopicNames.contains(u"Topic 7"_s));
        QCOMPARE(f.h->airs.profile(u"crowded"_s).value(u"policy"_s).toObject(), crowded);
    }
};

QTEST_GUILESS_MAIN(TestRunTenant)
#include "tst_runtenant.moc"
