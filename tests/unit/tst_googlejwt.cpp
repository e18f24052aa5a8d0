// GoogleJwt: the service-account assertion's header, claims and RS256 signature against a key
// pair generated here, verified through OpenSSL; GoogleCredentials::fromJson.
#include "googlecredentials.h"
#include "googlejwt.h"
#include "testkeys.h"

#include "testmain.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {
const QString kScope = u"https://www.googleapis.com/auth/cloud-platform"_s;
constexpr qint64 kIat = 1735689600; // 2025-01-01T00:00:00Z

GoogleCredentials serviceAccount(const QByteArray &privateKeyPem)
{
    GoogleCredentials c;
    c.kind = GoogleCredentials::Kind::ServiceAccount;
    c.clientEmail = u"daystrom@test-project.iam.gserviceaccount.com"_s;
    c.privateKeyPem = QString::fromLatin1(privateKeyPem);
    c.privateKeyId = u"0123456789abcdef"_s;
    c.tokenUri = u"http://127.0.0.1:9/token"_s;
    c.origin = u"the test"_s;
    return c;
}

QJsonObject decodePart(const QByteArray &part)
{
    return QJsonDocument::fromJson(QByteArray::fromBase64(part, QByteArray::Base64UrlEncoding))
        .object();
}
} // namespace

class TestGoogleJwt : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void base64UrlHasNoPadding();
    void assertionFields();
    void verifiesWithThePublicKey();
    void rejectsTamperingAndOtherKeys();
    void signatureIsDeterministic();
    void unusableKeyIsAnError();
    void credentialsFromJson();

private:
    RsaKeyPair m_key;
    RsaKeyPair m_other;
};

void TestGoogleJwt::initTestCase()
{
    m_key = generateRsaKeyPair();
    m_other = generateRsaKeyPair();
    QVERIFY(m_key.privateKeyPem.startsWith("-----BEGIN PRIVATE KEY-----"));
    QVERIFY(m_key.publicKeyPem.startsWith("-----BEGIN PUBLIC KEY-----"));
    QVERIFY(m_key.publicKeyPem != m_other.publicKeyPem);
}

void TestGoogleJwt::base64UrlHasNoPadding()
{
    // 0xfb 0xff → standard "+/8=", base64url "-_8" without padding.
    QCOMPARE(GoogleJwt::base64Url(QByteArray("\xfb\xff", 2)), QByteArray("-_8"));
    QCOMPARE(GoogleJwt::base64Url("a"), QByteArray("YQ"));
    QCOMPARE(GoogleJwt::base64Url("ab"), QByteArray("YWI"));
    QCOMPARE(GoogleJwt::base64Url("abc"), QByteArray("YWJj"));
}

void TestGoogleJwt::assertionFields()
{
    QString error;
    const QByteArray jwt =
        GoogleJwt::assertion(serviceAccount(m_key.privateKeyPem), kScope, kIat, &error);
    QVERIFY2(!jwt.isEmpty(), qPrintable(error));
    const QList<QByteArray> parts = jwt.split('.');
    QCOMPARE(parts.size(), 3);
    for (const QByteArray &part : parts) {
        QVERIFY(!part.contains('='));
        QVERIFY(!part.contains('+'));
        QVERIFY(!part.contains('/'));
    }
    const QJsonObject header = decodePart(parts[0]);
    QCOMPARE(header,
             (QJsonObject{
                 {u"alg"_s, u"RS256"_s}, {u"typ"_s, u"JWT"_s}, {u"kid"_s, u"0123456789abcdef"_s}}));
    const QJsonObject claims = decodePart(parts[1]);
    QCOMPARE(claims.size(), 5);
    QCOMPARE(claims.value(u"iss"_s).toString(), u"daystrom@test-project.iam.gserviceaccount.com"_s);
    QCOMPARE(claims.value(u"scope"_s).toString(), kScope);
    QCOMPARE(claims.value(u"aud"_s).toString(), u"http://127.0.0.1:9/token"_s);
    QCOMPARE(claims.value(u"iat"_s).toInteger(), kIat);
    QCOMPARE(claims.value(u"exp"_s).toInteger(), kIat + 3600);
    // RS256 with a 2048-bit key: a 256-byte signature.
    QCOMPARE(QByteArray::fromBase64(parts[2], QByteArray::Base64UrlEncoding).size(), 256);
}

void TestGoogleJwt::verifiesWithThePublicKey()
{
    QString error;
    const QByteArray jwt =
        GoogleJwt::assertion(serviceAccount(m_key.privateKeyPem), kScope, kIat, &error);
    const auto verified = GoogleJwt::verify(jwt, m_key.publicKeyPem, &error);
    QVERIFY2(verified.has_value(), qPrintable(error));
    QCOMPARE(verified->header.value(u"kid"_s).toString(), u"0123456789abcdef"_s);
    QCOMPARE(verified->claims.value(u"exp"_s).toInteger(), kIat + 3600);
}

