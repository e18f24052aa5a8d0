#include "../airs/airstesthelpers.h" // after the client: it relies on AirsResult
#include "airs/managementclient.h"
#include "airs/profilepolicy.h"
#include "comparefixture.h"
#include "models/compare/applycontroller.h"

#include <QJsonArray>
#include <QNetworkAccessManager>

using namespace Qt::StringLiterals;

// ApplyController against the AIRS emulator over real loopback HTTP.
class TestApplyController : public QObject
{
    Q_OBJECT

    struct Tenant
    {
        AirsEmulator airs;
        std::unique_ptr<ManagementClient> client;
        AirsTopic target;
        AirsTopic companion;
    };
    QNetworkAccessManager m_nam;

    // A tenant where iteration 1 of the fixture run is deployed as the loop deploys it
    // (block intent: companion in the allow bucket, target in block), at revision 1.
    std::unique_ptr<Tenant> deployed(Intent intent = Intent::Block)
    {
        auto t = std::make_unique<Tenant>();
        if (!t->airs.start())
            return nullptr;
        t->client = std::make_unique<ManagementClient>(&m_nam, emulatorSettings(t->airs));
        t->airs.addProfile(u"lab"_s);
        const RunState run = CompareFixture::make();
        const Topic first = run.iterationByNumber(1)->topic;
        auto create = [&](const Topic &topic) {
            return await<AirsTopic>([&](QObject *ctx, auto done) {
                       t->client->createTopic(topic.name, topic.description, topic.examples, ctx,
                                              done);
                   })
                .value;
        };
        t->target = create(first);
        t->companion = create(*run.companionTopic);
        QList<TopicAssignment> entries;
        if (intent == Intent::Block)
            entries = {{t->companion.id, t->companion.name, u"allow"_s, 0},
                       {t->target.id, t->target.name, u"block"_s, 0}};
        else
            entries = {{t->target.id, t->target.name, u"allow"_s, 0}};
        const auto assigned = await<AirsProfile>([&](QObject *ctx, auto done) {
            t->client->assignTopics(u"lab"_s, entries,
                                    intent == Intent::Block ? u"allow"_s : u"block"_s, ctx, done);
        });
        if (!assigned.ok() || t->target.id.isEmpty() || t->companion.id.isEmpty())
            return nullptr;
        return t;
    }

    static int revision(const AirsEmulator &airs, const QString &topicId)
    {
        return airs.topic(topicId).value(u"revision"_s).toInt();
    }

    static bool prepareAndWait(ApplyController &c, const RunState &run, int iteration)
    {
        QSignalSpy prepared(&c, &ApplyController::prepared);
        QSignalSpy failed(&c, &ApplyController::failed);
        c.prepare(run, iteration);
        if (c.state() == ApplyController::State::Failed)
            return false;
        QSignalSpy state(&c, &ApplyController::stateChanged);
        while (c.state() == ApplyController::State::Preparing) {
            if (!state.wait(15000))
                return false;
        }
        return prepared.size() == 1;
    }

