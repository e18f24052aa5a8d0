// SigV4 against the published AWS Signature Version 4 test suite ("aws-sig-v4-test-suite",
// 2015-08-30 edition: AKIDEXAMPLE, us-east-1, service "service", 20150830T123600Z).
//
// Sources of the expected values typed in below:
// - Authorization headers (signatures): aws/aws-sdk-js-v3,
//   packages/signature-v4/src/suite.fixture.ts (AWS's own SDK ships the suite there), and for
//   post-sts-header-before awslabs/aws-c-auth,
//   tests/aws-signing-test-suite/v4/post-sts-header-before/header-signed-request.txt.
// - String-to-sign hashes of get-vanilla (bb5797…), post-vanilla (553f88…) and
//   post-sts-header-before (c237e1…): the suite's .sts files as quoted by SigV4 test suites in
//   public repositories.
// - Canonical requests: the suite's .creq layout for each request (the signature, an HMAC over
//   the string to sign, which holds SHA-256 of the canonical request, confirms each byte).
#include "awscredentials.h"
#include "sigv4.h"

#include "testmain.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTimeZone>

Q_DECLARE_METATYPE(SigV4::Request)

using namespace Qt::StringLiterals;

namespace {
const QByteArray kEmptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const QByteArray kScope = "20150830/us-east-1/service/aws4_request";
const QByteArray kCredential = "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/" + kScope;
const QByteArray kToken =
    "AQoDYXdzEPT//////////wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpSPf"
    "IeoIYRqTflfKD8YUuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKsburEDy0KPkyQDYwT7WZ"
    "0wq5VSXDvp75YU9HFvlRd8Tx6q6fE8YQcHNVXAkiY9q6d+xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+scqKmlzm8FDr"
    "ypNC9Yjc8fPOLn9FX9KSYvKTr4rvx3iSIlTJabIQwj2ICCR/oLxBA==";

AwsCredentials suiteCredentials(const QString &token = {})
{
    return AwsCredentials{u"AKIDEXAMPLE"_s, u"wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"_s, token,
                          u"test"_s};
}

QDateTime suiteTime()
{
    return QDateTime(QDate(2015, 8, 30), QTime(12, 36), QTimeZone::utc());
}

using Headers = QList<QPair<QByteArray, QByteArray>>;

Headers suiteHeaders(const Headers &extra = {})
{
    Headers h{{"Host", "example.amazonaws.com"}, {"X-Amz-Date", "20150830T123600Z"}};
    h += extra;
    return h;
}

SigV4::Request request(const QByteArray &method, const QByteArray &encodedUrl,
                       const Headers &headers, const QByteArray &body = {})
{
    return {method, QUrl::fromEncoded(encodedUrl, QUrl::StrictMode), headers, body};
}

QByteArray sts(const QByteArray &hash)
{
    return "AWS4-HMAC-SHA256\n20150830T123600Z\n" + kScope + '\n' + hash;
}
} // namespace

class TestSigV4 : public QObject
{
    Q_OBJECT

private slots:
    void suiteVectors_data();
    void suiteVectors();
    void getUtf8RawWirePath();
    void postStsHeaderBefore();
    void addsDateAndTokenHeaders();
    void bedrockModelIdIsEncodedTwice();
    void parsesAuthorization();
    void credentialsFile();
};

