#include "domain/redaction.h"

#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QThread>
#include <QUrl>

using namespace Qt::StringLiterals;

class TestRedaction : public QObject
{
    Q_OBJECT
private slots:
    void init() { Redaction::clearSecrets(); }
    void cleanupTestCase() { Redaction::clearSecrets(); }

    void knownValues_data()
    {
        QTest::addColumn<QString>("secret");
        QTest::addColumn<QString>("text"); // %1 is where the secret (in some form) goes
        QTest::addColumn<QString>("form");
        const QString plain = u"canary-AIRS-key-0001"_s;
        const QString odd = u"s3cr/et+va=lue&\"x\" ü"_s;
        QTest::newRow("plain") << plain << u"invalid key %1 (HTTP 401)"_s << u"raw"_s;
        QTest::newRow("at end") << plain << u"you sent %1"_s << u"raw"_s;
        QTest::newRow("url-encoded") << odd << u"GET /v1?token=%1 refused"_s << u"percent"_s;
        QTest::newRow("url-encoded lower hex")
            << odd << u"saw %1 in the query"_s << u"percentLower"_s;
        QTest::newRow("form-encoded") << odd << u"body was secret=%1&x=1"_s << u"form"_s;
        QTest::newRow("json-escaped") << odd << u"{\"message\":\"got \\\"%1\\\"\"}"_s << u"json"_s;
        QTest::newRow("json-escaped slash") << odd << u"{\"m\":\"%1\"}"_s << u"jsonSlash"_s;
    }

    void knownValues()
    {
        QFETCH(QString, secret);
        QFETCH(QString, text);
        QFETCH(QString, form);
        Redaction::addSecret(secret);
        QString shaped = secret;
        const QString percent = QString::fromLatin1(QUrl::toPercentEncoding(secret));
        const QByteArray json = QJsonDocument(QJsonArray{secret}).toJson(QJsonDocument::Compact);
        const QString escaped = QString::fromUtf8(json.mid(2, json.size() - 4));
        if (form == "percent"_L1)
            shaped = percent;
        else if (form == "percentLower"_L1)
            shaped = percent.toLower(); // the letters of this value are all escaped or lower-case
        else if (form == "form"_L1)
            shaped = QString(percent).replace(u"%20"_s, u"+"_s);
        else if (form == "json"_L1)
            shaped = escaped;
        else if (form == "jsonSlash"_L1)
            shaped = QString(escaped).replace(u"/"_s, u"\\/"_s);
        QVERIFY(shaped != secret || form == "raw"_L1);
        const QString input = text.arg(shaped);
        const QString out = Redaction::apply(input);
        QVERIFY2(!out.contains(shaped), qPrintable(out));
        QVERIFY2(out.contains(Redaction::Placeholder), qPrintable(out));
        QCOMPARE(Redaction::apply(out), out); // idempotent
    }

    void shortValuesAreNotRegistered()
    {
        Redaction::addSecret(u"abc"_s);
        Redaction::addSecret(u"  1234567  "_s);
        QCOMPARE(Redaction::secretCount(), 0);
        QCOMPARE(Redaction::apply(u"abc 1234567"_s), u"abc 1234567"_s);
        Redaction::addSecret(u"12345678"_s);
        QCOMPARE(Redaction::secretCount(), 1);
        QCOMPARE(Redaction::apply(u"n=12345678."_s), u"n=[redacted]."_s);
    }

