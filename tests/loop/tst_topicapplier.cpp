#include "loopharness.h"
#include "scenarios.h"
#include "tenantfixture.h"

#include "airs/profilepolicy.h"
#include "tenant/topicapplier.h"

#include "testmain.h"

using namespace Qt::StringLiterals;
using namespace TenantFixture;

// Apply and revert on purpose (issue 13): additive, idempotent, exactly undone; against the
// AIRS emulator over loopback HTTP with a run made by the real loop.
class TestTopicApplier : public QObject
{
    Q_OBJECT

    std::unique_ptr<ScriptedLlm> m_llm;
    std::unique_ptr<LoopHarness> m_h;
    QString m_userTopicId;
    RunState m_run;

    QJsonObject production() const { return m_h->airs.profile(Production).value(u"policy"_s).toObject(); }

    TopicApplier::Plan planFor(TopicApplier &applier, int iteration)
    {
        std::optional<AirsResult<TopicApplier::Plan>> plan;
        applier.plan(m_run, iteration, [&](const AirsResult<TopicApplier::Plan> &p) { plan = p; });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(plan.has_value(), 20000); }();
        return plan && plan->ok() ? plan->value : TopicApplier::Plan{};
    }
    static TopicApplier::Outcome wait(std::function<void(std::function<void(const TopicApplier::Outcome &)>)> call)
    {
        std::optional<TopicApplier::Outcome> out;
        call([&](const TopicApplier::Outcome &o) { out = o; });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(out.has_value(), 20000); }();
        return out.value_or(TopicApplier::Outcome{u"no answer"_s, {}, {}});
    }
    int writes() const
    {
        int n = 0;
        for (const AirsEmulator::RecordedRequest &r : m_h->airs.requests())
            n += r.method != "GET" && !r.path.contains(u"oauth2"_s);
        return n;
    }

