// The sandbox LLM's cloud authentication over real loopback HTTP: wrong keys, tampered bodies,
// stale signatures, bad JWTs and expired tokens are refused like the real services refuse
// them, and GoogleTokenSource caches, shares, retries server faults and never retries a refusal.
#include "cloudemulatorfixture.h"
#include "llmrequests.h"

#include "llm/cloudauth/googlejwt.h"
#include "llm/schemavalidator.h"

#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(LlmError::Kind)

class TestLlmEmulatorCloudAuth : public QObject, protected CloudEmulatorFixture
{
    Q_OBJECT

private slots:
    void initTestCase() { generateKeys(); }
    void init() { startEmulator(); }
    void bedrockRejectsBadSignatures_data();
    void bedrockRejectsBadSignatures();
    void badJwtIsInvalidGrantWithoutRetry();
    void expiredJwtClaimsAreRefused();
    void wrongRefreshSecretIsAuthError();
    void expiredAccessTokenIs401();
    void tokenSourceCachesAndShares();
    void tokenRequestsRetryServerFaults_data();
    void tokenRequestsRetryServerFaults();
};

void TestLlmEmulatorCloudAuth::bedrockRejectsBadSignatures_data()
{
    QTest::addColumn<QString>("keyId");
    QTest::addColumn<QString>("secret");
    QTest::addColumn<int>("ageSec");
    QTest::addColumn<bool>("tamper");
    QTest::addColumn<QByteArray>("errorType");
    QTest::addColumn<QString>("message");
    QTest::newRow("wrong secret") << AwsKeyId << u"wrong-secret-key"_s << 0 << false
                                  << QByteArray("InvalidSignatureException") << u"does not match"_s;
    QTest::newRow("tampered body")
        << AwsKeyId << AwsSecret << 0 << true << QByteArray("InvalidSignatureException")
        << u"does not match"_s;
    QTest::newRow("unknown key id")
        << u"AKIDUNKNOWN"_s << AwsSecret << 0 << false << QByteArray("UnrecognizedClientException")
        << u"security token"_s;
    QTest::newRow("old X-Amz-Date")
        << AwsKeyId << AwsSecret << 600 << false << QByteArray("InvalidSignatureException")
        << u"Signature expired"_s;
}

void TestLlmEmulatorCloudAuth::bedrockRejectsBadSignatures()
{
    QFETCH(QString, keyId);
    QFETCH(QString, secret);
    QFETCH(int, ageSec);
    QFETCH(bool, tamper);
    QFETCH(QByteArray, errorType);
    QFETCH(QString, message);
    const QByteArray body = R"({"messages":[{"role":"user","content":[{"text":"hi"}]}]})";
    const QByteArray sent = tamper ? QByteArray(body).replace("hi", "ho") : QByteArray();
    const HttpResponse r = bedrock(body, {keyId, secret, {}, u"env"_s},
                                   QDateTime::currentDateTimeUtc().addSecs(-ageSec), sent);
    QCOMPARE(r.status, 403);
    QCOMPARE(r.headers.value("x-amzn-errortype"), errorType);
    const QString text = QJsonDocument::fromJson(r.body).object().value(u"message"_s).toString();
    QVERIFY2(text.contains(message), qPrintable(text));
    QCOMPARE(m_llm->lastRequest().dialect, u"bedrock"_s);
    QCOMPARE(m_llm->lastRequest().reportedInputTokens, 0);
}

