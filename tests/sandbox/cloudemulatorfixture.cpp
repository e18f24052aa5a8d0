#include "cloudemulatorfixture.h"

#include "cloudtestcredentials.h"

#include <QTest>

using namespace Qt::StringLiterals;

const QString CloudEmulatorFixture::Email =
    u"daystrom-sandbox@sandbox-project.iam.gserviceaccount.com"_s;
const QString CloudEmulatorFixture::AwsKeyId = u"AKIDSANDBOXEXAMPLE"_s;
const QString CloudEmulatorFixture::AwsSecret =
    u"sandboxSecretAccessKey/K7MDENG+bPxRfiCYEXAMPLEKEY"_s;
const QByteArray CloudEmulatorFixture::BedrockModel =
    "us.anthropic.claude-sonnet-4-20250514-v1%3A0";

void CloudEmulatorFixture::generateKeys()
{
    m_key = generateRsaKeyPair();
    m_otherKey = generateRsaKeyPair();
    QVERIFY(!m_key.publicKeyPem.isEmpty() && !m_otherKey.publicKeyPem.isEmpty());
}

void CloudEmulatorFixture::startEmulator()
{
    m_llm = std::make_unique<LlmEmulator>();
    QVERIFY(m_llm->start() != 0);
    LlmEmulator::CloudAuth auth;
    auth.googleClientEmail = Email;
    auth.googlePublicKeyPem = m_key.publicKeyPem;
    auth.userClientId = u"sandbox-client.apps.googleusercontent.com"_s;
    auth.userClientSecret = u"sandbox-client-secret"_s;
    auth.userRefreshToken = u"1//sandbox-refresh-token"_s;
    auth.awsAccessKeyId = AwsKeyId;
    auth.awsSecretAccessKey = AwsSecret;
    m_llm->setCloudAuth(auth);
}

HttpResponse CloudEmulatorFixture::exchange(const QByteArray &method, const QUrl &url,
                                            const QByteArray &body,
                                            const QList<QPair<QByteArray, QByteArray>> &headers)
{
    HttpRequestSpec spec;
    spec.method = method;
    spec.url = url;
    spec.body = body;
    spec.headers = headers;
    spec.retry = RetryPolicy::none();
    spec.timeoutMs = 10000;
    HttpCall call(&m_nam, spec);
    HttpResponse out;
    bool done = false;
    QObject::connect(&call, &HttpCall::finished, &m_context, [&](const HttpResponse &r) {
        out = r;
        done = true;
    });
    call.start();
    // No answer in time leaves `out` empty, which the caller's checks report.
    static_cast<void>(QTest::qWaitFor([&] { return done; }, 15000));
    return out;
}

GoogleCredentials CloudEmulatorFixture::serviceAccount(const QByteArray &privateKeyPem) const
{
    QString error;
    GoogleCredentials c = GoogleCredentials::fromJson(
        CloudTestCredentials::serviceAccountJson(Email, privateKeyPem,
                                                 m_llm->tokenUrl().toString()),
        u"GOOGLE_APPLICATION_CREDENTIALS=/tmp/sandbox-sa.json"_s, &error);
    if (!c.isValid())
        qWarning() << error;
    return c;
}

GoogleCredentials CloudEmulatorFixture::authorizedUser(const QString &secret) const
{
    QString error;
    const auto auth = m_llm->cloudAuth();
    return GoogleCredentials::fromJson(
        CloudTestCredentials::authorizedUserJson(auth.userClientId, secret, auth.userRefreshToken,
                                                 m_llm->tokenUrl().toString()),
        u"the keychain"_s, &error);
}

QString CloudEmulatorFixture::fetchToken(GoogleTokenSource &source, LlmError *error)
{
    QString token;
    bool done = false;
    source.fetch(&m_context, [&](const QString &t, const LlmError &e) {
        token = t;
        *error = e;
        done = true;
    });
    // No answer in time leaves the token empty, which the caller's checks report.
    static_cast<void>(QTest::qWaitFor([&] { return done; }, 15000));
    return token;
}

QUrl CloudEmulatorFixture::vertexUrl(const QString &publisher, const QString &model,
                                     const QString &method) const
{
    QUrl url = m_llm->rootUrl();
    url.setPath(
        u"/v1/projects/sandbox-project/locations/us-central1/publishers/%1/models/%2:%3"_s.arg(
            publisher, model, method));
    return url;
}

QUrl CloudEmulatorFixture::bedrockUrl() const
{
    return QUrl::fromEncoded(m_llm->rootUrl().toEncoded() + "/model/" + BedrockModel + "/converse",
                             QUrl::StrictMode);
}

HttpResponse CloudEmulatorFixture::bedrock(const QByteArray &body,
                                           const AwsCredentials &credentials,
                                           const QDateTime &signedAt, const QByteArray &sentBody)
{
    SigV4::Request request{"POST", bedrockUrl(), {{"Content-Type", "application/json"}}, body};
    const SigV4::Signature s =
        SigV4::sign(request, credentials, u"us-east-1"_s, u"bedrock"_s, signedAt);
    auto headers = request.headers + s.addedHeaders;
    headers.append({"Authorization", s.authorization});
    return exchange("POST", bedrockUrl(), sentBody.isEmpty() ? body : sentBody, headers);
}

void CloudEmulatorFixture::checkRecordedUsage(const QString &dialect, const Usage &answered)
{
    const LlmEmulator::RecordedRequest last = m_llm->lastRequest();
    QCOMPARE(last.dialect, dialect);
    QVERIFY(answered.input > 0 && answered.output > 0);
    QCOMPARE(last.reportedInputTokens, answered.input);
    QCOMPARE(last.reportedOutputTokens, answered.output);
}
