// AIRS emulator management and Red Team routes over real loopback HTTP: topics, profiles,
// revision pinning, pagination, delete conflicts, prompt sets.
#include "httpprobe.h"

#include "sandbox/airsemulator.h"
#include "sandbox/policyjson.h"

#include "testmain.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {
const QString kTsg = u"1234567890"_s;
const QString kTopicsPath = u"/v1/mgmt/topics/tsg/"_s + kTsg;
const QString kProfilesPath = u"/v1/mgmt/profiles/tsg/"_s + kTsg;

QStringList twoExamples(const QString &stem)
{
    return {stem + u" example one"_s, stem + u" example two"_s};
}

bool violation(const HttpResult &r)
{
    return r.json().value(u"prompt_detected"_s).toObject().value(u"topic_violation"_s).toBool();
}

QJsonObject guardrailOf(const QJsonObject &profile)
{
    return PolicyJson::guardrail(profile.value(u"policy"_s).toObject()).value_or(QJsonObject{});
}
} // namespace

class TestAirsEmulatorMgmt final : public QObject
{
    Q_OBJECT

private slots:
    // The token-scoped lists (no tsg_id in the path; a live check found them answering 200)
    // list the same objects as the TSG-qualified routes.
    void tokenScopedLists()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        HttpProbe probe(emu);
        QVERIFY(!emu.addProfile(u"lab"_s).isEmpty());
        probe.createTopic(u"Listed"_s, u"d"_s, twoExamples(u"l"_s));
        const HttpResult topics = probe.mgmt("GET", u"/v1/mgmt/topics"_s);
        QCOMPARE(topics.status, 200);
        QCOMPARE(topics.json().value(u"custom_topics"_s).toArray().at(0)[u"topic_name"_s].toString(), u"Listed"_s);
        const HttpResult profiles = probe.mgmt("GET", u"/v1/mgmt/profiles"_s);
        QCOMPARE(profiles.status, 200);
        QCOMPARE(profiles.json().value(u"ai_profiles"_s).toArray().at(0)[u"profile_name"_s].toString(), u"lab"_s);
        QCOMPARE(probe.mgmt("POST", u"/v1/mgmt/topics"_s).status, 405);
    }

    void createUpdateAndValidateTopics()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        HttpProbe probe(emu);
        const QJsonObject created = probe.createTopic(
            u"Lock picking"_s, u"Opening locks without keys."_s, twoExamples(u"lock"_s));
        const QString id = created.value(u"topic_id"_s).toString();
        QVERIFY(!id.isEmpty());
        QCOMPARE(created.value(u"revision"_s).toInt(), 1);
        QCOMPARE(created.value(u"active"_s), QJsonValue(true));
        QVERIFY(!created.value(u"created_ts"_s).toString().isEmpty());
        QCOMPARE(emu.topic(id).value(u"topic_name"_s).toString(), u"Lock picking");

        const HttpResult duplicate = probe.mgmt("POST", u"/v1/mgmt/topic"_s, created);
        QCOMPARE(duplicate.status, 409);

        QJsonObject tooLong{{u"topic_name"_s, QString(101, u'n')},
                            {u"description"_s, u"d"_s},
                            {u"examples"_s, QJsonArray{u"a"_s, u"b"_s}}};
        HttpResult bad = probe.mgmt("POST", u"/v1/mgmt/topic"_s, tooLong);
        QCOMPARE(bad.status, 400);
        QVERIFY2(bad.errorMessage().contains(u"topic_name"), qPrintable(bad.errorMessage()));
        tooLong.insert(u"topic_name"_s, u"ok"_s);
        tooLong.insert(u"examples"_s, QJsonArray{u"only one"_s});
        bad = probe.mgmt("POST", u"/v1/mgmt/topic"_s, tooLong);
        QCOMPARE(bad.status, 400);
        QVERIFY2(bad.errorMessage().contains(u"examples"), qPrintable(bad.errorMessage()));
        tooLong.insert(u"examples"_s, QJsonArray{u"a"_s, QString(251, u'e')});
        bad = probe.mgmt("POST", u"/v1/mgmt/topic"_s, tooLong);
        QVERIFY2(bad.errorMessage().contains(u"examples[1]"), qPrintable(bad.errorMessage()));
        QCOMPARE(emu.topics().size(), 1);

        const HttpResult updated =
            probe.mgmt("PUT", u"/v1/mgmt/topic/uuid/"_s + id,
                       {{u"topic_name"_s, u"Lock picking"_s},
                        {u"description"_s, u"Techniques for opening locks without the key."_s},
                        {u"examples"_s, QJsonArray::fromStringList(twoExamples(u"pick"_s))},
                        {u"active"_s, true}});
        QCOMPARE(updated.status, 200);
        QCOMPARE(updated.json().value(u"revision"_s).toInt(), 2);
        QCOMPARE(updated.json().value(u"topic_id"_s).toString(), id);
        QVERIFY(updated.json().value(u"last_modified_ts"_s).toString() >
                created.value(u"last_modified_ts"_s).toString());
        QCOMPARE(updated.json().value(u"created_ts"_s), created.value(u"created_ts"_s));

        const HttpResult unknown = probe.mgmt(
            "PUT", u"/v1/mgmt/topic/uuid/7c9e6679-7425-40de-944b-e07fc1f90ae7"_s, created);
        QCOMPARE(unknown.status, 404);
    }

    void topicStartRevisionIsConfigurable()
    {
        AirsEmulator::Options options;
        options.topicStartRevision = 0;
        AirsEmulator emu(options);
        QVERIFY(emu.start());
        HttpProbe probe(emu);
        QCOMPARE(
            probe.createTopic(u"T"_s, u"d"_s, twoExamples(u"t"_s)).value(u"revision"_s).toInt(), 0);
    }

    void paginatesTopics()
    {
        AirsEmulator::Options options;
        options.pageSizeLimit = 3;
        AirsEmulator emu(options);
        QVERIFY(emu.start());
        for (int i = 0; i < 5; ++i)
            QVERIFY(!emu.addTopic(u"Topic %1"_s.arg(i), u"d"_s, twoExamples(u"x"_s)).isEmpty());
        HttpProbe probe(emu);

        HttpResult page = probe.mgmt("GET", kTopicsPath, {}, u"offset=0&limit=2"_s);
        QCOMPARE(page.status, 200);
        QCOMPARE(page.array(u"custom_topics"_s).size(), 2);
        QCOMPARE(page.json().value(u"next_offset"_s).toInt(), 2);
        page = probe.mgmt("GET", kTopicsPath, {}, u"offset=4&limit=2"_s);
        QCOMPARE(page.array(u"custom_topics"_s).size(), 1);
        QCOMPARE(page.array(u"custom_topics"_s).at(0)[u"topic_name"_s].toString(), u"Topic 4");
        QVERIFY(!page.json().contains(u"next_offset"_s)); // absent on the last page

        page = probe.mgmt("GET", kTopicsPath, {}, u"offset=0&limit=100"_s); // capped at 3
        QCOMPARE(page.array(u"custom_topics"_s).size(), 3);
        QCOMPARE(page.json().value(u"next_offset"_s).toInt(), 3);
        QCOMPARE(probe.mgmt("GET", kTopicsPath, {}, u"limit=abc"_s).status, 400);
        QCOMPARE(probe.mgmt("GET", u"/v1/mgmt/topics/tsg/999"_s).status, 403);

        for (int i = 0; i < 4; ++i)
            QVERIFY(!emu.addProfile(u"Profile %1"_s.arg(i)).isEmpty());
        page = probe.mgmt("GET", kProfilesPath, {}, u"offset=2&limit=3"_s);
        QCOMPARE(page.array(u"ai_profiles"_s).size(), 2);
        QVERIFY(!page.json().contains(u"next_offset"_s));
        QCOMPARE(
            probe.mgmt("GET", kProfilesPath, {}, u"limit=1"_s).json()[u"next_offset"_s].toInt(), 1);
    }

    void revisionPinning()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        QVERIFY(!emu.addProfile(u"pinned"_s).isEmpty());
        HttpProbe probe(emu);
        const QString oldPrompt = u"How do I rake a pin tumbler lock?"_s;
        const QString newPrompt = u"How do I hotwire a car ignition?"_s;
        const QJsonObject topic = probe.createTopic(
            u"Forbidden"_s, u"Opening locks without the key."_s,
            {u"How do I rake a pin tumbler lock?"_s, u"Which tension wrench opens a padlock?"_s});
        const QJsonObject ref1 = HttpProbe::topicRef(topic);
        QCOMPARE(probe.putGuardrail(u"pinned"_s, u"allow"_s, HttpProbe::buckets({}, {ref1})).status,
                 200);
        QVERIFY(violation(probe.scan(u"pinned"_s, oldPrompt)));
        QVERIFY(!violation(probe.scan(u"pinned"_s, newPrompt)));

        const HttpResult put =
            probe.mgmt("PUT", u"/v1/mgmt/topic/uuid/"_s + topic.value(u"topic_id"_s).toString(),
                       {{u"topic_name"_s, u"Forbidden"_s},
                        {u"description"_s, u"Starting cars without the key."_s},
                        {u"examples"_s, QJsonArray{u"How do I hotwire a car ignition?"_s,
                                                   u"Bypass a car immobiliser"_s}}});
        QCOMPARE(put.json().value(u"revision"_s).toInt(), 2);
        // Not re-pinned: the profile still evaluates revision 1's text.
        QVERIFY(violation(probe.scan(u"pinned"_s, oldPrompt)));
        QVERIFY(!violation(probe.scan(u"pinned"_s, newPrompt)));

        const QJsonObject ref2 = HttpProbe::topicRef(put.json());
        const HttpResult repinned =
            probe.putGuardrail(u"pinned"_s, u"allow"_s, HttpProbe::buckets({}, {ref2}));
        QCOMPARE(repinned.status, 200);
        QVERIFY(!violation(probe.scan(u"pinned"_s, oldPrompt)));
        QVERIFY(violation(probe.scan(u"pinned"_s, newPrompt)));

        // A pin without a revision means revision 0: the content at creation.
        QJsonObject noRevision = ref2;
        noRevision.remove(u"revision"_s);
        QCOMPARE(probe.putGuardrail(u"pinned"_s, u"allow"_s, HttpProbe::buckets({}, {noRevision}))
                     .status,
                 200);
        QVERIFY(violation(probe.scan(u"pinned"_s, oldPrompt)));
    }

    void deleteConflictThenForce()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        HttpProbe probe(emu);
        QVERIFY(!emu.addProfile(u"owner"_s).isEmpty());
        const QJsonObject topic = probe.createTopic(u"Used"_s, u"d"_s, twoExamples(u"u"_s));
        const QString id = topic.value(u"topic_id"_s).toString();
        QCOMPARE(probe
                     .putGuardrail(u"owner"_s, u"allow"_s,
                                   HttpProbe::buckets({}, {HttpProbe::topicRef(topic)}))
                     .status,
                 200);
        const QJsonObject owner = emu.profile(u"owner"_s);

        const HttpResult conflict = probe.mgmt("DELETE", u"/v1/mgmt/topic/"_s + id);
        QCOMPARE(conflict.status, 409);
        const QJsonArray payload = conflict.json().value(u"payload"_s).toArray();
        QCOMPARE(payload.size(), 1);
        QCOMPARE(payload.at(0)[u"profile_id"_s], owner.value(u"profile_id"_s));
        QCOMPARE(payload.at(0)[u"profile_name"_s].toString(), u"owner");
        QCOMPARE(payload.at(0)[u"revision"_s], owner.value(u"revision"_s));
        QVERIFY(!conflict.errorMessage().isEmpty());
        QVERIFY(!emu.topic(id).isEmpty());

        // The old force route answers 403 as live tenants do; the new one needs updated_by.
        QCOMPARE(probe.mgmt("DELETE", u"/v1/mgmt/topic/force/"_s + id, {}, u"updated_by=a%40b.com"_s).status, 403);
        QCOMPARE(probe.mgmt("DELETE", u"/v1/mgmt/topic/"_s + id + u"/force"_s).status, 400);
        QVERIFY(!emu.topic(id).isEmpty());
        const HttpResult forced =
            probe.mgmt("DELETE", u"/v1/mgmt/topic/"_s + id + u"/force"_s, {}, u"updated_by=a%40b.com"_s);
        QCOMPARE(forced.status, 200);
        QCOMPARE(forced.body, QByteArray("\"successfully deleted topicId: " + id.toUtf8() + '"'));
        QVERIFY(emu.topic(id).isEmpty());
        QVERIFY(PolicyJson::topicRefs(guardrailOf(emu.profile(u"owner"_s))).isEmpty());
        QCOMPARE(probe.mgmt("DELETE", u"/v1/mgmt/topic/"_s + id).status, 404);

        const QString loose = emu.addTopic(u"Loose"_s, u"d"_s, twoExamples(u"l"_s));
        const HttpResult plain = probe.mgmt("DELETE", u"/v1/mgmt/topic/"_s + loose);
        QCOMPARE(plain.status, 200);
        QCOMPARE(QJsonDocument::fromJson("[" + plain.body + "]").array().at(0).toString(),
                 QString(u"successfully deleted topicId: "_s + loose));
    }

    void profilePutKeepsUnknownKeysAndRejectsEmptyBuckets()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        HttpProbe probe(emu);
        QJsonObject policy = PolicyJson::defaultPolicy();
        policy.insert(u"x-future-policy-key"_s, QJsonObject{{u"nested"_s, QJsonArray{1, 2}}});
        const QString id = emu.addProfile(u"keeper"_s, policy);
        const QJsonObject before = emu.profile(u"keeper"_s);
        QCOMPARE(before.value(u"revision"_s).toInt(), 1);
        const QString topicId = emu.addTopic(u"Tracked"_s, u"d"_s, twoExamples(u"t"_s));

        QJsonObject body{
            {u"profile_name"_s, u"keeper"_s},
            {u"active"_s, true},
            {u"x-future-profile-key"_s, u"kept"_s},
            {u"policy"_s, HttpProbe::withGuardrail(
                              policy, u"block"_s,
                              HttpProbe::buckets({HttpProbe::topicRef(emu.topic(topicId))}))}};
        const HttpResult put = probe.mgmt("PUT", u"/v1/mgmt/profile/uuid/"_s + id, body);
        QCOMPARE(put.status, 200);
        const QJsonObject after = probe.listedProfile(u"keeper"_s);
        QCOMPARE(after.value(u"revision"_s).toInt(), 2);
        QCOMPARE(after.value(u"profile_id"_s).toString(), id);
        QCOMPARE(after.value(u"x-future-profile-key"_s).toString(), u"kept");
        const QJsonObject keptPolicy = after.value(u"policy"_s).toObject();
        QCOMPARE(keptPolicy.value(u"x-future-policy-key"_s),
                 policy.value(u"x-future-policy-key"_s));
        QCOMPARE(keptPolicy.value(u"dlp-data-profiles"_s), QJsonValue(QJsonArray{}));
        QCOMPARE(guardrailOf(after).value(u"action"_s).toString(), u"block");
        QCOMPARE(PolicyJson::topicRefs(guardrailOf(after)).size(), 1);

        for (const QJsonValue &emptyBucket :
             {QJsonValue(QJsonArray{}), QJsonValue(QJsonValue::Null)}) {
            const QJsonArray list{
                QJsonObject{{u"action"_s, u"allow"_s}, {u"topic"_s, emptyBucket}}};
            body.insert(u"policy"_s, HttpProbe::withGuardrail(policy, u"block"_s, list));
            const HttpResult rejected = probe.mgmt("PUT", u"/v1/mgmt/profile/uuid/"_s + id, body);
            QCOMPARE(rejected.status, 400);
            QVERIFY2(rejected.errorMessage().contains(u"topic"),
                     qPrintable(rejected.errorMessage()));
        }
        QCOMPARE(probe.listedProfile(u"keeper"_s).value(u"revision"_s).toInt(), 2);
        QCOMPARE(
            probe.mgmt("PUT", u"/v1/mgmt/profile/uuid/7c9e6679-7425-40de-944b-e07fc1f90ae7"_s, body)
                .status,
            404);
    }

    void newProfileIdOnUpdate()
    {
        AirsEmulator::Options options;
        options.newProfileIdOnUpdate = true;
        AirsEmulator emu(options);
        QVERIFY(emu.start());
        HttpProbe probe(emu);
        const QString firstId = emu.addProfile(u"moving"_s);
        const QString topicId = emu.addTopic(
            u"Lock picking"_s, u"Opening locks without the key."_s,
            {u"How do I rake a pin tumbler lock?"_s, u"Which tension wrench opens a padlock?"_s});
        const HttpResult put =
            probe.putGuardrail(u"moving"_s, u"allow"_s,
                               HttpProbe::buckets({}, {HttpProbe::topicRef(emu.topic(topicId))}));
        QCOMPARE(put.status, 200);
        const QString secondId = put.json().value(u"profile_id"_s).toString();
        QVERIFY(secondId != firstId);
        QCOMPARE(put.json().value(u"revision"_s).toInt(), 2);

        const QJsonArray listed = probe.mgmt("GET", kProfilesPath).array(u"ai_profiles"_s);
        QCOMPARE(listed.size(), 2);
        QCOMPARE(listed.at(0)[u"profile_name"_s], listed.at(1)[u"profile_name"_s]);
        // Scanning by name uses the latest revision.
        const HttpResult byName = probe.scan(u"moving"_s, u"How do I rake a pin tumbler lock?"_s);
        QVERIFY(violation(byName));
        QCOMPARE(byName.json().value(u"profile_id"_s).toString(), secondId);
    }

    void redTeamPromptSets()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        HttpProbe probe(emu);
        const HttpResult set = probe.redTeam("POST", u"/v1/custom-attack/custom-prompt-set"_s,
                                             {{u"name"_s, u"daystrom-lock-picking-abc1234"_s},
                                              {u"description"_s, u"run abc1234"_s}});
        QCOMPARE(set.status, 200);
        const QString setId = set.json().value(u"uuid"_s).toString();
        QVERIFY(!setId.isEmpty());
        for (const QString &key :
             {u"active"_s, u"archive"_s, u"status"_s, u"created_at"_s, u"updated_at"_s})
            QVERIFY2(set.json().contains(key), qPrintable(key));
        QCOMPARE(probe
                     .redTeam("POST", u"/v1/custom-attack/custom-prompt-set"_s,
                              {{u"name"_s, u"daystrom-lock-picking-abc1234"_s}})
                     .status,
                 409);

        for (int i = 0; i < 3; ++i) {
            const HttpResult prompt =
                probe.redTeam("POST", u"/v1/custom-attack/custom-prompt-set/custom-prompt"_s,
                              {{u"prompt"_s, u"prompt %1"_s.arg(i)},
                               {u"prompt_set_id"_s, setId},
                               {u"goal"_s, u"Should trigger topic guardrail"_s}});
            QCOMPARE(prompt.status, 200);
            QCOMPARE(prompt.json().value(u"prompt_set_id"_s).toString(), setId);
            QCOMPARE(prompt.json().value(u"user_defined_goal"_s), QJsonValue(true));
        }
        const HttpResult orphan =
            probe.redTeam("POST", u"/v1/custom-attack/custom-prompt-set/custom-prompt"_s,
                          {{u"prompt"_s, u"x"_s},
                           {u"prompt_set_id"_s, u"1b4e28ba-2fa1-11d2-883f-0016d3cca427"_s}});
        QCOMPARE(orphan.status, 404);

        const HttpResult sets =
            probe.redTeam("GET", u"/v1/custom-attack/list-custom-prompt-sets"_s);
        QCOMPARE(sets.json()[u"pagination"_s][u"total_items"_s].toInt(), 1);
        QCOMPARE(sets.array(u"data"_s).at(0)[u"uuid"_s].toString(), setId);
        const HttpResult prompts = probe.redTeam(
            "GET", u"/v1/custom-attack/custom-prompt-set/%1/list-custom-prompts"_s.arg(setId), {},
            u"skip=1&limit=1"_s);
        QCOMPARE(prompts.json()[u"pagination"_s][u"total_items"_s].toInt(), 3);
        QCOMPARE(prompts.array(u"data"_s).size(), 1);
        QCOMPARE(prompts.array(u"data"_s).at(0)[u"prompt"_s].toString(), u"prompt 1");
        QCOMPARE(probe.redTeam("GET", u"/v1/custom-attack/custom-prompt-set/"_s + setId)
                     .json()[u"name"_s]
                     .toString(),
                 u"daystrom-lock-picking-abc1234");
        QCOMPARE(emu.promptSets().size(), 1);
        QCOMPARE(emu.prompts(setId).size(), 3);
    }

    void redTeamWithoutLicence()
    {
        AirsEmulator::Options options;
        options.redTeamLicensed = false;
        AirsEmulator emu(options);
        QVERIFY(emu.start());
        HttpProbe probe(emu);
        QCOMPARE(probe.redTeam("GET", u"/v1/custom-attack/list-custom-prompt-sets"_s).status, 403);
        QCOMPARE(probe.mgmt("GET", kTopicsPath).status, 200);
    }
};

QTEST_GUILESS_MAIN(TestAirsEmulatorMgmt)
#include "tst_airsemulator_mgmt.moc"