void TestSigV4::suiteVectors_data()
{
    QTest::addColumn<SigV4::Request>("request");
    QTest::addColumn<QByteArray>("canonical");
    QTest::addColumn<QByteArray>("stringToSign"); // empty: not published, checked by signature
    QTest::addColumn<QByteArray>("authorization");

    const QByteArray hostDate = "host:example.amazonaws.com\nx-amz-date:20150830T123600Z\n";
    QTest::newRow("get-vanilla")
        << request("GET", "https://example.amazonaws.com/", suiteHeaders())
        << "GET\n/\n\n" + hostDate + "\nhost;x-amz-date\n" + kEmptyHash
        << sts("bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63")
        << kCredential +
               ", SignedHeaders=host;x-amz-date, "
               "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31";
    QTest::newRow("post-vanilla")
        << request("POST", "https://example.amazonaws.com/", suiteHeaders())
        << "POST\n/\n\n" + hostDate + "\nhost;x-amz-date\n" + kEmptyHash
        << sts("553f88c9e4d10fc9e109e2aeb65f030801b70c2f6468faca261d401ae622fc87")
        << kCredential +
               ", SignedHeaders=host;x-amz-date, "
               "Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b";
    QTest::newRow("get-vanilla-query-order-key-case")
        << request("GET", "https://example.amazonaws.com/?Param2=value2&Param1=value1",
                   suiteHeaders())
        << "GET\n/\nParam1=value1&Param2=value2\n" + hostDate + "\nhost;x-amz-date\n" + kEmptyHash
        << QByteArray()
        << kCredential +
               ", SignedHeaders=host;x-amz-date, "
               "Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500";
    QTest::newRow("post-x-www-form-urlencoded")
        << request("POST", "https://example.amazonaws.com/",
                   suiteHeaders({{"Content-Type", "application/x-www-form-urlencoded"}}),
                   "Param1=value1")
        << "POST\n/\n\ncontent-type:application/x-www-form-urlencoded\n" + hostDate +
               "\ncontent-type;host;x-amz-date\n"
               "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e"
        << QByteArray()
        << kCredential +
               ", SignedHeaders=content-type;host;x-amz-date, "
               "Signature=ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a";
    QTest::newRow("post-header-key-sort")
        << request("POST", "https://example.amazonaws.com/",
                   suiteHeaders({{"My-Header1", "value1"}}))
        << "POST\n/\n\nhost:example.amazonaws.com\nmy-header1:value1\n"
           "x-amz-date:20150830T123600Z\n\nhost;my-header1;x-amz-date\n" +
               kEmptyHash
        << QByteArray()
        << kCredential +
               ", SignedHeaders=host;my-header1;x-amz-date, "
               "Signature=c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c";
    QTest::newRow("get-header-value-trim")
        << request("GET", "https://example.amazonaws.com/",
                   suiteHeaders({{"My-Header1", " value1"}, {"My-Header2", " \"a   b   c\""}}))
        << "GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value1\nmy-header2:\"a b c\"\n"
           "x-amz-date:20150830T123600Z\n\nhost;my-header1;my-header2;x-amz-date\n" +
               kEmptyHash
        << QByteArray()
        << kCredential +
               ", SignedHeaders=host;my-header1;my-header2;x-amz-date, "
               "Signature=acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736";
    QTest::newRow("get-unreserved")
        << request("GET",
                   "https://example.amazonaws.com/"
                   "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
                   suiteHeaders())
        << "GET\n/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz\n\n" +
               hostDate + "\nhost;x-amz-date\n" + kEmptyHash
        << QByteArray()
        << kCredential +
               ", SignedHeaders=host;x-amz-date, "
               "Signature=07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f";
}

void TestSigV4::suiteVectors()
{
    QFETCH(SigV4::Request, request);
    QFETCH(QByteArray, canonical);
    QFETCH(QByteArray, stringToSign);
    QFETCH(QByteArray, authorization);

    const SigV4::Signature s =
        SigV4::sign(request, suiteCredentials(), u"us-east-1"_s, u"service"_s, suiteTime());
    QCOMPARE(s.canonicalRequest, canonical);
    if (!stringToSign.isEmpty())
        QCOMPARE(s.stringToSign, stringToSign);
    QCOMPARE(s.authorization, authorization);
    QCOMPARE(s.signature, authorization.mid(authorization.lastIndexOf('=') + 1));
    QVERIFY2(s.addedHeaders.isEmpty(), "the request already carries X-Amz-Date");
}