void TestLlmEmulatorCloudAuth::badJwtIsInvalidGrantWithoutRetry()
{
    // A service account whose private key is not the one the emulator knows.
    GoogleTokenSource source(&m_nam, serviceAccount(m_otherKey.privateKeyPem));
    LlmError error;
    QVERIFY(fetchToken(source, &error).isEmpty());
    QCOMPARE(error.kind, LlmError::Kind::Auth);
    QCOMPARE(error.httpStatus, 400);
    QVERIFY2(error.message.contains(u"invalid_grant: Invalid JWT Signature."_s),
             qPrintable(error.message));
    QVERIFY2(error.message.contains(u"GOOGLE_APPLICATION_CREDENTIALS=/tmp/sandbox-sa.json"_s),
             qPrintable(error.message));
    QCOMPARE(source.requestsMade(), 1);
    QCOMPARE(source.lastAttempts(), 1);
    QCOMPARE(m_llm->issuedAccessTokens(), 0);

    // The same over plain HTTP: 400 {"error":"invalid_grant",…}.
    QString jwtError;
    const QByteArray jwt = GoogleJwt::assertion(serviceAccount(m_otherKey.privateKeyPem),
                                                u"https://www.googleapis.com/auth/cloud-platform"_s,
                                                QDateTime::currentSecsSinceEpoch(), &jwtError);
    const HttpResponse r = exchange(
        "POST", m_llm->tokenUrl(),
        "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=" + jwt,
        {{"Content-Type", "application/x-www-form-urlencoded"}});
    QCOMPARE(r.status, 400);
    const QJsonObject o = QJsonDocument::fromJson(r.body).object();
    QCOMPARE(o.value(u"error"_s).toString(), u"invalid_grant"_s);
    QCOMPARE(o.value(u"error_description"_s).toString(), u"Invalid JWT Signature."_s);
}

void TestLlmEmulatorCloudAuth::expiredJwtClaimsAreRefused()
{
    GoogleTokenSource source(&m_nam, serviceAccount(m_key.privateKeyPem));
    source.setClock([] { return QDateTime::currentDateTimeUtc().addSecs(-7200); });
    LlmError error;
    QVERIFY(fetchToken(source, &error).isEmpty());
    QCOMPARE(error.kind, LlmError::Kind::Auth);
    QVERIFY2(error.message.contains(u"iat and exp"_s), qPrintable(error.message));

    // A token_uri with plain http to a host that is not loopback is never contacted.
    GoogleCredentials plain = serviceAccount(m_key.privateKeyPem);
    plain.tokenUri = u"http://oauth2.example.com/token"_s;
    GoogleTokenSource refused(&m_nam, plain);
    QVERIFY(fetchToken(refused, &error).isEmpty());
    QCOMPARE(error.kind, LlmError::Kind::Auth);
    QVERIFY2(error.message.contains(u"plain http"_s), qPrintable(error.message));
    QCOMPARE(refused.requestsMade(), 0);

    // An audience other than the token URL.
    GoogleCredentials elsewhere = serviceAccount(m_key.privateKeyPem);
    elsewhere.tokenUri = m_llm->tokenUrl().toString() + u"?aud=other"_s;
    GoogleTokenSource other(&m_nam, elsewhere);
    QVERIFY(fetchToken(other, &error).isEmpty());
    QVERIFY2(error.message.contains(u"audience"_s), qPrintable(error.message));
}

void TestLlmEmulatorCloudAuth::wrongRefreshSecretIsAuthError()
{
    GoogleTokenSource source(&m_nam, authorizedUser(u"not-the-client-secret"_s));
    LlmError error;
    QVERIFY(fetchToken(source, &error).isEmpty());
    QCOMPARE(error.kind, LlmError::Kind::Auth);
    QCOMPARE(error.httpStatus, 401);
    QVERIFY2(error.message.contains(u"the keychain"_s) &&
                 error.message.contains(u"invalid_client"_s),
             qPrintable(error.message));
    QVERIFY2(!error.message.contains(u"not-the-client-secret"_s), qPrintable(error.message));
    QCOMPARE(source.lastAttempts(), 1);
}

