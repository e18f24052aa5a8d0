// The LLM emulator's fault knobs over real loopback HTTP, on the wire and through the
// production client (openai-compatible provider + StructuredCall), which must recover.
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

Q_DECLARE_METATYPE(LlmEmulator::Faults)

class TestLlmEmulatorFaults final : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;

private slots:
    void schemaInvalidFault_data()
    {
        QTest::addColumn<QString>("call");
        for (const QString &c : PromptBook::callNames())
            QTest::newRow(qPrintable(c)) << c;
    }

    void malformedFault()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setFaults({.malformedNext = 2});
        const QByteArray body = chatBody(promptFor(u"analyze_results"_s));
        for (int i = 0; i < 2; ++i) {
            const Http r = send(m_nam, "POST", llm.chatCompletionsUrl(), body);
            QCOMPARE(r.status, 200); // the HTTP exchange is fine; the content is not JSON
            QVERIFY(!r.contentText().isEmpty());
            QJsonParseError e{};
            QJsonDocument::fromJson(r.contentText().toUtf8(), &e);
            QVERIFY(e.error != QJsonParseError::NoError);
        }
        QCOMPARE(llm.faults().malformedNext, 0);
        QVERIFY(!send(m_nam, "POST", llm.chatCompletionsUrl(), body).content().isEmpty());
    }

    void schemaInvalidFault()
    {
        QFETCH(QString, call);
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setFaults({.schemaInvalidNext = 1});
        const LlmPrompt prompt = promptFor(call);
        const Http r = send(m_nam, "POST", llm.chatCompletionsUrl(), chatBody(prompt));
        QCOMPARE(r.status, 200);
        const QJsonObject answer = r.content();
        QVERIFY(!answer.isEmpty()); // valid JSON …
        const QStringList violations = SchemaValidator::validate(answer, prompt.schema);
        QVERIFY(!violations.isEmpty()); // … missing a required property
        const QString missing = prompt.schema.value(u"required"_s).toArray().at(0).toString();
        QVERIFY(!answer.contains(missing));
        QCOMPARE(llm.faults().schemaInvalidNext, 0);
        QVERIFY(SchemaValidator::validate(
                    send(m_nam, "POST", llm.chatCompletionsUrl(), chatBody(prompt)).content(),
                    prompt.schema)
                    .isEmpty());
    }

    void overLengthFault()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setFaults({.overLengthNext = 1});
        // A call that returns no topic leaves the knob armed.
        QCOMPARE(
            send(m_nam, "POST", llm.chatCompletionsUrl(), chatBody(promptFor(u"generate_tests"_s)))
                .status,
            200);
        QCOMPARE(llm.faults().overLengthNext, 1);
        const Http r =
            send(m_nam, "POST", llm.chatCompletionsUrl(), chatBody(promptFor(u"improve_topic"_s)));
        const Topic t = PromptBook::topicFromJson(r.content());
        QVERIFY(Utf8::size(t.name) > 2 * TopicLimits::NameBytes);
        QVERIFY(Utf8::size(t.description) > 4 * TopicLimits::DescriptionBytes);
        QCOMPARE(t.examples.size(), 7);
        for (const QString &e : t.examples)
            QVERIFY(Utf8::size(e) > TopicLimits::ExampleBytes);
        QCOMPARE(llm.faults().overLengthNext, 0);
        // Clamping turns it back into a deployable topic.
        QVERIFY(TopicLimits::validate(TopicLimits::clamp(t)).isEmpty());
    }

    void httpErrorFault_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("code");
        QTest::newRow("500") << 500 << u"server_error"_s << QString();
        QTest::newRow("503") << 503 << u"server_error"_s << QString();
        QTest::newRow("429") << 429 << u"requests"_s << u"rate_limit_exceeded"_s;
    }

    void httpErrorFault()
    {
        QFETCH(int, status);
        QFETCH(QString, type);
        QFETCH(QString, code);
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setFaults({.httpErrorNext = 1, .httpErrorStatus = status, .retryAfterMs = 25});
        const QByteArray body = chatBody(promptFor(u"generate_topic"_s));
        const Http r = send(m_nam, "POST", llm.chatCompletionsUrl(), body);
        QCOMPARE(r.status, status);
        const QJsonObject error = r.json().value(u"error"_s).toObject();
        QCOMPARE(error.value(u"type"_s).toString(), type);
        QCOMPARE(error.value(u"code"_s).toString(), code);
        QCOMPARE(r.retryAfterMs, QByteArray("25"));
        QCOMPARE(llm.lastRequest().callName, u"generate_topic"_s);
        QCOMPARE(llm.faults().httpErrorNext, 0);
        QCOMPARE(send(m_nam, "POST", llm.chatCompletionsUrl(), body).status, 200);
    }

    void latencyFault()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setFaults({.latencyMs = 150});
        QNetworkRequest request(llm.chatCompletionsUrl());
        request.setHeader(QNetworkRequest::ContentTypeHeader,
                          QByteArrayLiteral("application/json"));
        QElapsedTimer clock;
        clock.start();
        QNetworkReply *reply = m_nam.post(request, chatBody(promptFor(u"generate_topic"_s)));
        QSignalSpy received(&llm, &LlmEmulator::requestReceived);
        QVERIFY(received.wait(5000));
        QCOMPARE(received.first().first().toString(), u"generate_topic"_s);
        QCOMPARE(llm.pendingResponses(), 1); // held until the latency has passed
        QSignalSpy finished(reply, &QNetworkReply::finished);
        QVERIFY(finished.wait(5000));
        QVERIFY(clock.elapsed() >= 140);
        QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
        QCOMPARE(llm.pendingResponses(), 0);
        reply->deleteLater();
    }

    void perCallLatency()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        LlmEmulator::Faults faults;
        faults.callLatencyMs.insert(u"generate_tests"_s, 1000); // other calls: latencyMs (0)
        llm.setFaults(faults);
        QNetworkRequest request(llm.chatCompletionsUrl());
        request.setHeader(QNetworkRequest::ContentTypeHeader,
                          QByteArrayLiteral("application/json"));
        QElapsedTimer clock;
        clock.start();
        QNetworkReply *tests = m_nam.post(request, chatBody(promptFor(u"generate_tests"_s)));
        QSignalSpy received(&llm, &LlmEmulator::requestReceived);
        QVERIFY(received.wait(5000));
        QCOMPARE(received.first().first().toString(), u"generate_tests"_s);
        // Relative, not timed: a call without its own latency, sent later, is answered first.
        QCOMPARE(send(m_nam, "POST", llm.chatCompletionsUrl(),
                      chatBody(promptFor(u"generate_topic"_s)))
                     .status,
                 200);
        QVERIFY(!tests->isFinished());
        QCOMPARE(llm.pendingResponses(), 1);
        QSignalSpy finished(tests, &QNetworkReply::finished);
        QVERIFY(finished.wait(10000));
        QVERIFY2(clock.elapsed() >= 1000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(tests->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
        tests->deleteLater();
    }

    void productionClientRecoversFromFaults_data()
    {
        QTest::addColumn<LlmEmulator::Faults>("faults");
        QTest::addColumn<QString>("call");
        QTest::addColumn<int>("attempts");
        QTest::newRow("malformed")
            << LlmEmulator::Faults{.malformedNext = 1} << u"generate_topic"_s << 2;
        QTest::newRow("schema-invalid")
            << LlmEmulator::Faults{.schemaInvalidNext = 2} << u"analyze_results"_s << 3;
        QTest::newRow("over-length is clamped")
            << LlmEmulator::Faults{.overLengthNext = 1} << u"improve_topic"_s << 1;
        QTest::newRow("503 retried by HTTP")
            << LlmEmulator::Faults{.httpErrorNext = 1, .httpErrorStatus = 503}
            << u"generate_tests"_s << 1;
    }

    void productionClientRecoversFromFaults()
    {
        QFETCH(LlmEmulator::Faults, faults);
        QFETCH(QString, call);
        QFETCH(int, attempts);
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setFaults(faults);
        const LlmPrompt prompt = promptFor(call);
        SandboxLlm client(llm);
        const SandboxLlm::Outcome out = client.call(prompt);
        QVERIFY2(out.ok(), qPrintable(out.error));
        QCOMPARE(out.attempts, attempts);
        QVERIFY(SchemaValidator::validate(out.object, prompt.schema).isEmpty());
        if (prompt.returnsTopic)
            QVERIFY(TopicLimits::validate(PromptBook::topicFromJson(out.object)).isEmpty());
        // Every attempt reached the emulator and was recognised.
        QCOMPARE(llm.requestsFor(call).size(), llm.requestCount());
        QVERIFY(llm.requestCount() >= attempts);
    }

    void productionClientGivesUpOnPersistentGarbage()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setFaults({.malformedNext = 5});
        SandboxLlm client(llm);
        const SandboxLlm::Outcome out = client.call(promptFor(u"generate_topic"_s));
        QVERIFY(!out.ok());
        QCOMPARE(out.attempts, 3);
        QCOMPARE(llm.faults().malformedNext, 2);
    }
};

QTEST_GUILESS_MAIN(TestLlmEmulatorFaults)
#include "tst_llmemulator_faults.moc"
