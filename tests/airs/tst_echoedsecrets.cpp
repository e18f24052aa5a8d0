// A server that quotes the request's credentials back in its error answer (401 or 500): the
// AirsError / LlmError built from it, its message and toString(), hold none of them.
// Real clients over loopback to a scripted server; no mocks.
#include "airs/managementclient.h"
#include "airs/oauthtokensource.h"
#include "airs/scanclient.h"
#include "domain/redaction.h"
#include "llm/llmfactory.h"
#include "scriptedhttpserver.h"

#include "testmain.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QUrlQuery>

using namespace Qt::StringLiterals;
using Step = ScriptedHttpServer::Step;

namespace {

// Every credential the request carried, as the emulator's echo fault quotes them.
QString quotedCredentials(const ScriptedHttpServer::Request &r)
{
    QStringList quoted;
    for (const QByteArray name : {"x-pan-token", "authorization", "x-api-key", "x-goog-api-key"}) {
        if (r.headers.contains(name))
            quoted << QString::fromUtf8(name + '=' + r.headers.value(name));
    }
    const QByteArray auth = r.headers.value("authorization");
    if (auth.startsWith("Basic "))
        quoted << u"basic="_s + QString::fromUtf8(QByteArray::fromBase64(auth.mid(6)));
    const QUrlQuery form(QString::fromUtf8(r.body));
    if (form.hasQueryItem(u"client_secret"_s))
        quoted << u"client_secret="_s + form.queryItemValue(u"client_secret"_s, QUrl::FullyDecoded);
    return quoted.join(u"; "_s);
}

// Answers `status` with the credentials in three places: the message, a nested JSON string
// (escaped once more) and the error description.
Step echo(const ScriptedHttpServer::Request &r, int status)
{
    const QString creds = quotedCredentials(r);
    const QString nested = QString::fromUtf8(
        QJsonDocument(QJsonObject{{u"sent"_s, creds}}).toJson(QJsonDocument::Compact));
    const QString message = u"invalid credentials: "_s + creds + u" / "_s + nested;
    const QJsonObject body{
        {u"error"_s, QJsonObject{{u"message"_s, message}, {u"type"_s, u"authentication_error"_s}}},
        {u"message"_s, message}};
    return Step::json(status, QJsonDocument(body).toJson(QJsonDocument::Compact));
}

RetryPolicy fastRetry()
{
    RetryPolicy p;
    p.maxRetries = 1;
    p.baseDelayMs = 5;
    p.maxDelayMs = 10;
    return p;
}

} // namespace

class TestEchoedSecrets : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;
    QStringList m_secrets; // every value that must not come back

    // `text` holds none of m_secrets; when it carries the server's echo (`echoed`), the
    // placeholder shows where they were.
    void verifyClean(const QString &text, const QString &what, bool echoed = true)
    {
        QVERIFY2(!text.isEmpty(), qPrintable(what + u" is empty"_s));
        if (echoed)
            QVERIFY2(text.contains(Redaction::Placeholder),
                     qPrintable(what + u" lacks the echo: "_s + text));
        for (const QString &s : std::as_const(m_secrets)) {
            QVERIFY2(!text.contains(s), qPrintable(what + u" leaks a secret: "_s + text));
            const QString encoded = QString::fromLatin1(QUrl::toPercentEncoding(s));
            QVERIFY2(!text.contains(encoded),
                     qPrintable(what + u" leaks an encoded secret: "_s + text));
        }
    }