// get-utf8: the suite's request line carries the raw UTF-8 path "/ሴ" (which a QUrl would send
// percent-encoded), so it is signed through the wire-path entry point.
void TestSigV4::getUtf8RawWirePath()
{
    const QByteArray wirePath = u"/\u1234"_s.toUtf8();
    QCOMPARE(SigV4::canonicalUriFromWirePath(wirePath), QByteArray("/%E1%88%B4"));
    const SigV4::Signature s = SigV4::signWirePath(
        request("GET", "https://example.amazonaws.com/", suiteHeaders()), wirePath,
        suiteCredentials(), u"us-east-1"_s, u"service"_s, suiteTime());
    QCOMPARE(s.canonicalRequest, "GET\n/%E1%88%B4\n\nhost:example.amazonaws.com\n"
                                 "x-amz-date:20150830T123600Z\n\nhost;x-amz-date\n" +
                                     kEmptyHash);
    QCOMPARE(s.signature,
             QByteArray("8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85"));
    // What a QUrl puts on the wire is "/%E1%88%B4"; that is what gets encoded again.
    QCOMPARE(SigV4::canonicalUri(QUrl(u"https://example.amazonaws.com/\u1234"_s)),
             QByteArray("/%25E1%2588%25B4"));
}

void TestSigV4::postStsHeaderBefore()
{
    // The credentials carry the token; sign() adds and signs X-Amz-Security-Token.
    const SigV4::Signature s = SigV4::sign(
        request("POST", "https://example.amazonaws.com/", suiteHeaders()),
        suiteCredentials(QString::fromLatin1(kToken)), u"us-east-1"_s, u"service"_s, suiteTime());
    QCOMPARE(s.canonicalRequest, "POST\n/\n\nhost:example.amazonaws.com\n"
                                 "x-amz-date:20150830T123600Z\nx-amz-security-token:" +
                                     kToken + "\n\nhost;x-amz-date;x-amz-security-token\n" +
                                     kEmptyHash);
    QCOMPARE(s.stringToSign,
             sts("c237e1b440d4c63c32ca95b5b99481081cb7b13c7e40434868e71567c1a882f6"));
    QCOMPARE(s.authorization,
             kCredential +
                 ", SignedHeaders=host;x-amz-date;x-amz-security-token, "
                 "Signature=85d96828115b5dc0cfc3bd16ad9e210dd772bbebba041836c64533a82be05ead");
    QCOMPARE(s.addedHeaders.size(), 1);
    QCOMPARE(s.addedHeaders.first().first, QByteArray("X-Amz-Security-Token"));
    QCOMPARE(s.addedHeaders.first().second, kToken);
}

// Without X-Amz-Date or Host in the headers, sign() takes them from the clock and the URL, and
// gives the same signature as the suite's request that spells them out.
void TestSigV4::addsDateAndTokenHeaders()
{
    const SigV4::Signature s =
        SigV4::sign(request("GET", "https://example.amazonaws.com/", {}), suiteCredentials(),
                    u"us-east-1"_s, u"service"_s, suiteTime());
    QCOMPARE(s.signature,
             QByteArray("5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"));
    QCOMPARE(s.addedHeaders.size(), 1);
    QCOMPARE(s.addedHeaders.first(),
             (QPair<QByteArray, QByteArray>("X-Amz-Date", "20150830T123600Z")));

    // A non-default port is part of the Host header a client sends, so it is signed.
    const SigV4::Signature local =
        SigV4::sign(request("POST", "http://127.0.0.1:8123/model/m/converse", {}),
                    suiteCredentials(), u"us-east-1"_s, u"bedrock"_s, suiteTime());
    QVERIFY2(local.canonicalRequest.contains("\nhost:127.0.0.1:8123\n"), local.canonicalRequest);
    QVERIFY(local.stringToSign.contains("20150830/us-east-1/bedrock/aws4_request"));
}

