#include "llm/anthropicprovider.h"
#include "llm/geminiprovider.h"
#include "llm/ollamaprovider.h"
#include "llm/openaiprovider.h"
#include "providertesthelpers.h"

#include "testmain.h"

#include <QJsonArray>
#include <QLoggingCategory>
#include <QNetworkAccessManager>

using namespace Qt::StringLiterals;
using Step = ScriptedHttpServer::Step;

static const QByteArray AnthropicOk = "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\","
    "\"content\":[{\"type\":\"text\",\"text\":\"Here you go\"},{\"type\":\"tool_use\",\"id\":\"t1\","
    "\"name\":\"generate_topic\",\"input\":{\"name\":\"Weapons\",\"tags\":[\"a\"]}}],"
    "\"stop_reason\":\"tool_use\",\"usage\":{\"input_tokens\":400,\"output_tokens\":40,"
    "\"cache_read_input_tokens\":100}}";
static const QByteArray OpenAiOk = "{\"id\":\"c\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,"
    "\"message\":{\"role\":\"assistant\",\"content\":\"{\\\"name\\\":\\\"Weapons\\\",\\\"tags\\\":[\\\"a\\\"]}\","
    "\"refusal\":null},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":88,\"completion_tokens\":14}}";
static const QByteArray GeminiOk = "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":["
    "{\"text\":\"thinking...\",\"thought\":true},{\"text\":\"{\\\"name\\\":\\\"Weap\"},{\"text\":\"ons\\\",\\\"tags\\\":[]}\"}]},"
    "\"finishReason\":\"STOP\"}],\"usageMetadata\":{\"promptTokenCount\":21,\"candidatesTokenCount\":13}}";
static const QByteArray OllamaOk = "{\"model\":\"llama3.1\",\"message\":{\"role\":\"assistant\","
    "\"content\":\"{\\\"name\\\":\\\"Weapons\\\",\\\"tags\\\":[]}\"},\"done\":true,\"done_reason\":\"stop\","
    "\"prompt_eval_count\":34,\"eval_count\":15}";

class TestLlmProviders : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;

    static QHash<QByteArray, QByteArray> headers(const ScriptedHttpServer &s) { return s.requests().last().headers; }

private slots:
    void anthropicForcedTool()
    {
        ScriptedHttpServer s;
        QVERIFY(s.start());
        s.setScript({Step::json(200, AnthropicOk)});
        AnthropicProvider p(&m_nam, scriptedEndpoint(s, u"claude-api"_s));
        const LlmReply r = sendAndWait(p, sampleRequest());
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QCOMPARE(r.object.value(u"name"_s).toString(), u"Weapons"_s);
        QCOMPARE(r.usage.inputTokens, 500);
        QCOMPARE(r.usage.outputTokens, 40);
        const auto &req = s.requests().last();
        QCOMPARE(req.target, QByteArray("/v1/messages"));
        QCOMPARE(headers(s).value("x-api-key"), QByteArray("sk-test-SECRET-123"));
        QCOMPARE(headers(s).value("anthropic-version"), QByteArray("2023-06-01"));
        const QJsonObject b = bodyOf(req);
        QCOMPARE(b.value(u"model"_s).toString(), u"test-model"_s);
        QCOMPARE(b.value(u"temperature"_s).toInt(), 0);
        QCOMPARE(b.value(u"max_tokens"_s).toInt(), 1024);
        QCOMPARE(b.value(u"system"_s).toString(), u"You design guardrail topics."_s);
        QCOMPARE(b.value(u"tool_choice"_s).toObject(), (QJsonObject{{u"type"_s, u"tool"_s}, {u"name"_s, u"generate_topic"_s}}));
        const QJsonObject tool = b.value(u"tools"_s).toArray().at(0).toObject();
        QCOMPARE(tool.value(u"name"_s).toString(), u"generate_topic"_s);
        QCOMPARE(tool.value(u"input_schema"_s).toObject(), sampleRequest().schema);
        QCOMPARE(b.value(u"messages"_s).toArray().at(0).toObject().value(u"content"_s).toString(),
                 u"Describe weapons acquisition."_s);
    }

    void anthropicOutcomes_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<LlmError::Kind>("kind");
        QTest::addColumn<int>("attempts");
        QTest::newRow("max_tokens") << 200 << QByteArray("{\"content\":[],\"stop_reason\":\"max_tokens\",\"usage\":{}}")
                                    << LlmError::Kind::Truncated << 1;
        QTest::newRow("refusal") << 200 << QByteArray("{\"content\":[{\"type\":\"text\",\"text\":\"no\"}],\"stop_reason\":\"refusal\"}")
                                 << LlmError::Kind::Refusal << 1;
        QTest::newRow("text only") << 200 << QByteArray("{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}],\"stop_reason\":\"end_turn\"}")
                                   << LlmError::Kind::InvalidOutput << 1;
        QTest::newRow("401") << 401 << QByteArray("{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\",\"message\":\"invalid x-api-key\"}}")
                             << LlmError::Kind::Auth << 1;
        QTest::newRow("billing") << 402 << QByteArray("{\"type\":\"error\",\"error\":{\"type\":\"billing_error\",\"message\":\"credit balance too low\"}}")
                                 << LlmError::Kind::Quota << 1;
        QTest::newRow("overloaded 529 retried") << 529 << QByteArray("{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}")
                                                << LlmError::Kind::Transient << 5;
        QTest::newRow("400") << 400 << QByteArray("{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"bad schema\"}}")
                             << LlmError::Kind::BadRequest << 1;
    }
    void anthropicOutcomes()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(LlmError::Kind, kind);
        QFETCH(int, attempts);
        ScriptedHttpServer s;
        QVERIFY(s.start());
        s.setScript({Step::json(status, body)});
        AnthropicProvider p(&m_nam, scriptedEndpoint(s, u"claude-api"_s));
        const LlmReply r = sendAndWait(p, sampleRequest());
        QCOMPARE(r.error.kind, kind);
        QCOMPARE(r.httpAttempts, attempts);
        QCOMPARE(s.requests().size(), attempts);
        QVERIFY(!r.error.toString().contains(u"SECRET"_s));
        if (status >= 400)
            QVERIFY2(r.error.message.contains(QJsonDocument::fromJson(body).object().value(u"error"_s)
                                                  .toObject().value(u"message"_s).toString()),
                     qPrintable(r.error.message));
    }

    void openAiJsonSchema()
    {
        ScriptedHttpServer s;
        QVERIFY(s.start());
        s.setScript({Step::json(200, OpenAiOk)});
        OpenAiProvider p(&m_nam, scriptedEndpoint(s, u"openai"_s, u"/v1"_s));
        const LlmReply r = sendAndWait(p, sampleRequest());
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QCOMPARE(r.object.value(u"name"_s).toString(), u"Weapons"_s);
        QCOMPARE(r.usage.inputTokens, 88);
        QCOMPARE(s.requests().last().target, QByteArray("/v1/chat/completions"));
        QCOMPARE(headers(s).value("authorization"), QByteArray("Bearer sk-test-SECRET-123"));
        const QJsonObject b = bodyOf(s.requests().last());
        const QJsonObject rf = b.value(u"response_format"_s).toObject();
        QCOMPARE(rf.value(u"type"_s).toString(), u"json_schema"_s);
        QCOMPARE(rf.value(u"json_schema"_s).toObject().value(u"name"_s).toString(), u"generate_topic"_s);
        QCOMPARE(rf.value(u"json_schema"_s).toObject().value(u"strict"_s).toBool(), true);
        QCOMPARE(rf.value(u"json_schema"_s).toObject().value(u"schema"_s).toObject(), sampleRequest().schema);
        QCOMPARE(b.value(u"temperature"_s).toInt(-1), 0);
        QCOMPARE(b.value(u"max_completion_tokens"_s).toInt(), 1024);
        const QJsonArray msgs = b.value(u"messages"_s).toArray();
        QCOMPARE(msgs.at(0).toObject().value(u"role"_s).toString(), u"system"_s);
        QCOMPARE(msgs.at(1).toObject().value(u"role"_s).toString(), u"user"_s);
    }

    void openAiStrictSchemaDropsUnsupportedKeywords()
    {
        ScriptedHttpServer s;
        QVERIFY(s.start());
        OpenAiProvider p(&m_nam, scriptedEndpoint(s, u"openai"_s, u"/v1"_s));
        LlmRequest r = sampleRequest();
        QJsonObject props = r.schema.value(u"properties"_s).toObject();
        QJsonObject name = props.value(u"name"_s).toObject();
        name.insert(u"minLength"_s, 1);
        props.insert(u"name"_s, name);
        r.schema.insert(u"properties"_s, props);
        const QJsonObject sent = bodyOf({"POST", "/", {}, p.buildRequest(r).body})
                                     .value(u"response_format"_s).toObject().value(u"json_schema"_s).toObject()
                                     .value(u"schema"_s).toObject();
        QVERIFY(!sent.value(u"properties"_s).toObject().value(u"name"_s).toObject().contains(u"minLength"_s));
        QCOMPARE(sent.value(u"required"_s), r.schema.value(u"required"_s));
        // A local OpenAI-compatible server gets the full schema.
        OpenAiProvider local(&m_nam, scriptedEndpoint(s, u"openai-compatible"_s, u"/v1"_s));
        const QJsonObject full = bodyOf({"POST", "/", {}, local.buildRequest(r).body})
                                     .value(u"response_format"_s).toObject().value(u"json_schema"_s).toObject()
                                     .value(u"schema"_s).toObject();
        QVERIFY(full.value(u"properties"_s).toObject().value(u"name"_s).toObject().contains(u"minLength"_s));
    }

    void openAiReasoningModelOmitsTemperature()
    {
        ScriptedHttpServer s;
        QVERIFY(s.start());
        LlmEndpoint e = scriptedEndpoint(s, u"openai"_s, u"/v1"_s);
        e.model = u"gpt-5-mini"_s;
        OpenAiProvider p(&m_nam, e);
        QVERIFY(!bodyOf({"POST", "/", {}, p.buildRequest(sampleRequest()).body}).contains(u"temperature"_s));
    }

    void openAiCompatibleWithoutKey()
    {
        ScriptedHttpServer s;
        QVERIFY(s.start());
        s.setScript({Step::json(200, OpenAiOk)});
        LlmEndpoint e = scriptedEndpoint(s, u"openai-compatible"_s, u"/v1"_s);
        e.apiKey.clear();
        OpenAiProvider p(&m_nam, e);
        QVERIFY(sendAndWait(p, sampleRequest()).ok());
        QVERIFY(!headers(s).contains("authorization"));
        QCOMPARE(bodyOf(s.requests().last()).value(u"max_tokens"_s).toInt(), 1024);
    }

    void openAiOutcomes_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<LlmError::Kind>("kind");
        QTest::addColumn<int>("attempts");
        QTest::newRow("refusal") << 200 << QByteArray("{\"choices\":[{\"message\":{\"content\":null,\"refusal\":\"I can't help with that.\"},\"finish_reason\":\"stop\"}]}")
                                 << LlmError::Kind::Refusal << 1;
        QTest::newRow("length") << 200 << QByteArray("{\"choices\":[{\"message\":{\"content\":\"{\\\"name\\\":\\\"We\"},\"finish_reason\":\"length\"}]}")
                                << LlmError::Kind::Truncated << 1;
        QTest::newRow("content filter") << 200 << QByteArray("{\"choices\":[{\"message\":{\"content\":\"\"},\"finish_reason\":\"content_filter\"}]}")
                                        << LlmError::Kind::Refusal << 1;
        QTest::newRow("not json") << 200 << QByteArray("{\"choices\":[{\"message\":{\"content\":\"Sure! The name is Weapons.\"},\"finish_reason\":\"stop\"}]}")
                                  << LlmError::Kind::InvalidOutput << 1;
        QTest::newRow("quota 429 is final") << 429 << QByteArray("{\"error\":{\"message\":\"You exceeded your current quota\",\"type\":\"insufficient_quota\",\"code\":\"insufficient_quota\"}}")
                                            << LlmError::Kind::Quota << 1;
        QTest::newRow("rate limit 429 retried") << 429 << QByteArray("{\"error\":{\"message\":\"Rate limit reached\",\"code\":\"rate_limit_exceeded\"}}")
                                                << LlmError::Kind::Transient << 5;
        QTest::newRow("401") << 401 << QByteArray("{\"error\":{\"message\":\"Incorrect API key provided\"}}")
                             << LlmError::Kind::Auth << 1;
        QTest::newRow("lm studio string error") << 400 << QByteArray("{\"error\":\"'response_format.type' must be 'json_schema' or 'text'\"}")
                                                << LlmError::Kind::BadRequest << 1;
    }
    void openAiOutcomes()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(LlmError::Kind, kind);
        QFETCH(int, attempts);
        ScriptedHttpServer s;
        QVERIFY(s.start());
        s.setScript({Step::json(status, body)});
        OpenAiProvider p(&m_nam, scriptedEndpoint(s, u"openai"_s, u"/v1"_s));
        const LlmReply r = sendAndWait(p, sampleRequest());
        QCOMPARE(r.error.kind, kind);
        QCOMPARE(s.requests().size(), attempts);
        QVERIFY(!r.error.toString().contains(u"SECRET"_s));
    }

    void retryHonoursRetryAfterMs()
    {
        ScriptedHttpServer s;
        QVERIFY(s.start());
        Step limited = Step::json(429, "{\"error\":{\"message\":\"slow down\"}}");
        limited.headers = {{"retry-after-ms", "300"}};
        s.setScript({limited, Step::json(200, OpenAiOk)});
        OpenAiProvider p(&m_nam, scriptedEndpoint(s, u"openai"_s, u"/v1"_s));
        QElapsedTimer t;
        t.start();
        const LlmReply r = sendAndWait(p, sampleRequest());
        QVERIFY(r.ok());
        QVERIFY2(t.elapsed() >= 280, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(s.requests().size(), 2);
    }

    void geminiResponseSchema()
    {
        ScriptedHttpServer s;
        QVERIFY(s.start());
        s.setScript({Step::json(200, GeminiOk)});
        GeminiProvider p(&m_nam, scriptedEndpoint(s, u"gemini-api"_s));
        const LlmReply r = sendAndWait(p, sampleRequest());
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QCOMPARE(r.object.value(u"name"_s).toString(), u"Weapons"_s); // thought part skipped, parts joined
        QCOMPARE(r.usage.outputTokens, 13);
        QCOMPARE(s.requests().last().target, QByteArray("/v1beta/models/test-model:generateContent"));
        QVERIFY(!s.requests().last().target.contains("key=")); // the key never goes in the URL
        QCOMPARE(headers(s).value("x-goog-api-key"), QByteArray("sk-test-SECRET-123"));
        const QJsonObject gc = bodyOf(s.requests().last()).value(u"generationConfig"_s).toObject();
        QCOMPARE(gc.value(u"responseMimeType"_s).toString(), u"application/json"_s);
        QCOMPARE(gc.value(u"temperature"_s).toInt(-1), 0);
        const QJsonObject schema = gc.value(u"responseSchema"_s).toObject();
        QCOMPARE(schema.value(u"type"_s).toString(), u"OBJECT"_s);
        QVERIFY(!schema.contains(u"additionalProperties"_s));
        QCOMPARE(schema.value(u"properties"_s).toObject().value(u"tags"_s).toObject().value(u"items"_s)
                     .toObject().value(u"type"_s).toString(), u"STRING"_s);
        QCOMPARE(schema.value(u"propertyOrdering"_s).toArray().size(), 2);
        QCOMPARE(bodyOf(s.requests().last()).value(u"systemInstruction"_s).toObject().value(u"parts"_s)
                     .toArray().at(0).toObject().value(u"text"_s).toString(), u"You design guardrail topics."_s);
    }

    void geminiOutcomes_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<LlmError::Kind>("kind");
        QTest::newRow("blocked prompt") << 200 << QByteArray("{\"promptFeedback\":{\"blockReason\":\"SAFETY\"}}") << LlmError::Kind::Refusal;
        QTest::newRow("max tokens") << 200 << QByteArray("{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"{\\\"na\"}]},\"finishReason\":\"MAX_TOKENS\"}]}") << LlmError::Kind::Truncated;
        QTest::newRow("safety") << 200 << QByteArray("{\"candidates\":[{\"content\":{\"parts\":[]},\"finishReason\":\"SAFETY\"}]}") << LlmError::Kind::Refusal;
        QTest::newRow("bad key") << 400 << QByteArray("{\"error\":{\"code\":400,\"message\":\"API key not valid. Please pass a valid API key.\",\"status\":\"INVALID_ARGUMENT\"}}") << LlmError::Kind::Auth;
        QTest::newRow("daily quota") << 429 << QByteArray("{\"error\":{\"code\":429,\"message\":\"Quota exceeded\",\"status\":\"RESOURCE_EXHAUSTED\",\"details\":[{\"@type\":\"type.googleapis.com/google.rpc.QuotaFailure\",\"violations\":[{\"quotaId\":\"GenerateRequestsPerDayPerProjectPerModel\"}]}]}}") << LlmError::Kind::Quota;
    }
    void geminiOutcomes()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(LlmError::Kind, kind);
        ScriptedHttpServer s;
        QVERIFY(s.start());
        s.setScript({Step::json(status, body)});
        GeminiProvider p(&m_nam, scriptedEndpoint(s, u"gemini-api"_s));
        QCOMPARE(sendAndWait(p, sampleRequest()).error.kind, kind);
        QCOMPARE(s.requests().size(), 1);
    }

    void geminiRetryInfoDelay()
    {
        ScriptedHttpServer s;
        QVERIFY(s.start());
        s.setScript({Step::json(429, "{\"error\":{\"code\":429,\"status\":\"RESOURCE_EXHAUSTED\",\"details\":[{\"@type\":\"type.googleapis.com/google.rpc.RetryInfo\",\"retryDelay\":\"0.3s\"}]}}"),
                     Step::json(200, GeminiOk)});
        GeminiProvider p(&m_nam, scriptedEndpoint(s, u"gemini-api"_s));
        QElapsedTimer t;
        t.start();
        QVERIFY(sendAndWait(p, sampleRequest()).ok());
        QVERIFY(t.elapsed() >= 280);
    }

    void ollamaNativeFormat()
    {
        ScriptedHttpServer s;
        QVERIFY(s.start());
        s.setScript({Step::json(200, OllamaOk)});
        OllamaProvider p(&m_nam, scriptedEndpoint(s, u"ollama"_s));
        const LlmReply r = sendAndWait(p, sampleRequest());
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QCOMPARE(r.usage.inputTokens, 34);
        QCOMPARE(s.requests().last().target, QByteArray("/api/chat"));
        const QJsonObject b = bodyOf(s.requests().last());
        QCOMPARE(b.value(u"stream"_s).toBool(true), false);
        QCOMPARE(b.value(u"format"_s).toObject(), sampleRequest().schema);
        QCOMPARE(b.value(u"options"_s).toObject().value(u"temperature"_s).toInt(-1), 0);
        QCOMPARE(b.value(u"options"_s).toObject().value(u"num_predict"_s).toInt(), 1024);
        QVERIFY(!headers(s).contains("authorization"));

        s.setScript({Step::json(200, "{\"message\":{\"content\":\"{\\\"name\\\":\"},\"done\":true,\"done_reason\":\"length\"}"),});
        QCOMPARE(sendAndWait(p, sampleRequest()).error.kind, LlmError::Kind::Truncated);
        s.setScript({Step::json(404, "{\"error\":\"model \\\"x\\\" not found, try pulling it first\"}")});
        const LlmReply missing = sendAndWait(p, sampleRequest());
        QCOMPARE(missing.error.kind, LlmError::Kind::BadRequest);
        QVERIFY(missing.error.message.contains(u"try pulling it first"_s));
    }

    void markdownFencedJsonIsAccepted()
    {
        ScriptedHttpServer s;
        QVERIFY(s.start());
        s.setScript({Step::json(200, "{\"message\":{\"content\":\"```json\\n{\\\"name\\\":\\\"x\\\",\\\"tags\\\":[]}\\n```\"},\"done_reason\":\"stop\"}")});
        OllamaProvider p(&m_nam, scriptedEndpoint(s, u"ollama"_s));
        const LlmReply r = sendAndWait(p, sampleRequest());
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QCOMPARE(r.object.value(u"name"_s).toString(), u"x"_s);
    }

    void timeoutAndCancel()
    {
        ScriptedHttpServer s;
        QVERIFY(s.start());
        s.setScript({Step::hang()});
        LlmEndpoint e = scriptedEndpoint(s, u"openai"_s, u"/v1"_s);
        e.timeoutMs = 200;
        e.retry = RetryPolicy::none();
        OpenAiProvider p(&m_nam, e);
        QCOMPARE(sendAndWait(p, sampleRequest()).error.kind, LlmError::Kind::Timeout);

        e.timeoutMs = 60000;
        OpenAiProvider slow(&m_nam, e);
        LlmCall *call = slow.send(sampleRequest(), this);
        QSignalSpy finished(call, &LlmCall::finished);
        QTRY_COMPARE(s.requests().size(), 2);
        call->abort();
        QVERIFY(finished.wait(1000));
        QCOMPARE(finished.first().first().value<LlmReply>().error.kind, LlmError::Kind::Cancelled);
        delete call;
    }

    void keyNeverInLogsOrUrls()
    {
        static QStringList lines;
        lines.clear();
        QLoggingCategory::setFilterRules(u"daystrom.*.debug=true"_s);
        const QtMessageHandler previous = qInstallMessageHandler(
            [](QtMsgType, const QMessageLogContext &, const QString &m) { lines.append(m); });
        ScriptedHttpServer s;
        QVERIFY(s.start());
        s.setScript({Step::json(401, "{\"error\":{\"message\":\"Incorrect API key provided: sk-test-***-123\"}}")});
        for (const QString &provider : {u"openai"_s, u"gemini-api"_s, u"claude-api"_s}) {
            std::unique_ptr<LlmProvider> p;
            const LlmEndpoint e = scriptedEndpoint(s, provider, provider == "openai"_L1 ? u"/v1"_s : QString());
            if (provider == "openai"_L1)
                p = std::make_unique<OpenAiProvider>(&m_nam, e);
            else if (provider == "gemini-api"_L1)
                p = std::make_unique<GeminiProvider>(&m_nam, e);
            else
                p = std::make_unique<AnthropicProvider>(&m_nam, e);
            const LlmReply r = sendAndWait(*p, sampleRequest());
            QVERIFY(!r.error.toString().contains(u"SECRET"_s));
            QVERIFY(!p->buildRequest(sampleRequest()).url.toString().contains(u"SECRET"_s));
        }
        qInstallMessageHandler(previous);
        QLoggingCategory::setFilterRules(u"daystrom.*.debug=false"_s);
        QVERIFY(!lines.isEmpty());
        for (const QString &l : std::as_const(lines))
            QVERIFY2(!l.contains(u"SECRET"_s), qPrintable(l));
    }
};

QTEST_GUILESS_MAIN(TestLlmProviders)
#include "tst_llmproviders.moc"