    static void waitWhileApplying(ApplyController &c)
    {
        QSignalSpy state(&c, &ApplyController::stateChanged);
        while (c.state() == ApplyController::State::Applying) {
            if (!state.wait(15000))
                break;
        }
    }

private slots:
    void appliesAnIterationAndRepinsTheProfile()
    {
        auto t = deployed();
        QVERIFY(t);
        QCOMPARE(revision(t->airs, t->target.id), 1);
        const RunState run = CompareFixture::make(t->target.id, t->companion.id);
        ApplyController c(t->client.get());
        QVERIFY(prepareAndWait(c, run, 4));

        const ApplyPlan &plan = c.plan();
        QCOMPARE(plan.current.revision, 1);
        QCOMPARE(plan.current.description, run.iterationByNumber(1)->topic.description); // AIRS now
        QCOMPARE(plan.proposed, run.iterationByNumber(4)->topic); // to be written
        QCOMPARE(plan.pinnedRevision, 1);
        QVERIFY(plan.companion);
        QCOMPARE(plan.companion->id, t->companion.id);
        QCOMPARE(plan.guardrailAction(), u"allow"_s);
        QVERIFY(!plan.unchanged());

        QSignalSpy applied(&c, &ApplyController::applied);
        c.apply();
        waitWhileApplying(c);
        QCOMPARE(c.state(), ApplyController::State::Applied);
        QCOMPARE(applied.size(), 1);
        QCOMPARE(applied.first().first().toInt(), 2);
        QCOMPARE(c.message(), u"Applied: topic revision 2"_s);

        // AIRS: the topic has iteration 4's text at revision 2 and the profile pins revision 2,
        // with the companion still in the allow bucket and the guardrail action allow.
        const QJsonObject topic = t->airs.topic(t->target.id);
        QCOMPARE(topic.value(u"revision"_s).toInt(), 2);
        QCOMPARE(topic.value(u"description"_s).toString(),
                 run.iterationByNumber(4)->topic.description);
        const QJsonObject policy = t->airs.profile(u"lab"_s).value(u"policy"_s).toObject();
        QCOMPARE(ApplyController::pinnedRevisionIn(policy, t->target.id), 2);
        QCOMPARE(ApplyController::pinnedRevisionIn(policy, t->companion.id), 1);
        QCOMPARE(c.pinnedRevision(), 2);
        const QJsonObject guardrails = ProfilePolicy::topicGuardrails(policy);
        QCOMPARE(guardrails.value(u"action"_s).toString(), u"allow"_s);
        const QJsonArray groups = guardrails.value(u"topic-list"_s).toArray();
        QCOMPARE(groups.size(), 2);
        QCOMPARE(groups.at(0).toObject().value(u"action"_s).toString(), u"allow"_s);
        QCOMPARE(groups.at(0)
                     .toObject()
                     .value(u"topic"_s)
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(u"topic_id"_s)
                     .toString(),
                 t->companion.id);
        QCOMPARE(groups.at(1).toObject().value(u"action"_s).toString(), u"block"_s);

        // Applying an older iteration goes back to its text, as a new revision.
        QVERIFY(prepareAndWait(c, run, 1));
        QCOMPARE(c.plan().pinnedRevision, 2);
        c.apply();
        waitWhileApplying(c);
        QCOMPARE(c.state(), ApplyController::State::Applied);
        QCOMPARE(revision(t->airs, t->target.id), 3);
        QCOMPARE(t->airs.topic(t->target.id).value(u"description"_s).toString(),
                 run.iterationByNumber(1)->topic.description);
    }

    void allowIntentPinsTheTargetInTheAllowBucket()
    {
        auto t = deployed(Intent::Allow);
        QVERIFY(t);
        RunState run = CompareFixture::make(t->target.id, QString());
        run.userInput.intent = Intent::Allow;
        run.companionTopic.reset();
        ApplyController c(t->client.get());
        QVERIFY(prepareAndWait(c, run, 2));
        QVERIFY(!c.plan().companion);
        QCOMPARE(c.plan().guardrailAction(), u"block"_s);
        c.apply();
        waitWhileApplying(c);
        QCOMPARE(c.state(), ApplyController::State::Applied);
        const QJsonObject guardrails =
            ProfilePolicy::topicGuardrails(t->airs.profile(u"lab"_s).value(u"policy"_s).toObject());
        QCOMPARE(guardrails.value(u"action"_s).toString(), u"block"_s);
        const QJsonArray groups = guardrails.value(u"topic-list"_s).toArray();
        QCOMPARE(groups.size(), 1);
        QCOMPARE(groups.at(0).toObject().value(u"action"_s).toString(), u"allow"_s);
        QCOMPARE(ApplyController::pinnedRevisionIn(
                     t->airs.profile(u"lab"_s).value(u"policy"_s).toObject(), t->target.id),
                 2);
    }

