// The LLM emulator over real loopback HTTP: the OpenAI chat.completion shape, recognition of
// the seven prompt-book calls by their schema name, determinism and error routes.
#include "llmrequests.h"
#include "sandboxllm.h"

#include "domain/topiclimits.h"
#include "domain/utf8.h"
#include "llm/prompts/promptbook.h"
#include "llm/schemavalidator.h"
#include "sandbox/llmemulator.h"

#include "testmain.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QSignalSpy>

using namespace Qt::StringLiterals;
using namespace LlmRequests;

class TestLlmEmulator final : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;

private slots:
    void urls()
    {
        LlmEmulator llm;
        const quint16 port = llm.start();
        QVERIFY(port != 0);
        QCOMPARE(llm.baseUrl().toString(), u"http://127.0.0.1:%1/v1"_s.arg(port));
        QCOMPARE(llm.chatCompletionsUrl().toString(),
                 u"http://127.0.0.1:%1/v1/chat/completions"_s.arg(port));
    }

    void recognisesEachCall_data()
    {
        QTest::addColumn<QString>("call");
        for (const QString &c : PromptBook::callNames())
            QTest::newRow(qPrintable(c)) << c;
    }

    void recognisesEachCall()
    {
        QFETCH(QString, call);
        LlmEmulator llm;
        QVERIFY(llm.start());
        const LlmPrompt prompt = promptFor(call);
        const Http r = send(m_nam, "POST", llm.chatCompletionsUrl(), chatBody(prompt));
        QCOMPARE(r.status, 200);
        const QJsonObject root = r.json();
        QCOMPARE(root.value(u"object"_s).toString(), u"chat.completion"_s);
        QVERIFY(root.value(u"id"_s).toString().startsWith(u"chatcmpl-"_s));
        QCOMPARE(root.value(u"model"_s).toString(), u"gpt-sandbox"_s); // echoed
        const QJsonObject choice = root.value(u"choices"_s).toArray().at(0).toObject();
        QCOMPARE(choice.value(u"finish_reason"_s).toString(), u"stop"_s);
        QCOMPARE(choice.value(u"message"_s).toObject().value(u"role"_s).toString(), u"assistant"_s);
        const QJsonObject usage = root.value(u"usage"_s).toObject();
        QVERIFY(usage.value(u"prompt_tokens"_s).toInt() > 0);
        QVERIFY(usage.value(u"completion_tokens"_s).toInt() > 0);
        QCOMPARE(usage.value(u"total_tokens"_s).toInt(),
                 usage.value(u"prompt_tokens"_s).toInt() +
                     usage.value(u"completion_tokens"_s).toInt());
        // The content is a JSON string holding an object that satisfies the call's schema.
        const QJsonObject answer = r.content();
        QVERIFY(!answer.isEmpty());
        const QStringList violations = SchemaValidator::validate(answer, prompt.schema);
        QVERIFY2(violations.isEmpty(), qPrintable(violations.join(u"; "_s)));
        if (prompt.returnsTopic) { // within the AIRS limits without any clamping
            const Topic t = PromptBook::topicFromJson(answer);
            QVERIFY2(TopicLimits::validate(t).isEmpty(),
                     qPrintable(TopicLimits::describe(TopicLimits::validate(t))));
        }
        QCOMPARE(llm.requestCount(), 1);
        QCOMPARE(llm.lastRequest().callName, call);
        QCOMPARE(llm.lastRequest().status, 200);
        QCOMPARE(llm.lastRequest().user, prompt.user);
        QCOMPARE(llm.lastRequest().system, prompt.system);
    }

    void answersAreDeterministic()
    {
        LlmEmulator a, b;
        QVERIFY(a.start());
        QVERIFY(b.start());
        for (const QString &call : PromptBook::callNames()) {
            const QByteArray body = chatBody(promptFor(call));
            const QString first = send(m_nam, "POST", a.chatCompletionsUrl(), body).contentText();
            QCOMPARE(send(m_nam, "POST", a.chatCompletionsUrl(), body).contentText(), first);
            QCOMPARE(send(m_nam, "POST", b.chatCompletionsUrl(), body).contentText(), first);
        }
    }

    void authorizationIsOptionalAndRedacted()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        const QByteArray body = chatBody(promptFor(u"generate_topic"_s));
        QCOMPARE(send(m_nam, "POST", llm.chatCompletionsUrl(), body).status, 200);
        QVERIFY(llm.lastRequest().header("authorization").isEmpty());
        QCOMPARE(send(m_nam, "POST", llm.chatCompletionsUrl(), body, "Bearer sk-secret-key").status,
                 200);
        QVERIFY(!llm.lastRequest().header("Authorization").contains("sk-secret"));
        QVERIFY(!llm.lastRequest().header("Authorization").isEmpty());
    }

    void contentPartsAreRead()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        const LlmPrompt p = promptFor(u"generate_companion"_s);
        QJsonObject body = QJsonDocument::fromJson(chatBody(p)).object();
        body.insert(
            u"messages"_s,
            QJsonArray{QJsonObject{{u"role"_s, u"developer"_s}, {u"content"_s, p.system}},
                       QJsonObject{{u"role"_s, u"user"_s},
                                   {u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s},
                                                                         {u"text"_s, p.user}}}}}});
        const Http r = send(m_nam, "POST", llm.chatCompletionsUrl(), QJsonDocument(body).toJson());
        QCOMPARE(r.status, 200);
        QVERIFY(r.content().value(u"name"_s).toString().startsWith(u"Allow: "_s));
        QCOMPARE(llm.lastRequest().user, p.user);
    }

    void badRequests_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        QByteArray unknown = chatBody(promptFor(u"generate_topic"_s));
        unknown.replace("\"name\":\"generate_topic\"", "\"name\":\"write_poem\"");
        QJsonObject noFormat =
            QJsonDocument::fromJson(chatBody(promptFor(u"generate_topic"_s))).object();
        noFormat.remove(u"response_format"_s);
        QTest::newRow("unknown call")
            << QByteArray("POST") << u"/v1/chat/completions"_s << unknown << 400 << u"write_poem"_s;
        QTest::newRow("no response_format")
            << QByteArray("POST") << u"/v1/chat/completions"_s << QJsonDocument(noFormat).toJson()
            << 400 << u"json_schema"_s;
        QTest::newRow("not json") << QByteArray("POST") << u"/v1/chat/completions"_s
                                  << QByteArray("{oops") << 400 << u"could not parse"_s;
        QTest::newRow("no messages")
            << QByteArray("POST") << u"/v1/chat/completions"_s
            << QByteArray(R"({"model":"m","messages":[]})") << 400 << u"messages"_s;
        QTest::newRow("wrong method")
            << QByteArray("GET") << u"/v1/chat/completions"_s << QByteArray() << 405 << u"POST"_s;
        QTest::newRow("unknown path") << QByteArray("POST") << u"/v1/completions"_s
                                      << QByteArray("{}") << 404 << u"/v1/completions"_s;
    }

    void badRequests()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        QFETCH(QString, message);
        LlmEmulator llm;
        QVERIFY(llm.start());
        QUrl url = llm.baseUrl();
        url.setPath(path);
        const Http r = send(m_nam, method, url, body);
        QCOMPARE(r.status, status);
        const QJsonObject error = r.json().value(u"error"_s).toObject();
        QCOMPARE(error.value(u"type"_s).toString(), u"invalid_request_error"_s);
        QVERIFY2(error.value(u"message"_s).toString().contains(message),
                 qPrintable(error.value(u"message"_s).toString()));
        QCOMPARE(llm.requestCount(), 1);
        QCOMPARE(llm.lastRequest().status, status);
    }

    void listsItsModel()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        QUrl url = llm.baseUrl();
        url.setPath(u"/v1/models"_s);
        const Http r = send(m_nam, "GET", url);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json().value(u"data"_s).toArray().at(0).toObject().value(u"id"_s).toString(),
                 QString(LlmEmulator::ModelName));
    }
};

QTEST_GUILESS_MAIN(TestLlmEmulator)
#include "tst_llmemulator.moc"
