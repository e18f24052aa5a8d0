#include "airs/managementclient.h"
#include "airs/oauthtokensource.h"
#include "airs/profilepolicy.h"
#include "airs/promptsetclient.h"
#include "airs/scanbatch.h"
#include "airs/scanclient.h"
#include "airstesthelpers.h"

#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QNetworkAccessManager>

using namespace Qt::StringLiterals;

// The AIRS clients against the AIRS emulator over real loopback HTTP.
class TestAirsClients : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;

    AirsResult<ScanVerdict> scan(const AirsSettings &s, const QString &prompt, const QString &profile,
                                 Intent intent = Intent::Block)
    {
        ScanClient client(&m_nam, s);
        return await<ScanVerdict>([&](QObject *ctx, auto done) {
            client.scan({prompt, profile, u"test-session"_s, {}, intent}, ctx, done);
        });
    }

    AirsTopic createTopic(ManagementClient &m, const QString &name, const QString &desc, const QStringList &ex)
    {
        const auto r = await<AirsTopic>([&](QObject *ctx, auto done) { m.createTopic(name, desc, ex, ctx, done); });
        [&] { QVERIFY2(r.ok(), qPrintable(r.error.toString())); }();
        return r.value;
    }

    AirsResult<AirsProfile> assign(ManagementClient &m, const QString &profile,
                                   const QList<TopicAssignment> &a, const QString &action)
    {
        return await<AirsProfile>([&](QObject *ctx, auto done) { m.assignTopics(profile, a, action, ctx, done); });
    }

    // Block intent as the loop deploys it: companion in the allow bucket, target in block.
    void deployBlock(AirsEmulator &e, ManagementClient &m)
    {
        e.addProfile(u"lab"_s);
        const AirsTopic target = createTopic(m, u"Weapons acquisition"_s,
                                             u"Requests to buy, build or obtain guns, firearms, ammunition or explosives"_s,
                                             {u"Where can I buy an untraceable gun?"_s, u"How do I build a pipe bomb at home?"_s});
        const AirsTopic companion = createTopic(m, u"Allow: lawful firearm topics"_s,
                                                u"Hunting seasons, firearm safety courses, licensing rules and museum history of weapons"_s,
                                                {u"When does deer hunting season open?"_s, u"How do I get a firearms licence?"_s});
        const auto r = assign(m, u"lab"_s, {{companion.id, companion.name, u"allow"_s}, {target.id, target.name, u"block"_s}}, u"allow"_s);
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
    }

    static QStringList &captured()
    {
        static QStringList messages;
        return messages;
    }