// llm-apis.md §7: the model id's ':' travels as %3A and is encoded again in the canonical URI.
void TestSigV4::bedrockModelIdIsEncodedTwice()
{
    const QUrl url = QUrl::fromEncoded("https://bedrock-runtime.us-east-1.amazonaws.com/model/"
                                       "us.anthropic.claude-sonnet-4-20250514-v1%3A0/converse",
                                       QUrl::StrictMode);
    QCOMPARE(url.path(QUrl::FullyEncoded),
             u"/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/converse"_s);
    QCOMPARE(SigV4::canonicalUri(url),
             QByteArray("/model/us.anthropic.claude-sonnet-4-20250514-v1%253A0/converse"));
    const SigV4::Signature s =
        SigV4::sign({"POST", url, {{"Content-Type", "application/json"}}, "{}"}, suiteCredentials(),
                    u"us-east-1"_s, u"bedrock"_s, suiteTime());
    QVERIFY(s.canonicalRequest.startsWith(
        "POST\n/model/us.anthropic.claude-sonnet-4-20250514-v1%253A0/converse\n\n"
        "content-type:application/json\nhost:bedrock-runtime.us-east-1.amazonaws.com\n"
        "x-amz-date:20150830T123600Z\n\ncontent-type;host;x-amz-date\n"));
    // A different body is a different signature.
    const SigV4::Signature other =
        SigV4::sign({"POST", url, {{"Content-Type", "application/json"}}, "{ }"},
                    suiteCredentials(), u"us-east-1"_s, u"bedrock"_s, suiteTime());
    QVERIFY(other.signature != s.signature);
}

void TestSigV4::parsesAuthorization()
{
    const SigV4::Authorization a = SigV4::parseAuthorization(
        kCredential + ", SignedHeaders=host;x-amz-date, Signature=5fa00fa3");
    QVERIFY(a.isValid());
    QCOMPARE(a.accessKeyId, QByteArray("AKIDEXAMPLE"));
    QCOMPARE(a.date, QByteArray("20150830"));
    QCOMPARE(a.region, QByteArray("us-east-1"));
    QCOMPARE(a.service, QByteArray("service"));
    QCOMPARE(a.signedHeaders, (QList<QByteArray>{"host", "x-amz-date"}));
    QCOMPARE(a.signature, QByteArray("5fa00fa3"));
    QVERIFY(!SigV4::parseAuthorization("Bearer abc").isValid());
    QVERIFY(
        !SigV4::parseAuthorization("AWS4-HMAC-SHA256 Credential=AKID/x, Signature=1").isValid());
}

void TestSigV4::credentialsFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"credentials"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("# comment\n[default]\naws_access_key_id = AKIDDEFAULT\n"
               "aws_secret_access_key = secretdefault\n\n[work]\n"
               "aws_access_key_id=AKIDWORK\naws_secret_access_key=secretwork\n"
               "aws_session_token = tokenwork\n[broken]\naws_access_key_id = AKIDONLY\n");
    file.close();

    QString error;
    const AwsCredentials def = AwsCredentialsFile::read(path, {}, &error);
    QVERIFY2(def.isValid(), qPrintable(error));
    QCOMPARE(def.accessKeyId, u"AKIDDEFAULT"_s);
    QCOMPARE(def.secretAccessKey, u"secretdefault"_s);
    QVERIFY(def.sessionToken.isEmpty());
    QCOMPARE(def.origin, u"profile default in "_s + path);

    const AwsCredentials work = AwsCredentialsFile::read(path, u"work"_s, &error);
    QCOMPARE(work.accessKeyId, u"AKIDWORK"_s);
    QCOMPARE(work.sessionToken, u"tokenwork"_s);

    QVERIFY(!AwsCredentialsFile::read(path, u"missing"_s, &error).isValid());
    QVERIFY2(error.contains(u"[missing]"_s) && error.contains(path), qPrintable(error));
    QVERIFY(!AwsCredentialsFile::read(path, u"broken"_s, &error).isValid());
    QVERIFY2(error.contains(u"aws_secret_access_key"_s), qPrintable(error));
    QVERIFY(!AwsCredentialsFile::read(dir.filePath(u"none"_s), {}, &error).isValid());
    QVERIFY2(error.contains(u"AWS_ACCESS_KEY_ID"_s), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestSigV4)
#include "tst_sigv4.moc"
