// AIRS emulator over real loopback HTTP: OAuth, scan auth and validation, verdicts, recording.
#include "httpprobe.h"

#include "sandbox/airsemulator.h"
#include "sandbox/payloadhash.h"

#include "testmain.h"

#include <QJsonDocument>
#include <QSignalSpy>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace {
QUrl scanUrl(const AirsEmulator &emu)
{
    QUrl url = emu.scanEndpoint();
    url.setPath(u"/v1/scan/sync/request"_s);
    return url;
}

} // namespace

class TestAirsEmulator final : public QObject
{
    Q_OBJECT

private slots:
    void startsOnLoopback()
    {
        AirsEmulator emu;
        const quint16 port = emu.start();
        QVERIFY(port != 0);
        QCOMPARE(emu.baseUrl(), QUrl(u"http://127.0.0.1:%1"_s.arg(port)));
        QCOMPARE(emu.scanEndpoint(), emu.baseUrl());
        QCOMPARE(emu.managementEndpoint().toString(),
                 QString(emu.baseUrl().toString() + u"/aisec"));
        QCOMPARE(emu.tokenEndpoint().toString(),
                 QString(emu.baseUrl().toString() + u"/oauth2/access_token"));
        QCOMPARE(emu.redTeamEndpoint().toString(),
                 QString(emu.baseUrl().toString() + u"/ai-red-teaming/mgmt-plane"));
    }

    void oauthIssuesToken()
    {
        AirsEmulator::Options options;
        options.tokenLifetimeSeconds = 123;
        AirsEmulator emu(options);
        QVERIFY(emu.start());
        HttpProbe probe(emu);
        const HttpResult r = probe.fetchToken();
        QCOMPARE(r.status, 200);
        const QJsonObject o = r.json();
        QVERIFY(o.value(u"access_token"_s).toString().size() >= 20);
        QCOMPARE(o.value(u"token_type"_s).toString(), u"Bearer");
        QCOMPARE(o.value(u"expires_in"_s).toInt(), 123);
        QCOMPARE(o.value(u"scope"_s).toString(), u"tsg_id:1234567890");
        QVERIFY(probe.fetchToken().json().value(u"access_token"_s) !=
                o.value(u"access_token"_s)); // opaque and fresh each time

        const AirsEmulator::RecordedRequest req = emu.requests().constFirst();
        QCOMPARE(req.method, "POST");
        QCOMPARE(req.path, u"/oauth2/access_token");
        QCOMPARE(req.body, "grant_type=client_credentials&scope=tsg_id%3A1234567890");
        QCOMPARE(req.header("authorization"), "Basi…"); // redacted
        QCOMPARE(probe.mgmt("GET", u"/v1/mgmt/topics/tsg/1234567890"_s).status, 200);
    }

    void oauthRejects_data()
    {
        QTest::addColumn<QString>("clientId");
        QTest::addColumn<QString>("secret");
        QTest::addColumn<QByteArray>("form");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("error");
        const QByteArray good = "grant_type=client_credentials&scope=tsg_id%3A1234567890";
        QTest::newRow("wrong secret")
            << u"sandbox-client"_s << u"nope"_s << good << 401 << u"invalid_client"_s;
        QTest::newRow("wrong id") << u"other"_s << u"sandbox-secret"_s << good << 401
                                  << u"invalid_client"_s;
        QTest::newRow("bad grant")
            << QString() << QString() << QByteArray("grant_type=password&scope=tsg_id%3A1234567890")
            << 400 << u"unsupported_grant_type"_s;
        QTest::newRow("wrong tsg") << QString() << QString()
                                   << QByteArray("grant_type=client_credentials&scope=tsg_id%3A99")
                                   << 400 << u"invalid_scope"_s;
        QTest::newRow("no scope") << QString() << QString()
                                  << QByteArray("grant_type=client_credentials") << 400
                                  << u"invalid_scope"_s;
    }

    void oauthRejects()
    {
        QFETCH(QString, clientId);
        QFETCH(QString, secret);
        QFETCH(QByteArray, form);
        QFETCH(int, status);
        QFETCH(QString, error);
        AirsEmulator emu;
        QVERIFY(emu.start());
        HttpProbe probe(emu);
        const HttpResult r = probe.fetchToken(clientId, secret, form);
        QCOMPARE(r.status, status);
        QCOMPARE(r.json().value(u"error"_s).toString(), error);
        QVERIFY(!r.json().value(u"error_description"_s).toString().isEmpty());
        QVERIFY(!r.json().contains(u"access_token"_s));
    }