    void failedRepinIsReportedAsHalfApplied()
    {
        auto t = deployed();
        QVERIFY(t);
        const RunState run = CompareFixture::make(t->target.id, t->companion.id);
        ApplyController c(t->client.get());
        QVERIFY(prepareAndWait(c, run, 4));
        // Someone renames the profile between the preview and the confirmation.
        const auto profiles = await<QList<AirsProfile>>(
            [&](QObject *ctx, auto done) { t->client->listProfiles(ctx, done); });
        QVERIFY(profiles.ok());
        AirsProfile renamed = profiles.value.first();
        renamed.name = u"lab-renamed"_s;
        QVERIFY(await<AirsProfile>([&](QObject *ctx, auto done) {
                    t->client->updateProfile(renamed, renamed.policy, ctx, done);
                }).ok());

        QSignalSpy half(&c, &ApplyController::halfApplied);
        c.apply();
        waitWhileApplying(c);
        QCOMPARE(c.state(), ApplyController::State::HalfApplied);
        QCOMPARE(half.size(), 1);
        QCOMPARE(half.first().at(0).toInt(), 2); // the topic was updated …
        QCOMPARE(half.first().at(1).toInt(), 1); // … the profile still pins the old revision
        QVERIFY2(
            c.message().contains(
                u"the topic was updated to revision 2 but the profile \"lab\" still pins revision 1"_s),
            qPrintable(c.message()));
        QVERIFY2(c.message().contains(u"no security profile named \"lab\""_s),
                 qPrintable(c.message()));
        QCOMPARE(revision(t->airs, t->target.id), 2);
        QCOMPARE(ApplyController::pinnedRevisionIn(
                     t->airs.profile(u"lab-renamed"_s).value(u"policy"_s).toObject(), t->target.id),
                 1);
    }

    void rejectedTopicChangesNothing()
    {
        auto t = deployed();
        QVERIFY(t);
        RunState run = CompareFixture::make(t->target.id, t->companion.id);
        run.iterations.last().topic.description = QString(300, u'x'); // over the 250-byte limit
        ApplyController c(t->client.get());
        QVERIFY(prepareAndWait(c, run, 4));
        QSignalSpy failed(&c, &ApplyController::failed);
        c.apply();
        waitWhileApplying(c);
        QCOMPARE(c.state(), ApplyController::State::Failed);
        QCOMPARE(failed.size(), 1);
        QVERIFY2(c.message().contains(u"nothing was changed"_s), qPrintable(c.message()));
        QVERIFY2(c.message().contains(u"description"_s),
                 qPrintable(c.message())); // the server's words
        QCOMPARE(revision(t->airs, t->target.id), 1);
        QCOMPARE(ApplyController::pinnedRevisionIn(
                     t->airs.profile(u"lab"_s).value(u"policy"_s).toObject(), t->target.id),
                 1);
    }

    void prepareRefusesWhatCannotBeApplied()
    {
        auto t = deployed();
        QVERIFY(t);
        ApplyController c(t->client.get());

        RunState noProfile = CompareFixture::make(t->target.id, t->companion.id, u"nope"_s);
        QVERIFY(!prepareAndWait(c, noProfile, 4));
        QCOMPARE(c.state(), ApplyController::State::Failed);
        QVERIFY2(c.message().contains(u"no security profile named \"nope\""_s),
                 qPrintable(c.message()));

        RunState goneTopic =
            CompareFixture::make(u"00000000-0000-0000-0000-000000000000"_s, t->companion.id);
        QVERIFY(!prepareAndWait(c, goneTopic, 4));
        QVERIFY(c.message().contains(u"no longer exists"_s));

        RunState original = CompareFixture::make();
        original.checkpoint.reset(); // a run file from the original tool
        QVERIFY(!prepareAndWait(c, original, 4));
        QVERIFY(c.message().contains(u"does not record which AIRS topic"_s));

        QVERIFY(
            !prepareAndWait(c, CompareFixture::make(t->target.id, t->companion.id), 3)); // a gap
        QVERIFY(c.message().contains(u"no recorded iteration 3"_s));

        ApplyController none(nullptr);
        QVERIFY(!prepareAndWait(none, CompareFixture::make(), 4));
        QVERIFY(none.message().contains(u"not configured"_s));
        t->airs.clearRequests();
        none.apply(); // not Ready: does nothing
        QCOMPARE(none.state(), ApplyController::State::Failed);
    }

    void serverErrorsWhilePreparingAreShownPlainly()
    {
        auto t = deployed();
        QVERIFY(t);
        AirsEmulator::Faults faults;
        faults.forbiddenNext = 10;
        t->airs.setFaults(faults);
        ApplyController c(t->client.get());
        QVERIFY(!prepareAndWait(c, CompareFixture::make(t->target.id, t->companion.id), 4));
        QCOMPARE(c.state(), ApplyController::State::Failed);
        QVERIFY2(c.message().startsWith(u"Could not read"_s), qPrintable(c.message()));
        QVERIFY2(c.message().contains(u"403"_s), qPrintable(c.message()));
    }
};

QTEST_GUILESS_MAIN(TestApplyController)
#include "tst_applycontroller.moc"