private slots:
    void init()
    {
        Redaction::clearSecrets();
        m_secrets.clear();
    }

    void cleanupTestCase() { Redaction::clearSecrets(); }

    void status_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<bool>("registered");
        // Registered: odd values only the registry can know (JSON- and URL-escaped on the way).
        // Unregistered: realistic secret shapes the patterns must catch on their own.
        QTest::newRow("401 registered") << 401 << true;
        QTest::newRow("500 registered") << 500 << true;
        QTest::newRow("401 patterns only") << 401 << false;
        QTest::newRow("500 patterns only") << 500 << false;
    }

    void scan_data() { status_data(); }
    void scan()
    {
        QFETCH(int, status);
        QFETCH(bool, registered);
        const QString key = registered ? u"canary \"AIRS\" key/0001+ü"_s
                                       : u"Qx7vT2mK9pLw4ZsR8nYb3JcF6hGd1AeU5tNq"_s;
        m_secrets = {key};
        if (registered)
            Redaction::addSecret(key);
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setHandler(
            [status](const ScriptedHttpServer::Request &r) { return echo(r, status); });
        AirsSettings settings;
        settings.scanEndpoint = QUrl(server.baseUrl());
        settings.apiKey = key;
        settings.timeoutMs = 5000;
        settings.retry = fastRetry();
        ScanClient client(&m_nam, settings);
        std::optional<AirsResult<ScanVerdict>> result;
        client.scan({u"hello"_s, u"profile"_s, u"s1"_s, {}, Intent::Block}, this,
                    [&](const AirsResult<ScanVerdict> &r) { result = r; });
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 10000);
        QVERIFY(!result->ok());
        QVERIFY(server.requests().first().headers.value("x-pan-token") ==
                key.toUtf8()); // it was sent
        QCOMPARE(result->error.httpStatus, status);
        verifyClean(result->error.message, u"message"_s);
        verifyClean(result->error.toString(), u"toString()"_s);
    }

    void tokenRequest_data() { status_data(); }
    void tokenRequest()
    {
        QFETCH(int, status);
        QFETCH(bool, registered);
        const QString id = u"client-id-1"_s;
        const QString secret =
            registered ? u"canary-mgmt/secret \"2\""_s : u"Zr4Wq8Lm2Xt6Vb0Nc5Hs9Jd3Fg7Kp1YyQe"_s;
        m_secrets = {secret, QString::fromLatin1((id + u':' + secret).toUtf8().toBase64())};
        if (registered)
            Redaction::addSecret(secret);
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setHandler(
            [status](const ScriptedHttpServer::Request &r) { return echo(r, status); });
        OAuthTokenSource tokens(&m_nam, QUrl(server.baseUrl() + u"/oauth2/access_token"_s), id,
                                secret, u"tsg1"_s);
        tokens.setTimeoutMs(5000);
        tokens.setRetryPolicy(fastRetry());
        std::optional<AirsError> error;
        tokens.token(this, [&](const QString &, const AirsError &e) { error = e; });
        QTRY_VERIFY_WITH_TIMEOUT(error.has_value(), 10000);
        QVERIFY(error->isError());
        QVERIFY(server.requests().first().headers.value("authorization").startsWith("Basic "));
        verifyClean(error->message, u"message"_s);
        verifyClean(error->toString(), u"toString()"_s);
    }

    void managementBearer_data() { status_data(); }
    void managementBearer()
    {
        QFETCH(int, status);
        QFETCH(bool, registered);
        const QString secret = u"mgmt-secret-Kd93jf02kfLq"_s;
        const QString token =
            registered ? u"canary token \"mgmt\"/9"_s
                       : u"eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJjYW5hcnkifQ.c2lnbmF0dXJlMTIz"_s;
        m_secrets = {secret, token};
        Redaction::addSecret(secret);
        if (registered)
            Redaction::addSecret(token);
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setHandler([status, token](const ScriptedHttpServer::Request &r) {
            if (r.target.contains("access_token"))
                return Step::json(200, QJsonDocument(QJsonObject{{u"access_token"_s, token},
                                                                 {u"expires_in"_s, 900}})
                                           .toJson(QJsonDocument::Compact));
            return echo(r, status);
        });
        AirsSettings settings;
        settings.managementEndpoint = QUrl(server.baseUrl() + u"/aisec"_s);
        settings.tokenEndpoint = QUrl(server.baseUrl() + u"/oauth2/access_token"_s);
        settings.clientId = u"client-id-1"_s;
        settings.clientSecret = secret;
        settings.tsgId = u"tsg1"_s;
        settings.timeoutMs = 5000;
        settings.retry = fastRetry();
        ManagementClient client(&m_nam, settings);
        std::optional<AirsError> error;
        client.listTopics(this, [&](const AirsResult<QList<AirsTopic>> &r) { error = r.error; });
        QTRY_VERIFY_WITH_TIMEOUT(error.has_value(), 10000);
        QVERIFY(error->isError());
        bool bearerSent = false;
        for (const auto &r : server.requests())
            bearerSent |= r.headers.value("authorization") == "Bearer " + token.toUtf8();
        QVERIFY(bearerSent);
        verifyClean(error->message, u"message"_s);
        verifyClean(error->toString(), u"toString()"_s);
    }

    void llm_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<int>("status");
        QTest::addColumn<bool>("registered");
        QTest::addColumn<QString>("key");
        QTest::newRow("openai 401")
            << u"openai"_s << 401 << false << u"sk-proj-Canary0123456789abcdefXYZ"_s;
        QTest::newRow("openai 500 registered")
            << u"openai"_s << 500 << true << u"canary llm/key \"1\""_s;
        QTest::newRow("anthropic 401")
            << u"claude-api"_s << 401 << false << u"sk-ant-api03-Canary0123456789_abcdef"_s;
        QTest::newRow("anthropic 401 registered")
            << u"claude-api"_s << 401 << true << u"canary+anthropic=key"_s;
        QTest::newRow("gemini 401")
            << u"gemini-api"_s << 401 << false << u"AIzaSyCanary0123456789abcdefghijklmnop"_s;
        QTest::newRow("gemini 500 registered")
            << u"gemini-api"_s << 500 << true << u"canary gemini key/3"_s;
    }

    void llm()
    {
        QFETCH(QString, provider);
        QFETCH(int, status);
        QFETCH(bool, registered);
        QFETCH(QString, key);
        m_secrets = {key};
        if (registered)
            Redaction::addSecret(key);
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setHandler(
            [status](const ScriptedHttpServer::Request &r) { return echo(r, status); });
        LlmEndpoint endpoint;
        endpoint.provider = provider;
        endpoint.model = u"model-1"_s;
        endpoint.baseUrl = QUrl(server.baseUrl());
        endpoint.apiKey = key;
        endpoint.timeoutMs = 5000;
        endpoint.retry = fastRetry();
        QString error;
        std::unique_ptr<LlmProvider> llm(LlmFactory::create(&m_nam, endpoint, nullptr, &error));
        QVERIFY2(llm, qPrintable(error));
        LlmRequest request;
        request.system = u"s"_s;
        request.user = u"u"_s;
        request.schema = QJsonObject{{u"type"_s, u"object"_s}};
        std::optional<LlmReply> reply;
        LlmCall *call = llm->send(request, this);
        connect(call, &LlmCall::finished, this, [&](const LlmReply &r) { reply = r; });
        QTRY_VERIFY_WITH_TIMEOUT(reply.has_value(), 10000);
        call->deleteLater();
        QVERIFY(reply->error.isError());
        QCOMPARE(reply->error.httpStatus, status);
        QVERIFY(!server.requests().isEmpty());
        verifyClean(reply->error.message, u"message"_s);
        verifyClean(reply->error.toString(), u"toString()"_s);
        verifyClean(reply->rawText.isEmpty() ? u"-"_s : reply->rawText, u"rawText"_s, false);
    }
};

QTEST_GUILESS_MAIN(TestEchoedSecrets)
#include "tst_echoedsecrets.moc"
