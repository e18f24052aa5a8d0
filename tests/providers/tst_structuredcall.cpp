#include "domain/topiclimits.h"
#include "domain/utf8.h"
#include "llm/openaiprovider.h"
#include "llm/structuredcall.h"
#include "providertesthelpers.h"

#include "testmain.h"

#include <QJsonArray>
#include <QNetworkAccessManager>
#include <QSignalSpy>

using namespace Qt::StringLiterals;
using Step = ScriptedHttpServer::Step;

// An OpenAI chat.completion whose message content is `content` (a JSON text or anything else).
static QByteArray completion(const QString &content, const QString &finish = u"stop"_s)
{
    const QJsonObject o{{u"choices"_s, QJsonArray{QJsonObject{
                            {u"message"_s, QJsonObject{{u"role"_s, u"assistant"_s}, {u"content"_s, content}}},
                            {u"finish_reason"_s, finish}}}},
                        {u"usage"_s, QJsonObject{{u"prompt_tokens"_s, 10}, {u"completion_tokens"_s, 5}}}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

static QString topicJson(const QString &name, const QString &desc, const QStringList &examples)
{
    return QString::fromUtf8(QJsonDocument(QJsonObject{{u"name"_s, name}, {u"description"_s, desc},
                                                       {u"examples"_s, QJsonArray::fromStringList(examples)}})
                                 .toJson(QJsonDocument::Compact));
}

static QJsonObject topicSchema()
{
    return QJsonDocument::fromJson(
               "{\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"name\",\"description\",\"examples\"],"
               "\"properties\":{\"name\":{\"type\":\"string\",\"minLength\":1},\"description\":{\"type\":\"string\",\"minLength\":1},"
               "\"examples\":{\"type\":\"array\",\"minItems\":2,\"maxItems\":5,\"items\":{\"type\":\"string\",\"minLength\":1}}}}")
        .object();
}

static QJsonObject analysisSchema()
{
    return QJsonDocument::fromJson(
               "{\"type\":\"object\",\"required\":[\"summary\",\"suggestions\"],\"properties\":{"
               "\"summary\":{\"type\":\"string\",\"minLength\":1},"
               "\"suggestions\":{\"type\":\"array\",\"minItems\":1,\"items\":{\"type\":\"string\"}},"
               "\"severity\":{\"type\":\"string\",\"enum\":[\"low\",\"high\"]}}}")
        .object();
}

class TestStructuredCall : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;

    StructuredResult run(ScriptedHttpServer &s, const QJsonObject &schema, bool topic)
    {
        OpenAiProvider provider(&m_nam, scriptedEndpoint(s, u"openai-compatible"_s, u"/v1"_s));
        LlmRequest req = sampleRequest();
        req.schema = schema;
        StructuredCall call(&provider, req, {3, topic});
        QSignalSpy done(&call, &StructuredCall::finished);
        call.start();
        [&] { QVERIFY(done.wait(20000)); }();
        return done.isEmpty() ? StructuredResult{} : done.first().first().value<StructuredResult>();
    }

private slots:
    // Each row: what the model answers on every attempt, and what the caller gets.
    void badOutput_data()
    {
        QTest::addColumn<QStringList>("answers");
        QTest::addColumn<bool>("topic");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<int>("attempts");
        QTest::addColumn<QString>("mentions");
        const QString good = topicJson(u"Weapons"_s, u"Buying guns"_s, {u"buy a gun"_s, u"get a rifle"_s});
        QTest::newRow("valid first time") << QStringList{good} << true << true << 1 << QString();
        QTest::newRow("malformed then valid") << QStringList{u"{\"name\": \"Weap"_s, good} << true << true << 2 << QString();
        QTest::newRow("malformed three times") << QStringList{u"not json"_s} << true << false << 3 << u"not a JSON object"_s;
        QTest::newRow("missing field")
            << QStringList{u"{\"name\":\"W\",\"examples\":[\"a\",\"b\"]}"_s} << true << false << 3 << u"description"_s;
        QTest::newRow("wrong type")
            << QStringList{u"{\"name\":\"W\",\"description\":7,\"examples\":[\"a\",\"b\"]}"_s} << true << false << 3
            << u"description: expected a string"_s;
        QTest::newRow("seven examples are clamped to five")
            << QStringList{topicJson(u"W"_s, u"d"_s, {u"1"_s, u"2"_s, u"3"_s, u"4"_s, u"5"_s, u"6"_s, u"7"_s})}
            << true << true << 1 << QString();
        QTest::newRow("one example is invalid")
            << QStringList{topicJson(u"W"_s, u"d"_s, {u"only"_s})} << true << false << 3 << u"2 to 5 are required"_s;
        QTest::newRow("empty name")
            << QStringList{topicJson(u"  "_s, u"d"_s, {u"a"_s, u"b"_s})} << true << false << 3 << u"name: must not be empty"_s;
        QTest::newRow("over-length strings are clamped")
            << QStringList{topicJson(QString(300, u'n'), QString(900, u'd'), {QString(400, u'e'), QString(400, u'f')})}
            << true << true << 1 << QString();
        QTest::newRow("multi-byte text at the limits")
            << QStringList{topicJson(QString(60, QChar(0x6F22)) /* 180 bytes */, QString(100, QChar(0x00E9)) /* 200 bytes */,
                                     {QString(70, u'x') + u"😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀"_s, u"b"_s})}
            << true << true << 1 << QString();
        QTest::newRow("analysis missing suggestions")
            << QStringList{u"{\"summary\":\"s\",\"suggestions\":[]}"_s} << false << false << 3 << u"at least 1 required"_s;
        QTest::newRow("analysis bad enum")
            << QStringList{u"{\"summary\":\"s\",\"suggestions\":[\"x\"],\"severity\":\"extreme\"}"_s} << false << false << 3 << u"is not one of low, high"_s;
        QTest::newRow("analysis fixed on retry")
            << QStringList{u"{\"summary\":\"\",\"suggestions\":[\"x\"]}"_s, u"{\"summary\":\"ok\",\"suggestions\":[\"x\"]}"_s}
            << false << true << 2 << QString();
    }
    void badOutput()
    {
        QFETCH(QStringList, answers);
        QFETCH(bool, topic);
        QFETCH(bool, ok);
        QFETCH(int, attempts);
        QFETCH(QString, mentions);
        ScriptedHttpServer s;
        QVERIFY(s.start());
        QList<Step> script;
        for (const QString &a : answers)
            script.append(Step::json(200, completion(a)));
        s.setScript(script);
        const StructuredResult r = run(s, topic ? topicSchema() : analysisSchema(), topic);
        QCOMPARE(r.ok(), ok);
        QCOMPARE(r.attempts, attempts);
        QCOMPARE(s.requests().size(), attempts);
        QCOMPARE(r.usage.inputTokens, 10 * attempts);
        if (!ok) {
            QCOMPARE(r.error.kind, LlmError::Kind::InvalidOutput);
            QVERIFY2(r.error.message.contains(mentions), qPrintable(r.error.message));
            QVERIFY(r.error.message.contains(u"in 3 attempts"_s));
            // The model was told what was wrong before trying again.
            QVERIFY(bodyOf(s.requests().last()).value(u"messages"_s).toArray().at(1).toObject()
                        .value(u"content"_s).toString().contains(u"previous answer was not valid"_s));
        }
        if (ok && topic) {
            Topic t{r.object.value(u"name"_s).toString(), r.object.value(u"description"_s).toString(), {}};
            for (const QJsonValue &e : r.object.value(u"examples"_s).toArray())
                t.examples.append(e.toString());
            QVERIFY(TopicLimits::validate(t).isEmpty());
            QVERIFY(t.examples.size() <= 5);
            for (const QString &field : QStringList{t.name, t.description} + t.examples)
                QCOMPARE(QString::fromUtf8(field.toUtf8()), field); // never a split character
        }
    }

    void truncatedAnswerRetriesWithMoreRoom()
    {
        ScriptedHttpServer s;
        QVERIFY(s.start());
        s.setScript({Step::json(200, completion(u"{\"summ"_s, u"length"_s)),
                     Step::json(200, completion(u"{\"summary\":\"s\",\"suggestions\":[\"x\"]}"_s))});
        const StructuredResult r = run(s, analysisSchema(), false);
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QCOMPARE(r.attempts, 2);
        QCOMPARE(bodyOf(s.requests().at(0)).value(u"max_tokens"_s).toInt(), 1024);
        QCOMPARE(bodyOf(s.requests().at(1)).value(u"max_tokens"_s).toInt(), 2048);
    }

    void finalErrorsAreNotRetried()
    {
        ScriptedHttpServer s;
        QVERIFY(s.start());
        s.setScript({Step::json(401, "{\"error\":{\"message\":\"bad key\"}}")});
        const StructuredResult r = run(s, analysisSchema(), false);
        QCOMPARE(r.error.kind, LlmError::Kind::Auth);
        QCOMPARE(r.attempts, 1);
        QCOMPARE(s.requests().size(), 1);
    }

    void abortBeforeAndDuring()
    {
        ScriptedHttpServer s;
        QVERIFY(s.start());
        s.setScript({Step::hang()});
        OpenAiProvider provider(&m_nam, scriptedEndpoint(s, u"openai-compatible"_s, u"/v1"_s));
        StructuredCall call(&provider, sampleRequest(), {});
        QSignalSpy done(&call, &StructuredCall::finished);
        call.start();
        QTRY_COMPARE(s.requests().size(), 1);
        call.abort();
        QVERIFY(done.wait(1000));
        QCOMPARE(done.first().first().value<StructuredResult>().error.kind, LlmError::Kind::Cancelled);

        StructuredCall never(&provider, sampleRequest(), {});
        QSignalSpy neverDone(&never, &StructuredCall::finished);
        never.abort();
        QCOMPARE(neverDone.size(), 0); // never synchronously
        QVERIFY(neverDone.wait(1000));
        QCOMPARE(s.requests().size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestStructuredCall)
#include "tst_structuredcall.moc"