    void tokenExpiresServerSide()
    {
        AirsEmulator::Options options;
        options.tokenLifetimeSeconds = 1;
        AirsEmulator emu(options);
        QVERIFY(emu.start());
        HttpProbe probe(emu);
        QCOMPARE(probe.mgmt("GET", u"/v1/mgmt/topics/tsg/1234567890"_s).status, 200);
        QTRY_COMPARE_WITH_TIMEOUT(probe.mgmt("GET", u"/v1/mgmt/topics/tsg/1234567890"_s).status,
                                  401, 5000);
    }

    void expireTokensAndBearerChecks()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        HttpProbe probe(emu);
        const QString path = u"/v1/mgmt/topics/tsg/1234567890"_s;
        QCOMPARE(probe.mgmt("GET", path).status, 200);
        emu.expireTokens();
        const HttpResult expired = probe.mgmt("GET", path);
        QCOMPARE(expired.status, 401);
        QVERIFY(!expired.errorMessage().isEmpty());

        const QUrl url = probe.mgmtUrl(path);
        QCOMPARE(probe.call("GET", url).status, 401);
        QCOMPARE(probe.call("GET", url, {}, {{"Authorization", "Bearer made-up"}}).status, 401);
        QCOMPARE(probe.call("GET", url, {}, {{"x-pan-token", "sandbox-api-key"}}).status, 401);
        QCOMPARE(probe.call("GET", probe.redTeamUrl(u"/v1/custom-attack/list-custom-prompt-sets"_s))
                     .status,
                 401);
    }

    void scanAuthAndValidation_data()
    {
        QTest::addColumn<QString>("auth");
        QTest::addColumn<QByteArray>("contentType");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        const QByteArray json = "application/json";
        const QByteArray good = HttpProbe::scanBody(u"p"_s, u"hello"_s);
        auto body = [](const char *text) {
            return QByteArray(text);
        };
        QTest::newRow("no key, no bearer") << u"none"_s << json << good << 401 << u"missing"_s;
        QTest::newRow("junk bearer") << u"junkbearer"_s << json << good << 401 << u"bearer"_s;
        QTest::newRow("wrong key") << u"wrongkey"_s << json << good << 403 << u"API key"_s;
        QTest::newRow("wrong hash")
            << u"badhash"_s << json << good << 403 << u"payload hash does not match"_s;
        QTest::newRow("text/plain")
            << u"key"_s << QByteArray("text/plain") << good << 415 << u"application/json"_s;
        QTest::newRow("not json") << u"key"_s << json << body("nope") << 400 << u"malformed"_s;
        QTest::newRow("no ai_profile")
            << u"key"_s << json << body(R"({"contents":[{"prompt":"x"}]})") << 400
            << u"ai_profile"_s;
        QTest::newRow("no profile_name")
            << u"key"_s << json << body(R"({"ai_profile":{},"contents":[{"prompt":"x"}]})") << 400
            << u"profile_name"_s;
        QTest::newRow("long profile_name")
            << u"key"_s << json << HttpProbe::scanBody(QString(101, u'n'), u"x"_s) << 400
            << u"longer than 100"_s;
        QTest::newRow("bad profile_id")
            << u"key"_s << json
            << body(R"({"ai_profile":{"profile_id":"not-a-uuid"},"contents":[{"prompt":"x"}]})")
            << 400 << u"UUID"_s;
        QTest::newRow("empty contents")
            << u"key"_s << json << body(R"({"ai_profile":{"profile_name":"p"},"contents":[]})")
            << 400 << u"contents"_s;
        QTest::newRow("empty prompt")
            << u"key"_s << json
            << body(R"({"ai_profile":{"profile_name":"p"},"contents":[{"prompt":""}]})") << 400
            << u"prompt is empty"_s;
        QTest::newRow("no content")
            << u"key"_s << json << body(R"({"ai_profile":{"profile_name":"p"},"contents":[{}]})")
            << 400 << u"no content"_s;
        QTest::newRow("long tr_id")
            << u"key"_s << json
            << HttpProbe::scanBody(u"p"_s, u"x"_s, {{u"tr_id"_s, QString(101, u't')}}) << 400
            << u"tr_id"_s;
        QTest::newRow("unknown profile")
            << u"key"_s << json << HttpProbe::scanBody(u"ghost"_s, u"x"_s) << 404
            << u"AI profile 'ghost' not found"_s;
        QTest::newRow("unknown profile id")
            << u"key"_s << json
            << body(R"({"ai_profile":{"profile_id":"7c9e6679-7425-40de-944b-e07fc1f90ae7"},)"
                    R"("contents":[{"prompt":"x"}]})")
            << 404 << u"not found"_s;
        QTest::newRow("valid") << u"key"_s << json << good << 200 << QString();
    }

    void scanAuthAndValidation()
    {
        QFETCH(QString, auth);
        QFETCH(QByteArray, contentType);
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        QFETCH(QString, message);
        AirsEmulator emu;
        QVERIFY(emu.start());
        QVERIFY(!emu.addProfile(u"p"_s).isEmpty());
        HttpProbe probe(emu);
        HttpProbe::Headers headers{{"Content-Type", contentType}};
        const QString key = emu.options().credentials.apiKey;
        if (auth == u"key" || auth == u"badhash")
            headers.emplaceBack(QByteArray("x-pan-token"), key.toUtf8());
        if (auth == u"key")
            headers.emplaceBack(QByteArray("x-payload-hash"), PayloadHash::compute(key, body));
        if (auth == u"badhash")
            headers.emplaceBack(QByteArray("x-payload-hash"),
                                PayloadHash::compute(key, body + ' '));
        if (auth == u"wrongkey")
            headers.emplaceBack(QByteArray("x-pan-token"), "wrong-key");
        if (auth == u"junkbearer")
            headers.emplaceBack(QByteArray("Authorization"), "Bearer junk");

        const HttpResult r = probe.call("POST", scanUrl(emu), body, headers);
        QCOMPARE(r.status, status);
        if (status == 200) {
            QCOMPARE(r.json().value(u"action"_s).toString(), u"allow");
            return;
        }
        // Scan API error shape: {"error":{"message":…}}
        const QString text = r.json().value(u"error"_s).toObject().value(u"message"_s).toString();
        QVERIFY2(text.contains(message, Qt::CaseInsensitive), qPrintable(text));
        QCOMPARE(emu.scanCount(), 1); // answered scans count whatever their status
    }

    void scanRequiresHashWhenConfigured()
    {
        AirsEmulator::Options options;
        options.requirePayloadHash = true;
        AirsEmulator emu(options);
        QVERIFY(emu.start());
        QVERIFY(!emu.addProfile(u"p"_s).isEmpty());
        HttpProbe probe(emu);
        const QByteArray body = HttpProbe::scanBody(u"p"_s, u"hello"_s);
        const HttpResult missing =
            probe.call("POST", scanUrl(emu), body,
                       {{"Content-Type", "application/json"}, {"x-pan-token", "sandbox-api-key"}});
        QCOMPARE(missing.status, 401);
        QVERIFY(missing.errorMessage().contains(u"x-payload-hash"));
        QCOMPARE(probe.scan(u"p"_s, u"hello"_s).status, 200);
        QVERIFY(emu.requests().constLast().hashValid);
        QVERIFY(!emu.requests().at(0).hashValid);
    }

    void scanRejectsOversizedBody()
    {
        AirsEmulator::Options options;
        options.maxScanBodyBytes = 200;
        AirsEmulator emu(options);
        QVERIFY(emu.start());
        QVERIFY(!emu.addProfile(u"p"_s).isEmpty());
        HttpProbe probe(emu);
        QCOMPARE(probe.scan(u"p"_s, QString(100, u'a')).status, 200);
        const HttpResult big = probe.scan(u"p"_s, QString(300, u'a'));
        QCOMPARE(big.status, 413);
        QVERIFY(big.errorMessage().contains(u"200 bytes"));
    }

    void scanAcceptsBearer()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        QVERIFY(!emu.addProfile(u"p"_s).isEmpty());
        HttpProbe probe(emu);
        const HttpResult r =
            probe.call("POST", scanUrl(emu), HttpProbe::scanBody(u"p"_s, u"hello"_s),
                       {{"Content-Type", "application/json"},
                        {"Authorization", "Bearer " + probe.token().toUtf8()}});
        QCOMPARE(r.status, 200);
    }

    void scanResponseShape()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        const QString profileId = emu.addProfile(u"shape"_s);
        HttpProbe probe(emu);
        const QByteArray body = HttpProbe::scanBody(
            u"shape"_s, u"hello there"_s,
            {{u"tr_id"_s, u"t-0001"_s}, {u"session_id"_s, u"run-abc1234-iter1"_s}});
        const HttpResult r = probe.call("POST", scanUrl(emu), body, probe.scanHeaders(body));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.header("content-type"), "application/json");
        const QJsonObject o = r.json();
        const QString scanId = o.value(u"scan_id"_s).toString();
        QVERIFY(!QUuid::fromString(scanId).isNull());
        QCOMPARE(o.value(u"report_id"_s).toString(), QString(u'R' + scanId));
        QCOMPARE(o.value(u"tr_id"_s).toString(), u"t-0001");
        QCOMPARE(o.value(u"session_id"_s).toString(), u"run-abc1234-iter1");
        QCOMPARE(o.value(u"profile_id"_s).toString(), profileId);
        QCOMPARE(o.value(u"profile_name"_s).toString(), u"shape");
        QCOMPARE(o.value(u"category"_s).toString(), u"benign");
        QCOMPARE(o.value(u"action"_s).toString(), u"allow");
        QCOMPARE(o.value(u"timeout"_s), QJsonValue(false));
        QCOMPARE(o.value(u"error"_s), QJsonValue(false));
        QCOMPARE(o.value(u"errors"_s).toArray(), QJsonArray());
        const QJsonObject detected = o.value(u"prompt_detected"_s).toObject();
        QCOMPARE(detected.value(u"topic_violation"_s), QJsonValue(false));
        QCOMPARE(detected.value(u"injection"_s), QJsonValue(false));
        QCOMPARE(emu.scanCount(), 1);
        QCOMPARE(emu.inflightScans(), 0);
    }

    void recordsRequestsWithSecretsRedacted()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        QVERIFY(!emu.addProfile(u"p"_s).isEmpty());
        HttpProbe probe(emu);
        QSignalSpy received(&emu, &AirsEmulator::requestReceived);
        QCOMPARE(probe.scan(u"p"_s, u"hello"_s).status, 200);
        QCOMPARE(received.count(), 1);
        QCOMPARE(received.at(0).at(0).toString(), u"/v1/scan/sync/request");
        const AirsEmulator::RecordedRequest r = emu.requests().constLast();
        QCOMPARE(r.method, "POST");
        QCOMPARE(r.path, u"/v1/scan/sync/request");
        QCOMPARE(r.body, HttpProbe::scanBody(u"p"_s, u"hello"_s));
        QCOMPARE(r.header("x-pan-token"), "sand…");
        QCOMPARE(r.header("x-payload-hash").size(), qsizetype(4 + 3)); // 4 chars + "…"
        QCOMPARE(r.header("service-name"), "api");
        QVERIFY(r.hashValid);
        for (const auto &[name, value] : r.headers)
            QVERIFY(!value.contains("sandbox-api-key"));
        emu.clearRequests();
        QVERIFY(emu.requests().isEmpty());
    }

    void unknownRouteAndMethod()
    {
        AirsEmulator emu;
        QVERIFY(emu.start());
        HttpProbe probe(emu);
        QUrl url = emu.baseUrl();
        url.setPath(u"/v9/nothing"_s);
        const HttpResult missing = probe.call("GET", url);
        QCOMPARE(missing.status, 404);
        QVERIFY(missing.errorMessage().contains(u"/v9/nothing"));
        const HttpResult wrongMethod = probe.call("GET", scanUrl(emu));
        QCOMPARE(wrongMethod.status, 405);
        QCOMPARE(probe.mgmt("GET", u"/v1/mgmt/nothing"_s).status, 404);
    }
};

QTEST_GUILESS_MAIN(TestAirsEmulator)
#include "tst_airsemulator.moc"