void TestLlmEmulatorCloudAuth::expiredAccessTokenIs401()
{
    GoogleTokenSource source(&m_nam, serviceAccount(m_key.privateKeyPem));
    LlmError error;
    const QByteArray bearer = "Bearer " + fetchToken(source, &error).toLatin1();
    const QUrl url = vertexUrl(u"google"_s, u"gemini-2.5-flash"_s, u"generateContent"_s);
    const QByteArray body = R"({"contents":[]})";
    const QList<QPair<QByteArray, QByteArray>> headers{{"Content-Type", "application/json"},
                                                       {"Authorization", bearer}};
    HttpResponse r = exchange("POST", url, body, headers);
    QCOMPARE(r.status, 400); // through authentication to the body check

    m_llm->expireAccessTokens();
    r = exchange("POST", url, body, headers);
    QCOMPARE(r.status, 401);
    const QJsonObject e = QJsonDocument::fromJson(r.body).object().value(u"error"_s).toObject();
    QCOMPARE(e.value(u"code"_s).toInt(), 401);
    QCOMPARE(e.value(u"status"_s).toString(), u"UNAUTHENTICATED"_s);
    QVERIFY(e.value(u"message"_s)
                .toString()
                .startsWith(u"Request had invalid authentication credentials"_s));

    // A token that lives one second stops working on its own.
    auto auth = m_llm->cloudAuth();
    auth.accessTokenLifetimeSec = 1;
    m_llm->setCloudAuth(auth);
    source.invalidate();
    const QByteArray shortLived = "Bearer " + fetchToken(source, &error).toLatin1();
    const QList<QPair<QByteArray, QByteArray>> shortHeaders{{"Content-Type", "application/json"},
                                                            {"Authorization", shortLived}};
    QTRY_COMPARE_WITH_TIMEOUT(exchange("POST", url, body, shortHeaders).status, 401, 5000);
    // No token at all, and one never issued.
    QCOMPARE(exchange("POST", url, body, {{"Content-Type", "application/json"}}).status, 401);
    QCOMPARE(exchange("POST", url, body, {{"Authorization", "Bearer ya29.made-up-token"}}).status,
             401);
}

void TestLlmEmulatorCloudAuth::tokenSourceCachesAndShares()
{
    GoogleTokenSource source(&m_nam, serviceAccount(m_key.privateKeyPem));
    QStringList tokens;
    for (int i = 0; i < 3; ++i)
        source.fetch(&m_context, [&](const QString &t, const LlmError &) { tokens.append(t); });
    QTRY_COMPARE(tokens.size(), 3);
    QCOMPARE(source.requestsMade(), 1);
    QVERIFY(!tokens.first().isEmpty());
    QCOMPARE(tokens.count(tokens.first()), 3);

    LlmError error;
    QCOMPARE(fetchToken(source, &error), tokens.first()); // cached
    QCOMPARE(source.requestsMade(), 1);
    // 5 minutes before expiry the cache no longer answers.
    source.setClock([] { return QDateTime::currentDateTimeUtc().addSecs(3600 - 299); });
    QVERIFY(!source.hasValidToken());
    source.setClock([] { return QDateTime::currentDateTimeUtc(); });
    source.invalidate();
    const QString fresh = fetchToken(source, &error);
    QCOMPARE(source.requestsMade(), 2);
    QVERIFY(fresh != tokens.first());
}

void TestLlmEmulatorCloudAuth::tokenRequestsRetryServerFaults_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<LlmError::Kind>("kind");
    QTest::newRow("503") << u"llm.503=1"_s << LlmError::Kind::Transient;
    QTest::newRow("429") << u"llm.429=1,retry-after=0.05"_s << LlmError::Kind::Transient;
    QTest::newRow("cut body") << u"llm.cut=1"_s << LlmError::Kind::Network;
}

void TestLlmEmulatorCloudAuth::tokenRequestsRetryServerFaults()
{
    QFETCH(QString, spec);
    QFETCH(LlmError::Kind, kind);
    QString specError;
    const auto faults = FaultSpec::parse(spec, &specError);
    QVERIFY2(faults, qPrintable(specError));
    m_llm->setFaultSpec(*faults);
    GoogleTokenSource source(&m_nam, serviceAccount(m_key.privateKeyPem));
    RetryPolicy fast = RetryPolicy();
    fast.maxRetries = 3;
    fast.baseDelayMs = 10;
    fast.maxDelayMs = 20;
    source.setRetryPolicy(fast);
    LlmError error;
    QVERIFY(fetchToken(source, &error).isEmpty());
    QCOMPARE(error.kind, kind);
    QCOMPARE(source.lastAttempts(), 4);
    QCOMPARE(m_llm->requestCount(), 4);

    // The faults gone, the next fetch gets a token.
    m_llm->setFaultSpec(FaultSpec());
    QVERIFY(!fetchToken(source, &error).isEmpty());
    QCOMPARE(source.requestsMade(), 2);
}

QTEST_GUILESS_MAIN(TestLlmEmulatorCloudAuth)
#include "tst_llmemulator_cloudauth.moc"