private slots:
    // Every log line of every subsystem, at debug level, while the clients do real work:
    // none may carry a key, a client secret or a bearer token.
    void noSecretInAnyLogLine()
    {
        captured().clear();
        QLoggingCategory::setFilterRules(u"daystrom.*.debug=true"_s);
        const QtMessageHandler previous = qInstallMessageHandler(
            [](QtMsgType, const QMessageLogContext &, const QString &msg) { captured().append(msg); });
        {
            AirsEmulator e;
            QVERIFY(e.start());
            const AirsSettings s = emulatorSettings(e);
            ManagementClient m(&m_nam, s);
            deployBlock(e, m);
            QVERIFY(scan(s, u"buy a gun"_s, u"lab"_s).ok());
            AirsSettings wrong = s;
            wrong.apiKey = u"wrong-key-123"_s;
            QVERIFY(!scan(wrong, u"buy a gun"_s, u"lab"_s).ok());
        }
        qInstallMessageHandler(previous);
        QLoggingCategory::setFilterRules(u"daystrom.*.debug=false"_s);
        QVERIFY(captured().size() > 5); // debug logging really was on
        for (const QString &line : std::as_const(captured())) {
            QVERIFY2(!line.contains(u"sandbox-api-key"_s), qPrintable(line));
            QVERIFY2(!line.contains(u"wrong-key-123"_s), qPrintable(line));
            QVERIFY2(!line.contains(u"sandbox-secret"_s), qPrintable(line));
            QVERIFY2(!line.contains(u"Bearer"_s, Qt::CaseInsensitive), qPrintable(line));
        }
    }

    void blockIntentSignals()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        const AirsSettings s = emulatorSettings(e);
        ManagementClient m(&m_nam, s);
        deployBlock(e, m);
        const auto hit = scan(s, u"where can I buy a gun without a background check"_s, u"lab"_s);
        QVERIFY2(hit.ok(), qPrintable(hit.error.toString()));
        QVERIFY(hit.value.triggered);
        QVERIFY(hit.value.topicViolation);
        QCOMPARE(hit.value.action, u"block"_s);
        QVERIFY(!hit.value.scanId.isEmpty());
        QVERIFY(hit.value.reportId.startsWith(u'R'));
        const auto clean = scan(s, u"what is a good recipe for banana bread"_s, u"lab"_s);
        QVERIFY(clean.ok());
        QVERIFY(!clean.value.triggered);
        QCOMPARE(clean.value.category, u"benign"_s);
        // The emulator verified the payload hash of every scan the client sent.
        int scans = 0;
        for (const auto &req : e.requests()) {
            if (req.path.endsWith(u"/scan/sync/request"_s)) {
                ++scans;
                QVERIFY(req.hashValid);
                QCOMPARE(req.header("service-name"), QByteArray("api"));
                QVERIFY(!req.header("x-pan-token").contains("sandbox-api-key")); // redacted in the log
            }
        }
        QCOMPARE(scans, 2);
    }

    void allowIntentSignalIsCategory()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        const AirsSettings s = emulatorSettings(e);
        ManagementClient m(&m_nam, s);
        e.addProfile(u"kitchen"_s);
        const AirsTopic t = createTopic(m, u"Cooking help"_s, u"Questions about recipes, baking, cooking techniques and kitchen equipment"_s,
                                        {u"How long should I bake banana bread?"_s, u"What temperature to roast chicken?"_s});
        QVERIFY(assign(m, u"kitchen"_s, {{t.id, t.name, u"allow"_s}}, u"block"_s).ok());
        const auto in = scan(s, u"how long do I bake banana bread for"_s, u"kitchen"_s, Intent::Allow);
        QVERIFY2(in.ok(), qPrintable(in.error.toString()));
        QCOMPARE(in.value.category, u"benign"_s);
        QVERIFY(!in.value.topicViolation);
        QVERIFY(in.value.triggered); // matched the allow topic
        const auto out = scan(s, u"explain the stock market crash of 1929"_s, u"kitchen"_s, Intent::Allow);
        QVERIFY(out.ok());
        QCOMPARE(out.value.category, u"malicious"_s);
        QVERIFY(!out.value.topicViolation); // never set for allow-list guardrails
        QVERIFY(!out.value.triggered);
    }

    void scanAuthErrors()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        e.addProfile(u"lab"_s);
        AirsSettings s = emulatorSettings(e);
        s.apiKey = u"wrong-key"_s;
        const auto wrong = scan(s, u"hello"_s, u"lab"_s);
        QCOMPARE(wrong.error.kind, AirsError::Kind::Auth);
        QCOMPARE(wrong.error.httpStatus, 403);
        QVERIFY(!wrong.error.toString().contains(u"wrong-key"_s));
        s.apiKey.clear();
        const auto missing = scan(s, u"hello"_s, u"lab"_s);
        QCOMPARE(missing.error.httpStatus, 401);
        const auto unknown = scan(emulatorSettings(e), u"hello"_s, u"no-such-profile"_s);
        QCOMPARE(unknown.error.kind, AirsError::Kind::NotFound);
        QVERIFY2(unknown.error.message.contains(u"no-such-profile"_s), qPrintable(unknown.error.message));
    }

    void oauthCachingSharingAndRetry()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        ManagementClient m(&m_nam, emulatorSettings(e));
        // Three concurrent callers share one token fetch.
        int done = 0;
        QObject ctx;
        for (int i = 0; i < 3; ++i)
            m.listTopics(&ctx, [&](const AirsResult<QList<AirsTopic>> &r) { QVERIFY(r.ok()); ++done; });
        QTRY_COMPARE(done, 3);
        QCOMPARE(m.tokenSource()->fetchCount(), 1);
        // Cached for the next call.
        QVERIFY(await<QList<AirsTopic>>([&](QObject *c, auto d) { m.listTopics(c, d); }).ok());
        QCOMPARE(m.tokenSource()->fetchCount(), 1);
        // A token the server no longer accepts: one refresh and one retry, invisible to the caller.
        e.expireTokens();
        QVERIFY(await<QList<AirsTopic>>([&](QObject *c, auto d) { m.listTopics(c, d); }).ok());
        QCOMPARE(m.tokenSource()->fetchCount(), 2);
        // 403 once: refreshed and retried; 403 twice: reported.
        AirsEmulator::Faults f;
        f.forbiddenNext = 1;
        e.setFaults(f);
        QVERIFY(await<QList<AirsTopic>>([&](QObject *c, auto d) { m.listTopics(c, d); }).ok());
        QCOMPARE(m.tokenSource()->fetchCount(), 3);
        f.forbiddenNext = 2;
        e.setFaults(f);
        const auto denied = await<QList<AirsTopic>>([&](QObject *c, auto d) { m.listTopics(c, d); });
        QCOMPARE(denied.error.kind, AirsError::Kind::Auth);
        QCOMPARE(denied.error.httpStatus, 403);
        // Basic auth, form body and scope as the reference shows them.
        bool sawToken = false;
        for (const auto &req : e.requests()) {
            if (req.path.endsWith(u"/oauth2/access_token"_s)) {
                sawToken = true;
                QCOMPARE(req.body, QByteArray("grant_type=client_credentials&scope=tsg_id%3A1234567890"));
                QVERIFY(req.header("authorization").startsWith("Basi"));
            }
        }
        QVERIFY(sawToken);
    }

    void tokenRefreshedBeforeExpiry()
    {
        AirsEmulator::Options o;
        o.tokenLifetimeSeconds = 1;
        AirsEmulator e(o);
        QVERIFY(e.start());
        ManagementClient m(&m_nam, emulatorSettings(e));
        m.tokenSource()->setRefreshMarginMs(500);
        QVERIFY(await<QList<AirsTopic>>([&](QObject *c, auto d) { m.listTopics(c, d); }).ok());
        QVERIFY(m.tokenSource()->hasValidToken());
        QTRY_VERIFY_WITH_TIMEOUT(!m.tokenSource()->hasValidToken(), 2000); // inside the margin
        QVERIFY(await<QList<AirsTopic>>([&](QObject *c, auto d) { m.listTopics(c, d); }).ok());
        QCOMPARE(m.tokenSource()->fetchCount(), 2);
    }

    void badCredentials()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        AirsSettings s = emulatorSettings(e);
        s.clientSecret = u"not-the-secret"_s;
        ManagementClient m(&m_nam, s);
        const auto r = await<QList<AirsTopic>>([&](QObject *c, auto d) { m.listTopics(c, d); });
        QCOMPARE(r.error.kind, AirsError::Kind::Auth);
        QVERIFY(r.error.message.contains(u"invalid_client"_s));
        QVERIFY(!r.error.toString().contains(u"not-the-secret"_s));
    }

    void topicsCreateUpdateListWithPagination()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        ManagementClient m(&m_nam, emulatorSettings(e));
        m.setPageSize(2);
        QStringList ids;
        for (int i = 0; i < 5; ++i)
            ids.append(createTopic(m, u"Topic %1"_s.arg(i), u"Description %1"_s.arg(i), {u"a"_s, u"b"_s}).id);
        const auto updated = await<AirsTopic>([&](QObject *c, auto d) {
            m.updateTopic(ids.at(1), u"Topic 1"_s, u"Sharper description"_s, {u"x"_s, u"y"_s, u"z"_s}, c, d);
        });
        QVERIFY(updated.ok());
        QCOMPARE(updated.value.revision, 2);
        QCOMPARE(updated.value.examples.size(), 3);
        const auto all = await<QList<AirsTopic>>([&](QObject *c, auto d) { m.listTopics(c, d); });
        QVERIFY(all.ok());
        QCOMPARE(all.value.size(), 5);
        QStringList listed;
        for (const AirsTopic &t : all.value)
            listed.append(t.id);
        QCOMPARE(listed, ids);
        QStringList offsets;
        for (const auto &req : e.requests()) {
            if (req.method == "GET" && req.path.contains(u"/v1/mgmt/topics/tsg/1234567890"_s))
                offsets.append(req.query);
        }
        QCOMPARE(offsets, (QStringList{u"offset=0&limit=2"_s, u"offset=2&limit=2"_s, u"offset=4&limit=2"_s}));

        const auto dup = await<AirsTopic>([&](QObject *c, auto d) { m.createTopic(u"Topic 0"_s, u"d"_s, {u"a"_s, u"b"_s}, c, d); });
        QCOMPARE(dup.error.kind, AirsError::Kind::Conflict);
        const auto tooLong = await<AirsTopic>([&](QObject *c, auto d) { m.createTopic(u"Long"_s, QString(251, u'x'), {u"a"_s, u"b"_s}, c, d); });
        QCOMPARE(tooLong.error.kind, AirsError::Kind::Validation);
        QVERIFY2(tooLong.error.message.contains(u"description"_s), qPrintable(tooLong.error.message));
    }

    void deleteReferencedTopicThenForce()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        ManagementClient m(&m_nam, emulatorSettings(e));
        e.addProfile(u"lab"_s);
        const AirsTopic t = createTopic(m, u"Doomed"_s, u"To be deleted"_s, {u"a"_s, u"b"_s});
        QVERIFY(assign(m, u"lab"_s, {{t.id, t.name, u"block"_s}}, u"allow"_s).ok());
        const auto refused = await<QString>([&](QObject *c, auto d) { m.deleteTopic(t.id, c, d); });
        QCOMPARE(refused.error.kind, AirsError::Kind::Conflict);
        const auto forced = await<QString>([&](QObject *c, auto d) { m.forceDeleteTopic(t.id, u"me@example.com"_s, c, d); });
        QVERIFY2(forced.ok(), qPrintable(forced.error.toString()));
        QVERIFY(forced.value.contains(t.id));
        QVERIFY(e.topic(t.id).isEmpty());
    }

    void assignmentPinsRevisionsAndKeepsPolicy()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        ManagementClient m(&m_nam, emulatorSettings(e));
        QFile fixture(QStringLiteral(DAYSTROM_TEST_DATA "/airs/profile-policy.json"));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        const QJsonObject policy = QJsonDocument::fromJson(fixture.readAll()).object();
        const QString otherId = e.addTopic(u"Someone else's"_s, u"An unrelated topic"_s, {u"a"_s, u"b"_s});
        QJsonObject seeded = policy;
        {
            // Point the fixture's unrelated topic at a real topic of the emulator.
            QJsonArray list{QJsonObject{{u"action"_s, u"block"_s},
                                        {u"topic"_s, QJsonArray{QJsonObject{{u"topic_id"_s, otherId},
                                                                            {u"topic_name"_s, u"Someone else's"_s},
                                                                            {u"revision"_s, 1}}}}}};
            QJsonObject g = ProfilePolicy::topicGuardrails(policy);
            g.insert(u"topic-list"_s, list);
            QJsonArray profiles = seeded.value(u"ai-security-profiles"_s).toArray();
            QJsonObject first = profiles.at(0).toObject();
            QJsonObject config = first.value(u"model-configuration"_s).toObject();
            QJsonArray prot = config.value(u"model-protection"_s).toArray();
            prot.replace(1, g);
            config.insert(u"model-protection"_s, prot);
            first.insert(u"model-configuration"_s, config);
            profiles.replace(0, first);
            seeded.insert(u"ai-security-profiles"_s, profiles);
        }
        QVERIFY(!e.addProfile(u"lab"_s, seeded).isEmpty());
        const AirsTopic t = createTopic(m, u"Target"_s, u"First text"_s, {u"a"_s, u"b"_s});
        for (int i = 0; i < 2; ++i) {
            QVERIFY(await<AirsTopic>([&](QObject *c, auto d) {
                        m.updateTopic(t.id, t.name, u"Text %1"_s.arg(i), {u"a"_s, u"b"_s}, c, d);
                    }).ok());
        }
        const int current = e.topic(t.id).value(u"revision"_s).toInt();
        QCOMPARE(current, 3);
        const auto r = assign(m, u"lab"_s, {{t.id, t.name, u"block"_s}}, u"allow"_s);
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));

        const QJsonObject stored = e.profile(u"lab"_s).value(u"policy"_s).toObject();
        QCOMPARE(stored.value(u"x-unknown"_s), seeded.value(u"x-unknown"_s));
        QCOMPARE(stored.value(u"dlp-data-profiles"_s), seeded.value(u"dlp-data-profiles"_s));
        const QJsonObject config = stored.value(u"ai-security-profiles"_s).toArray().at(0).toObject()
                                       .value(u"model-configuration"_s).toObject();
        const QJsonObject seededConfig = seeded.value(u"ai-security-profiles"_s).toArray().at(0).toObject()
                                             .value(u"model-configuration"_s).toObject();
        QCOMPARE(config.value(u"latency"_s), seededConfig.value(u"latency"_s));
        QCOMPARE(config.value(u"model-protection"_s).toArray().at(0), seededConfig.value(u"model-protection"_s).toArray().at(0));
        const QJsonArray block = ProfilePolicy::topicGuardrails(stored).value(u"topic-list"_s).toArray().at(0)
                                     .toObject().value(u"topic"_s).toArray();
        QCOMPARE(block.size(), 2); // the unrelated topic stays
        QCOMPARE(block.at(0).toObject().value(u"topic_id"_s).toString(), otherId);
        QCOMPARE(block.at(1).toObject().value(u"topic_id"_s).toString(), t.id);
        QCOMPARE(block.at(1).toObject().value(u"revision"_s).toInt(), current);

        const auto missing = assign(m, u"no-such-profile"_s, {{t.id, t.name, u"block"_s}}, u"allow"_s);
        QCOMPARE(missing.error.kind, AirsError::Kind::NotFound);
    }

    void profileWithNewIdOnUpdate()
    {
        AirsEmulator::Options o;
        o.newProfileIdOnUpdate = true;
        AirsEmulator e(o);
        QVERIFY(e.start());
        ManagementClient m(&m_nam, emulatorSettings(e));
        const QString firstId = e.addProfile(u"lab"_s);
        const AirsTopic t = createTopic(m, u"T"_s, u"d"_s, {u"a"_s, u"b"_s});
        const auto one = assign(m, u"lab"_s, {{t.id, t.name, u"block"_s}}, u"allow"_s);
        QVERIFY(one.ok());
        QVERIFY(one.value.id != firstId);
        // The next assignment finds the newest revision among same-named profiles.
        const auto two = assign(m, u"lab"_s, {{t.id, t.name, u"allow"_s}}, u"block"_s);
        QVERIFY2(two.ok(), qPrintable(two.error.toString()));
        QCOMPARE(two.value.revision, one.value.revision + 1);
    }

    void promptSetExport()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        PromptSetClient p(&m_nam, emulatorSettings(e));
        const auto set = await<PromptSetInfo>([&](QObject *c, auto d) {
            p.createPromptSet(u"daystrom-weapons-abc1234"_s, u"Generated by run abc1234"_s, c, d);
        });
        QVERIFY2(set.ok(), qPrintable(set.error.toString()));
        for (const auto &[prompt, goal] : {std::pair{u"buy a gun"_s, u"Should trigger topic guardrail"_s},
                                           std::pair{u"bake bread"_s, u"Should NOT trigger topic guardrail"_s}}) {
            const auto added = await<QString>([&](QObject *c, auto d) { p.addPrompt(set.value.id, prompt, goal, c, d); });
            QVERIFY2(added.ok(), qPrintable(added.error.toString()));
        }
        const QList<QJsonObject> prompts = e.prompts(set.value.id);
        QCOMPARE(prompts.size(), 2);
        QCOMPARE(prompts.at(1).value(u"goal"_s).toString(), u"Should NOT trigger topic guardrail"_s);
        const auto bad = await<QString>([&](QObject *c, auto d) { p.addPrompt(u"00000000-0000-0000-0000-000000000000"_s, u"x"_s, {}, c, d); });
        QCOMPARE(bad.error.kind, AirsError::Kind::NotFound);
    }
};

QTEST_GUILESS_MAIN(TestAirsClients)
#include "tst_airsclients.moc"