private slots:
    void init()
    {
        m_h.reset();
        m_llm = std::make_unique<ScriptedLlm>();
        Scenario::script(*m_llm, {Scenario::medium(), Scenario::good()});
        QVERIFY(m_llm->start());
        m_h = std::make_unique<LoopHarness>(m_llm->baseUrl());
        m_userTopicId = seedProduction(m_h->airs);
        RunState state = LoopHarness::newRun(u"Block requests to acquire weapons"_s);
        state.userInput.profileName = Production;
        RefinementRun run(m_h->services(), state);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        m_run = run.state();
        QCOMPARE(m_h->airs.topics().size(), 1); // the run took its own away
    }

    void applyIsAdditiveIdempotentAndReverted()
    {
        const QJsonObject before = production();
        const QByteArray topicsBefore = compact(m_h->airs.topics());
        TopicApplier applier(m_h->management.get());
        applier.setPropagationDelayMs(0);

        const TopicApplier::Plan plan = planFor(applier, 2);
        QCOMPARE(plan.topics.size(), 2);
        QCOMPARE(plan.topics.at(0).change, TopicApplier::Item::Change::Create);
        QCOMPARE(plan.topics.at(1).topic, m_run.iterationByNumber(2)->topic);
        QVERIFY(plan.profileChanges);
        QVERIFY(plan.describe().join(u'\n').contains(u"create topic \"Weapons\""_s));

        const TopicApplier::Outcome applied = wait([&](auto done) { applier.apply(plan, done); });
        QVERIFY2(applied.error.isEmpty(), qPrintable(applied.error));
        QVERIFY(applied.record.has_value());
        QCOMPARE(applied.record->createdTopics.size(), 2);
        QCOMPARE(applied.record->policyBefore, std::optional(before));

        // Additive: the person's topic and every other policy field stay.
        const QJsonObject after = production();
        QStringList names;
        for (const TopicAssignment &a : ProfilePolicy::assignedTopics(after)) {
            names.append(a.topicName + u'/' + a.action);
            if (a.topicName == u"Weapons"_s)
                QCOMPARE(a.revision, m_h->airs.topic(a.topicId).value(u"revision"_s).toInt()); // the latest revision
        }
        QCOMPARE(names, (QStringList{u"Customer records/block"_s, u"Weapons/block"_s, u"Allow: lawful firearm topics/allow"_s}));
        QCOMPARE(after.value(u"dlp-data-profiles"_s), before.value(u"dlp-data-profiles"_s));
        QCOMPARE(ProfilePolicy::withTopicGuardrailsOf(after, before), before);
        const QJsonObject weapons = m_h->airs.topic(applied.record->createdTopics.at(1).id);
        QCOMPARE(weapons.value(u"description"_s).toString(), m_run.iterationByNumber(2)->topic.description);

        // Idempotent: the second time nothing is written.
        m_h->airs.clearRequests();
        const TopicApplier::Plan again = planFor(applier, 2);
        QVERIFY(again.changesNothing());
        const TopicApplier::Outcome second = wait([&](auto done) { applier.apply(again, done); });
        QVERIFY(second.error.isEmpty());
        QVERIFY(!second.record.has_value());
        QCOMPARE(writes(), 0);
        QCOMPARE(production(), after);

        // Revert: the policy exactly as before, the created topics gone.
        const TopicApplier::Outcome reverted = wait([&](auto done) { applier.revert(*applied.record, done); });
        QVERIFY2(reverted.error.isEmpty(), qPrintable(reverted.error));
        QCOMPARE(production(), before);
        QCOMPARE(compact(m_h->airs.topics()), topicsBefore);
    }

    void applyUpdatesTheTopicOfItsNameAndRevertGivesItsTextBack()
    {
        // An earlier apply of iteration 1 is on production; now iteration 2 goes over it.
        TopicApplier applier(m_h->management.get());
        applier.setPropagationDelayMs(0);
        const TopicApplier::Outcome first = wait([&](auto done) { applier.apply(planFor(applier, 1), done); });
        QVERIFY(first.record.has_value());
        const QJsonObject afterFirst = production();
        const QString weaponsId = first.record->createdTopics.at(1).id;

        const TopicApplier::Plan plan = planFor(applier, 2);
        QCOMPARE(plan.topics.at(0).change, TopicApplier::Item::Change::Same); // the companion is unchanged
        QCOMPARE(plan.topics.at(1).change, TopicApplier::Item::Change::Update);
        const TopicApplier::Outcome second = wait([&](auto done) { applier.apply(plan, done); });
        QVERIFY(second.error.isEmpty());
        QCOMPARE(second.record->createdTopics.size(), 0);
        QCOMPARE(second.record->updatedTopics.size(), 1);
        QCOMPARE(second.record->updatedTopics.first().before, m_run.iterationByNumber(1)->topic);
        QCOMPARE(m_h->airs.topic(weaponsId).value(u"description"_s).toString(), m_run.iterationByNumber(2)->topic.description);

        const TopicApplier::Outcome reverted = wait([&](auto done) { applier.revert(*second.record, done); });
        QVERIFY2(reverted.error.isEmpty(), qPrintable(reverted.error));
        QCOMPARE(production(), afterFirst);
        QCOMPARE(m_h->airs.topic(weaponsId).value(u"description"_s).toString(), m_run.iterationByNumber(1)->topic.description);
    }

    // Issue 41: a run whose companion the LLM named like the topic itself applies the two
    // apart — no 409 halfway, and never one topic pinned as both allow and block.
    void aCompanionNamedLikeTheTopicIsAppliedApart()
    {
        QVERIFY(m_run.companionTopic);
        const QString name = m_run.iterationByNumber(2)->topic.name;
        m_run.companionTopic->name = name.toUpper(); // as the LLM wrote it, in other letters
        TopicApplier applier(m_h->management.get());
        applier.setPropagationDelayMs(0);
        const TopicApplier::Plan plan = planFor(applier, 2);
        QCOMPARE(plan.topics.size(), 2);
        QCOMPARE(plan.topics.at(0).topic.name, name.toUpper() + u" (allowed)"_s);
        const TopicApplier::Outcome applied = wait([&](auto done) { applier.apply(plan, done); });
        QVERIFY2(applied.error.isEmpty(), qPrintable(applied.error));
        QSet<QString> ids;
        QStringList pinned;
        for (const TopicAssignment &a : ProfilePolicy::assignedTopics(production())) {
            pinned.append(a.topicName + u'/' + a.action);
            QVERIFY2(!ids.contains(a.topicId), qPrintable(u"topic %1 pinned twice"_s.arg(a.topicId)));
            ids.insert(a.topicId);
        }
        QVERIFY2(pinned.contains(name + u"/block"_s) && pinned.contains(name.toUpper() + u" (allowed)/allow"_s),
                 qPrintable(pinned.join(u", "_s)));
        // Again: nothing to do, and still apart.
        const TopicApplier::Plan again = planFor(applier, 2);
        QVERIFY(again.changesNothing());
    }

    void lastAppliedSkipsReverted()
    {
        RunState run;
        ApplyRecord a, b;
        a.iteration = 1;
        b.iteration = 2;
        b.revertedAt = QDateTime::currentDateTimeUtc();
        run.applies = {a, b};
        QCOMPARE(TopicApplier::lastApplied(run)->iteration, 1);
        run.applies.first().revertedAt = QDateTime::currentDateTimeUtc();
        QVERIFY(!TopicApplier::lastApplied(run));
    }

    // Issue 38: a run that still holds objects on the tenant (paused, killed) is refused: the
    // plan matches topics by name and would adopt the run's own scratch topic.
    void neverAdoptsTheRunsOwnObjects()
    {
        TopicApplier applier(m_h->management.get());
        applier.setPropagationDelayMs(0);
        const QString ownId = m_h->airs.addTopic(m_run.iterationByNumber(2)->topic.name, u"the run's scratch copy"_s,
                                                 {u"a"_s, u"b"_s});
        RunState holding = m_run;
        holding.tenant = TenantFootprint{};
        holding.tenant->productionProfile = Production;
        holding.tenant->scratchProfile = TenantFootprint::scratchProfileName(m_run.id);
        holding.tenant->topics = {{m_run.iterationByNumber(2)->topic.name, ownId}};
        m_h->airs.clearRequests();
        std::optional<AirsResult<TopicApplier::Plan>> refused;
        applier.plan(holding, 2, [&](const AirsResult<TopicApplier::Plan> &p) { refused = p; });
        QTRY_VERIFY(refused.has_value());
        QVERIFY(!refused->ok());
        QVERIFY2(refused->error.message.contains(u"daystrom cleanup --run %1 --yes"_s.arg(m_run.id)),
                 qPrintable(refused->error.message));

        QCOMPARE(writes(), 0);
    }

    // Issue 38: a plan that changes the guardrail's action for unmatched prompts is written
    // only with the person's consent to that change.
    void anActionChangeNeedsItsOwnConsent()
    {
        TopicApplier applier(m_h->management.get());
        applier.setPropagationDelayMs(0);
        const QString list = u"allowlist"_s;
        m_h->airs.addProfile(list, productionPolicy(m_userTopicId, u"block"_s));
        RunState run = m_run;
        run.tenant.reset();
        run.userInput.profileName = list;
        std::optional<AirsResult<TopicApplier::Plan>> planned;
        applier.plan(run, 2, [&](const AirsResult<TopicApplier::Plan> &p) { planned = p; });
        QTRY_VERIFY(planned.has_value());
        QVERIFY(planned->ok());
        TopicApplier::Plan plan = planned->value;
        QCOMPARE(plan.actionBefore, u"block"_s);
        QVERIFY(plan.changesAction());
        QVERIFY(plan.describe().join(u'\n').contains(u"from block to allow: everything that matches no topic then passes"_s));
        const QJsonObject before = m_h->airs.profile(list).value(u"policy"_s).toObject();
        m_h->airs.clearRequests();
        const TopicApplier::Outcome refused = wait([&](auto done) { applier.apply(plan, done); });
        QVERIFY(refused.error.contains(u"--change-action"_s));
        QVERIFY(!refused.record);
        QCOMPARE(writes(), 0);
        QCOMPARE(m_h->airs.profile(list).value(u"policy"_s).toObject(), before);

        plan.actionChangeConsented = true;
        const TopicApplier::Outcome applied = wait([&](auto done) { applier.apply(plan, done); });
        QVERIFY2(applied.error.isEmpty(), qPrintable(applied.error));
        QCOMPARE(ProfilePolicy::topicGuardrails(m_h->airs.profile(list).value(u"policy"_s).toObject())
                     .value(u"action"_s).toString(), u"allow"_s);
    }
};

QTEST_GUILESS_MAIN(TestTopicApplier)
#include "tst_topicapplier.moc"