    void patterns_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bearer") << u"Authorization: Bearer sbx.Qk9vbXZ4eHh4eHh4eA was refused"_s
                                << u"Authorization: Bearer [redacted] was refused"_s;
        QTest::newRow("bearer alone")
            << u"token Bearer abc.def-1234 expired"_s << u"token Bearer [redacted] expired"_s;
        QTest::newRow("basic") << u"header Basic Y2xpZW50OnNlY3JldA== bad"_s
                               << u"header Basic [redacted] bad"_s;
        QTest::newRow("openai key") << u"Incorrect API key provided: sk-proj-AbCdEf0123456789xyz."_s
                                    << u"Incorrect API key provided: [redacted]."_s;
        QTest::newRow("anthropic key") << u"key sk-ant-api03-abcdefghijklmnop_QRS is invalid"_s
                                       << u"key [redacted] is invalid"_s;
        QTest::newRow("google key")
            << u"API key not valid: AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW"_s
            << u"API key not valid: [redacted]"_s;
        QTest::newRow("aws id") << u"The AWS Access Key Id AKIAIOSFODNN7EXAMPLE does not exist"_s
                                << u"The AWS Access Key Id [redacted] does not exist"_s;
        QTest::newRow("jwt")
            << u"token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U rejected"_s
            << u"token [redacted] rejected"_s;
        QTest::newRow("client_secret form")
            << u"grant_type=client_credentials&client_secret=hunter2hunter2&scope=x"_s
            << u"grant_type=client_credentials&client_secret=[redacted]&scope=x"_s;
        QTest::newRow("api_key json") << u"{\"api_key\": \"abcdefgh1234\", \"ok\": false}"_s
                                      << u"{\"api_key\": \"[redacted]\", \"ok\": false}"_s;
        QTest::newRow("x-pan-token echo")
            << u"invalid credentials: x-pan-token=CanaryValue_77; key=AnotherOne99"_s
            << u"invalid credentials: x-pan-token=[redacted]; key=[redacted]"_s;
        QTest::newRow("authorization echo")
            << u"authorization=Bearer sbx.abcdefghijk; basic=id:secretvalue"_s
            << u"authorization=Bearer [redacted]; basic=id:secretvalue"_s;
        QTest::newRow("high entropy") << u"session 9fQ2xLr7TzW0pKs4VbN8mYc3HdJ6gAe1Ru5 is gone"_s
                                      << u"session [redacted] is gone"_s;
    }

    void patterns()
    {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QCOMPARE(Redaction::apply(input), expected);
        QCOMPARE(Redaction::apply(expected), expected);
    }

    void noFalsePositives_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("prose") << u"AIRS rejected the credentials (HTTP 403): Invalid API key"_s;
        QTest::newRow("basic prose") << u"Basic information about the bearer of this message."_s;
        QTest::newRow("token words")
            << u"OAuth token request: the answer lacks access_token or expires_in"_s;
        QTest::newRow("password prose") << u"password: wrong, and the api key is missing"_s;
        QTest::newRow("run id") << u"run V1StGXR8_Z5jdHi6B-myT failed in scan"_s;
        QTest::newRow("two run ids") << u"runs V1StGXR8_Z5jdHi6B-myT and Uakgb_J5m9g-0JDMbcJqL"_s;
        QTest::newRow("scratch profile")
            << u"deleted scratch profile \"daystrom-run-V1StGXR8_Z5jdHi6B-myT\""_s;
        QTest::newRow("uuid") << u"profile 3f2504e0-4f89-11d3-9a0c-0305e82c3301 not found"_s;
        QTest::newRow("upper uuid") << u"report 3F2504E0-4F89-11D3-9A0C-0305E82C3301"_s;
        QTest::newRow("sha256")
            << u"payload e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"_s;
        QTest::newRow("topic")
            << u"topic \"Financial-Advice_Requests v2\" was not written: conflict"_s;
        QTest::newRow("long words") << u"internationalization_and_localization_considerations"_s;
        QTest::newRow("path")
            << u"/home/user/.daystrom/runs/V1StGXR8_Z5jdHi6B-myT.json: cannot write"_s;
        QTest::newRow("url")
            << u"https://service.api.aisecurity.paloaltonetworks.com/v1/scan/sync/request"_s;
        QTest::newRow("numbers")
            << u"coverage 0.8125 after 12 iterations; 1234567890123456789012345678901234"_s;
        QTest::newRow("sk word") << u"ask-me-anything sk-short"_s;
        QTest::newRow("empty") << QString();
    }

    void noFalsePositives()
    {
        QFETCH(QString, text);
        QCOMPARE(Redaction::apply(text), text);
    }

    void knownValueInsideIdIsStillRedacted()
    {
        Redaction::addSecret(u"topsecretvalue"_s);
        QCOMPARE(Redaction::apply(u"run V1StGXR8_Z5jdHi6B-myT: topsecretvalue"_s),
                 u"run V1StGXR8_Z5jdHi6B-myT: [redacted]"_s);
    }

    void jsonStrings()
    {
        Redaction::addSecret(u"canary-LLM-key-42"_s);
        const QJsonObject in{
            {u"stopReason"_s, u"LLM auth failed: canary-LLM-key-42"_s},
            {u"n"_s, 3},
            {u"events"_s, QJsonArray{QJsonObject{{u"text"_s, u"got Bearer abc.12345678"_s}},
                                     u"canary-LLM-key-42"_s}}};
        const QJsonObject out = Redaction::applyToStrings(in);
        const QByteArray bytes = QJsonDocument(out).toJson();
        QVERIFY(!bytes.contains("canary-LLM-key-42"));
        QVERIFY(!bytes.contains("abc.12345678"));
        QCOMPARE(out.value(u"n"_s).toInt(), 3);
        QCOMPARE(out.value(u"events"_s).toArray().size(), 2);
    }

    void threads()
    {
        Redaction::addSecret(u"shared-canary-0001"_s);
        QList<QThread *> threads;
        QAtomicInt leaks = 0;
        for (int t = 0; t < 4; ++t) {
            threads.append(QThread::create([t, &leaks] {
                for (int i = 0; i < 200; ++i) {
                    Redaction::addSecret(u"thread-%1-secret-%2"_s.arg(t).arg(i % 10));
                    const QString out = Redaction::apply(
                        u"a shared-canary-0001 b thread-%1-secret-%2 c"_s.arg(t).arg(i % 10));
                    if (out.contains(u"canary"_s) || out.contains(u"-secret-"_s))
                        leaks.fetchAndAddRelaxed(1);
                }
            }));
            threads.last()->start();
        }
        for (QThread *t : threads) {
            QVERIFY(t->wait(30000));
            delete t;
        }
        QCOMPARE(leaks.loadRelaxed(), 0);
        QCOMPARE(Redaction::secretCount(), 41);
    }

    void messageFilter()
    {
        Redaction::addSecret(u"logged-canary-123"_s);
        Redaction::installMessageFilter(); // wraps QtTest's handler: ignoreMessage sees the result
        QTest::ignoreMessage(QtWarningMsg, "request failed: [redacted]");
        qWarning("request failed: logged-canary-123");
    }
};

QTEST_GUILESS_MAIN(TestRedaction)
#include "tst_redaction.moc"
