#include "airs/airserror.h"
#include "airs/profilepolicy.h"
#include "airs/ratelimiter.h"
#include "airs/scanclient.h"
#include "airs/scanverdict.h"
#include "net/httpcall.h"

#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

static QJsonObject toObject(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

class TestAirsParts : public QObject
{
    Q_OBJECT
private slots:
    void payloadHashTestVector()
    {
        const QByteArray body = R"({"ai_profile":{"profile_name":"my-profile"},"contents":[{"prompt":"hello"}]})";
        QCOMPARE(ScanClient::payloadHash(u"test-api-key"_s, body),
                 QByteArray("d85285949ad040cebb17984e653f518f03a4479ca7fd66b8d8366837376a92fd"));
    }

    void scanRequestShape()
    {
        AirsSettings s;
        s.scanEndpoint = QUrl(u"https://scan.example/"_s);
        s.apiKey = u"k-123"_s;
        ScanClient::Request r{u"How do I pick a lock?"_s, u"my-profile"_s, u"run-abc1234-iter1"_s, {}, Intent::Block};
        const HttpRequestSpec spec = ScanClient::buildRequest(s, r);
        QCOMPARE(spec.url.toString(), u"https://scan.example/v1/scan/sync/request"_s);
        QCOMPARE(spec.method, QByteArray("POST"));
        const QJsonObject body = toObject(spec.body);
        QCOMPARE(body.value(u"ai_profile"_s).toObject().value(u"profile_name"_s).toString(), u"my-profile"_s);
        QCOMPARE(body.value(u"contents"_s).toArray().at(0).toObject().value(u"prompt"_s).toString(),
                 u"How do I pick a lock?"_s);
        QCOMPARE(body.value(u"session_id"_s).toString(), u"run-abc1234-iter1"_s);
        QHash<QByteArray, QByteArray> h;
        for (const auto &[k, v] : spec.headers)
            h.insert(k.toLower(), v);
        QCOMPARE(h.value("x-pan-token"), QByteArray("k-123"));
        QCOMPARE(h.value("x-payload-hash"), ScanClient::payloadHash(u"k-123"_s, spec.body));
        QCOMPARE(h.value("service-name"), QByteArray("api"));
        QCOMPARE(h.value("content-type"), QByteArray("application/json"));
        QVERIFY(!h.contains("authorization"));

        s.apiKey.clear();
        s.bearerToken = u"tok"_s;
        const HttpRequestSpec bearer = ScanClient::buildRequest(s, r);
        bool sawBearer = false, sawHash = false;
        for (const auto &[k, v] : bearer.headers) {
            sawBearer |= k == "Authorization" && v == "Bearer tok";
            sawHash |= k == "x-payload-hash";
        }
        QVERIFY(sawBearer);
        QVERIFY(!sawHash);
    }

    void triggeredPerIntent_data()
    {
        QTest::addColumn<Intent>("intent");
        QTest::addColumn<QString>("category");
        QTest::addColumn<bool>("violation");
        QTest::addColumn<bool>("triggered");
        QTest::newRow("block hit") << Intent::Block << u"malicious"_s << true << true;
        QTest::newRow("block clean") << Intent::Block << u"benign"_s << false << false;
        QTest::newRow("block other detector (no topic)") << Intent::Block << u"malicious"_s << false << false;
        QTest::newRow("allow matched") << Intent::Allow << u"benign"_s << false << true;
        QTest::newRow("allow not matched") << Intent::Allow << u"malicious"_s << false << false;
        // No category: topic_violation on an allow list says the prompt broke it (not matched).
        QTest::newRow("allow no category falls back") << Intent::Allow << QString() << true << false;
        QTest::newRow("allow no category no violation") << Intent::Allow << QString() << false << true;
    }
    void triggeredPerIntent()
    {
        QFETCH(Intent, intent);
        QFETCH(QString, category);
        QFETCH(bool, violation);
        QFETCH(bool, triggered);
        QCOMPARE(ScanVerdict::decideTriggered(intent, category, violation), triggered);
    }

    // Issue 55: one reading of "the profile acted on it" for each kind of profile. An allow
    // list that answers action "allow" with category "malicious" (DESIGN.md's allow signal)
    // rejected the prompt; a block list that answers the same only raised an alert.
    void actedOnPerProfileKind_data()
    {
        QTest::addColumn<ProfileKind>("kind");
        QTest::addColumn<QString>("category");
        QTest::addColumn<QString>("action");
        QTest::addColumn<bool>("violation");
        QTest::addColumn<bool>("acted");
        QTest::newRow("block list: topic hit") << ProfileKind::BlockList << u"malicious"_s << u"block"_s << true << true;
        QTest::newRow("block list: clean") << ProfileKind::BlockList << u"benign"_s << u"allow"_s << false << false;
        QTest::newRow("block list: alert only") << ProfileKind::BlockList << u"malicious"_s << u"allow"_s << false << false;
        QTest::newRow("block list: other detector blocks") << ProfileKind::BlockList << u"malicious"_s << u"block"_s << false << true;
        QTest::newRow("allow list: matched") << ProfileKind::AllowList << u"benign"_s << u"allow"_s << false << false;
        QTest::newRow("allow list: not matched, category signal") << ProfileKind::AllowList << u"malicious"_s << u"allow"_s << false << true;
        QTest::newRow("allow list: not matched, violation signal") << ProfileKind::AllowList << u"malicious"_s << u"block"_s << true << true;
        QTest::newRow("allow list: no category, violation") << ProfileKind::AllowList << QString() << u"allow"_s << true << true;
        QTest::newRow("allow list: no category, clean") << ProfileKind::AllowList << QString() << u"allow"_s << false << false;
    }
    void actedOnPerProfileKind()
    {
        QFETCH(ProfileKind, kind);
        QFETCH(QString, category);
        QFETCH(QString, action);
        QFETCH(bool, violation);
        QFETCH(bool, acted);
        QCOMPARE(ScanVerdict::actedOn(kind, category, action, violation), acted);
        // The loop's reading of the same answer agrees: a block list acts on what the block
        // intent calls a hit, an allow list on what the allow intent calls no match.
        if (action != u"block"_s) {
            const bool loop = kind == ProfileKind::BlockList ? ScanVerdict::decideTriggered(Intent::Block, category, violation)
                                                             : !ScanVerdict::decideTriggered(Intent::Allow, category, violation);
            QCOMPARE(loop, acted);
        }
    }

    void verdictParsing()
    {
        const QByteArray hit = R"({"report_id":"R1","scan_id":"s1","category":"malicious","action":"block",)"
            R"("timeout":false,"error":false,"errors":[],"prompt_detected":{"injection":false,"topic_violation":true}})";
        const AirsResult<ScanVerdict> v = ScanVerdict::parse(hit, Intent::Block);
        QVERIFY(v.ok());
        QCOMPARE(v.value.scanId, u"s1"_s);
        QCOMPARE(v.value.reportId, u"R1"_s);
        QCOMPARE(v.value.action, u"block"_s);
        QVERIFY(v.value.topicViolation);
        QVERIFY(v.value.triggered);
        QCOMPARE(v.value.detections.value(u"injection"_s, true), false);
        QCOMPARE(v.value.detections.size(), 2);

        const AirsResult<ScanVerdict> clean =
            ScanVerdict::parse(R"({"scan_id":"s","report_id":"r","category":"benign","action":"allow","prompt_detected":{}})", Intent::Block);
        QVERIFY(clean.ok());
        QVERIFY(!clean.value.triggered);

        QCOMPARE(ScanVerdict::parse("{\"scan_id\":", Intent::Block).error.kind, AirsError::Kind::InvalidResponse);
        QCOMPARE(ScanVerdict::parse("[1,2]", Intent::Block).error.kind, AirsError::Kind::InvalidResponse);
        QCOMPARE(ScanVerdict::parse(R"({"scan_id":"x"})", Intent::Block).error.kind, AirsError::Kind::InvalidResponse);
    }

    void serverMessageShapes_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("message");
        QTest::newRow("error_message") << QByteArray(R"({"error_message":"a"})") << u"a"_s;
        QTest::newRow("message") << QByteArray(R"({"message":"b"})") << u"b"_s;
        QTest::newRow("error.message") << QByteArray(R"({"error":{"message":"c"}})") << u"c"_s;
        QTest::newRow("oauth") << QByteArray(R"({"error":"invalid_client","error_description":"bad"})")
                               << u"invalid_client: bad"_s;
        QTest::newRow("plain text") << QByteArray("Service Unavailable") << u"Service Unavailable"_s;
        QTest::newRow("empty") << QByteArray() << QString();
    }
    void serverMessageShapes()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, message);
        QCOMPARE(AirsError::serverMessage(body), message);
    }

    void retryAfterParsing_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<qint64>("ms");
        QTest::newRow("seconds") << QByteArray("3") << QByteArray() << qint64(3000);
        QTest::newRow("fractional") << QByteArray("0.5") << QByteArray() << qint64(500);
        QTest::newRow("body seconds") << QByteArray() << QByteArray(R"({"retry_after":{"interval":2,"unit":"seconds"}})") << qint64(2000);
        QTest::newRow("body ms") << QByteArray() << QByteArray(R"({"retry_after":{"interval":250,"unit":"ms"}})") << qint64(250);
        QTest::newRow("body minutes") << QByteArray() << QByteArray(R"({"retry_after":{"interval":1,"unit":"m"}})") << qint64(60000);
        QTest::newRow("none") << QByteArray() << QByteArray("{}") << qint64(-1);
    }
    void retryAfterParsing()
    {
        QFETCH(QByteArray, header);
        QFETCH(QByteArray, body);
        QFETCH(qint64, ms);
        QHash<QByteArray, QByteArray> h;
        if (!header.isEmpty())
            h.insert("retry-after", header);
        QCOMPARE(HttpCall::retryAfterMs(h, body), ms);
    }

    void retryAfterHttpDate()
    {
        const QDateTime future = QDateTime::currentDateTimeUtc().addSecs(10);
        const QByteArray date = future.toString(Qt::RFC2822Date).toLatin1();
        const qint64 ms = HttpCall::retryAfterMs({{"retry-after", date}}, {});
        QVERIFY2(ms > 8000 && ms <= 10000, qPrintable(QString::number(ms)));
    }

    void rateLimiterWindow()
    {
        RateLimiter limiter(2);
        QCOMPARE(limiter.delayBeforeNext(0), 0);
        limiter.record(0);
        QCOMPARE(limiter.delayBeforeNext(100), 0);
        limiter.record(100);
        QCOMPARE(limiter.delayBeforeNext(200), 800); // waits until the first start leaves the window
        QCOMPARE(limiter.delayBeforeNext(1000), 0);
        limiter.record(1000);
        QCOMPARE(limiter.delayBeforeNext(1050), 50);

        RateLimiter half(0.5); // one call every two seconds
        half.record(0);
        QCOMPARE(half.delayBeforeNext(10), 1990);

        RateLimiter none(0);
        for (int i = 0; i < 100; ++i)
            none.record(0);
        QCOMPARE(none.delayBeforeNext(0), 0);
    }

    void policyKeepsEverythingElse()
    {
        QFile fixture(QStringLiteral(DAYSTROM_TEST_DATA "/airs/profile-policy.json"));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        const QJsonObject policy = toObject(fixture.readAll());
        QVERIFY(policy.contains(u"x-unknown"_s));
        const QList<TopicAssignment> assignments{{u"c1"_s, u"Allow: lawful"_s, u"allow"_s, 3},
                                                 {u"t1"_s, u"Weapons"_s, u"block"_s, 5}};
        const QJsonObject out = ProfilePolicy::withTopicGuardrails(policy, assignments, u"allow"_s);

        // Everything except the topic-guardrails entry is unchanged.
        QJsonObject a = out, b = policy;
        auto stripGuardrails = [](QJsonObject p) {
            QJsonArray profiles = p.value(u"ai-security-profiles"_s).toArray();
            QJsonObject first = profiles.at(0).toObject();
            QJsonObject config = first.value(u"model-configuration"_s).toObject();
            QJsonArray prot = config.value(u"model-protection"_s).toArray();
            prot.removeAt(1);
            config.insert(u"model-protection"_s, prot);
            first.insert(u"model-configuration"_s, config);
            profiles.replace(0, first);
            p.insert(u"ai-security-profiles"_s, profiles);
            return p;
        };
        QCOMPARE(stripGuardrails(a), stripGuardrails(b));

        const QJsonObject g = ProfilePolicy::topicGuardrails(out);
        QCOMPARE(g.value(u"action"_s).toString(), u"allow"_s);
        QCOMPARE(g.value(u"options"_s).toArray().at(0).toString(), u"keep-me"_s);
        const QJsonArray list = g.value(u"topic-list"_s).toArray();
        QCOMPARE(list.size(), 2);
        // The existing block group keeps the unrelated topic and gains ours, pinned.
        const QJsonObject block = list.at(0).toObject();
        QCOMPARE(block.value(u"action"_s).toString(), u"block"_s);
        QCOMPARE(block.value(u"topic"_s).toArray().size(), 2);
        QCOMPARE(block.value(u"topic"_s).toArray().at(0).toObject().value(u"revision"_s).toInt(), 7);
        QCOMPARE(block.value(u"topic"_s).toArray().at(1).toObject().value(u"topic_id"_s).toString(), u"t1"_s);
        QCOMPARE(block.value(u"topic"_s).toArray().at(1).toObject().value(u"revision"_s).toInt(), 5);
        const QJsonObject allow = list.at(1).toObject();
        QCOMPARE(allow.value(u"action"_s).toString(), u"allow"_s);
        QCOMPARE(allow.value(u"topic"_s).toArray().at(0).toObject().value(u"topic_name"_s).toString(), u"Allow: lawful"_s);

        // Drop mode replaces the whole list; a reassigned topic never appears twice.
        const QJsonObject dropped = ProfilePolicy::withTopicGuardrails(out, {assignments.at(1)}, u"allow"_s,
                                                                       ProfilePolicy::OtherTopics::Drop);
        QCOMPARE(ProfilePolicy::topicGuardrails(dropped).value(u"topic-list"_s).toArray().size(), 1);
        const QJsonObject again = ProfilePolicy::withTopicGuardrails(out, assignments, u"allow"_s);
        QCOMPARE(ProfilePolicy::topicGuardrails(again), g);
    }

    void policyBuiltWhenMissing()
    {
        const QJsonObject out = ProfilePolicy::withTopicGuardrails({}, {{u"t"_s, u"T"_s, u"allow"_s, 0}}, u"block"_s);
        const QJsonObject first = out.value(u"ai-security-profiles"_s).toArray().at(0).toObject();
        QCOMPARE(first.value(u"model-type"_s).toString(), u"default"_s);
        const QJsonObject g = ProfilePolicy::topicGuardrails(out);
        QCOMPARE(g.value(u"action"_s).toString(), u"block"_s);
        QCOMPARE(g.value(u"topic-list"_s).toArray().size(), 1);
        // No assignments and nothing kept: an empty list, never an empty bucket.
        const QJsonObject empty = ProfilePolicy::withTopicGuardrails({}, {}, u"block"_s);
        QCOMPARE(ProfilePolicy::topicGuardrails(empty).value(u"topic-list"_s).toArray().size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestAirsParts)
#include "tst_airsparts.moc"