void TestGoogleJwt::rejectsTamperingAndOtherKeys()
{
    QString error;
    const QByteArray jwt =
        GoogleJwt::assertion(serviceAccount(m_key.privateKeyPem), kScope, kIat, &error);
    const QList<QByteArray> parts = jwt.split('.');

    // Claims changed after signing (a later exp).
    QJsonObject claims = decodePart(parts[1]);
    claims.insert(u"exp"_s, kIat + 7200);
    const QByteArray tampered =
        parts[0] + '.' +
        GoogleJwt::base64Url(QJsonDocument(claims).toJson(QJsonDocument::Compact)) + '.' + parts[2];
    QVERIFY(!GoogleJwt::verify(tampered, m_key.publicKeyPem, &error));
    QVERIFY2(error.contains(u"signature"_s), qPrintable(error));

    // Another key's public half.
    QVERIFY(!GoogleJwt::verify(jwt, m_other.publicKeyPem, &error));
    QVERIFY2(error.contains(u"signature"_s), qPrintable(error));

    // A signature cut short, not a JWT at all, alg none.
    QVERIFY(!GoogleJwt::verify(jwt.left(jwt.size() - 4), m_key.publicKeyPem, &error));
    QVERIFY(!GoogleJwt::verify("abc.def", m_key.publicKeyPem, &error));
    const QByteArray none =
        GoogleJwt::base64Url(R"({"alg":"none","typ":"JWT"})") + '.' + parts[1] + '.' + parts[2];
    QVERIFY(!GoogleJwt::verify(none, m_key.publicKeyPem, &error));
    QVERIFY2(error.contains(u"RS256"_s), qPrintable(error));
    QVERIFY(!GoogleJwt::verify(jwt, "not a key", &error));
}

// RSASSA-PKCS1-v1_5 has no randomness: the same input signs to the same bytes.
void TestGoogleJwt::signatureIsDeterministic()
{
    QString error;
    const GoogleCredentials sa = serviceAccount(m_key.privateKeyPem);
    const QByteArray a = GoogleJwt::assertion(sa, kScope, kIat, &error);
    const QByteArray b = GoogleJwt::assertion(sa, kScope, kIat, &error);
    QCOMPARE(a, b);
    QVERIFY(GoogleJwt::assertion(sa, kScope, kIat + 1, &error) != a);
}

void TestGoogleJwt::unusableKeyIsAnError()
{
    QString error;
    GoogleCredentials sa =
        serviceAccount("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n");
    QVERIFY(GoogleJwt::assertion(sa, kScope, kIat, &error).isEmpty());
    QVERIFY2(error.contains(u"the test"_s) && error.contains(u"private_key"_s), qPrintable(error));
    GoogleCredentials user;
    user.kind = GoogleCredentials::Kind::AuthorizedUser;
    QVERIFY(GoogleJwt::assertion(user, kScope, kIat, &error).isEmpty());
}

void TestGoogleJwt::credentialsFromJson()
{
    QString error;
    const QJsonObject sa{{u"type"_s, u"service_account"_s},
                         {u"project_id"_s, u"p1"_s},
                         {u"private_key_id"_s, u"kid1"_s},
                         {u"private_key"_s, QString::fromLatin1(m_key.privateKeyPem)},
                         {u"client_email"_s, u"a@p1.iam.gserviceaccount.com"_s},
                         {u"token_uri"_s, u"https://oauth2.googleapis.com/token"_s}};
    const GoogleCredentials c = GoogleCredentials::fromJson(
        QJsonDocument(sa).toJson(), u"GOOGLE_APPLICATION_CREDENTIALS=/x.json"_s, &error);
    QCOMPARE(c.kind, GoogleCredentials::Kind::ServiceAccount);
    QCOMPARE(c.projectId, u"p1"_s);
    QCOMPARE(c.privateKeyId, u"kid1"_s);
    QCOMPARE(c.clientEmail, u"a@p1.iam.gserviceaccount.com"_s);
    QCOMPARE(c.origin, u"GOOGLE_APPLICATION_CREDENTIALS=/x.json"_s);

    const QJsonObject user{{u"type"_s, u"authorized_user"_s},
                           {u"client_id"_s, u"cid"_s},
                           {u"client_secret"_s, u"csecret"_s},
                           {u"refresh_token"_s, u"rtoken"_s},
                           {u"quota_project_id"_s, u"qp"_s}};
    const GoogleCredentials u =
        GoogleCredentials::fromJson(QJsonDocument(user).toJson(), u"k"_s, &error);
    QCOMPARE(u.kind, GoogleCredentials::Kind::AuthorizedUser);
    QCOMPARE(u.tokenUri, u"https://oauth2.googleapis.com/token"_s);
    QCOMPARE(u.refreshToken, u"rtoken"_s);
    QCOMPARE(u.projectId, u"qp"_s);

    QVERIFY(!GoogleCredentials::fromJson("{", u"k"_s, &error).isValid());
    QVERIFY(
        !GoogleCredentials::fromJson(R"({"type":"external_account"})", u"k"_s, &error).isValid());
    QVERIFY2(error.contains(u"external_account"_s), qPrintable(error));
    QVERIFY(!GoogleCredentials::fromJson(R"({"type":"authorized_user","client_id":"x"})", u"k"_s,
                                         &error)
                 .isValid());
    QVERIFY2(error.contains(u"client_secret"_s) && error.contains(u"refresh_token"_s),
             qPrintable(error));
}

QTEST_GUILESS_MAIN(TestGoogleJwt)
#include "tst_googlejwt.moc"
