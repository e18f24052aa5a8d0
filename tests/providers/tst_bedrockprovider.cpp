// claude-bedrock over real loopback HTTP against the LLM emulator, which recomputes the SigV4
// signature (service "bedrock") and answers 403 like Bedrock when it does not match.
#include "cloudemulatorsupport.h"

#include "domain/redaction.h"
#include "llm/bedrockprovider.h"
#include "llm/cloudauth/sigv4.h"
#include "scriptedhttpserver.h"

#include "testmain.h"

#include <QNetworkAccessManager>

using namespace Qt::StringLiterals;
using namespace CloudTest;

class TestBedrockProvider : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;
    QTemporaryDir m_dir;

    static QHash<QString, QString> keyEnv(const LlmEmulator &llm, const QString &secret = AwsSecret,
                                          const QString &keyId = AwsKeyId)
    {
        return {{u"LLM_PROVIDER"_s, u"claude-bedrock"_s},
                {u"AWS_ACCESS_KEY_ID"_s, keyId},
                {u"AWS_SECRET_ACCESS_KEY"_s, secret},
                {u"AWS_REGION"_s, u"us-east-1"_s},
                {u"ANTHROPIC_BEDROCK_BASE_URL"_s, origin(llm)}};
    }

    std::unique_ptr<BedrockProvider> make(const QHash<QString, QString> &env)
    {
        QString error;
        const LlmEndpoint e = endpointFor(env, &error);
        if (!error.isEmpty()) {
            qWarning().noquote() << error;
            return {};
        }
        return std::unique_ptr<BedrockProvider>(
            static_cast<BedrockProvider *>(LlmFactory::create(&m_nam, e, nullptr, &error)));
    }

    static void checkAccepted(const StructuredResult &r, const LlmEmulator &llm)
    {
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QVERIFY(!r.object.value(u"name"_s).toString().isEmpty());
        const auto calls = requestsTo(llm, u"/converse"_s);
        QCOMPARE(calls.size(), 1);
        QCOMPARE(calls.first().dialect, u"bedrock"_s);
        QCOMPARE(calls.first().status, 200);
        QCOMPARE(r.usage.inputTokens, calls.first().reportedInputTokens);
        QCOMPARE(r.usage.outputTokens, calls.first().reportedOutputTokens);
        QVERIFY(r.usage.outputTokens > 0);
    }

private slots:
    void signedRequestIsAccepted()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setCloudAuth(cloudAuth());
        auto p = make(keyEnv(llm));
        QVERIFY(p);
        QCOMPARE(p->endpoint().aws.origin, u"environment"_s);
        const StructuredResult r = runTopic(*p);
        checkAccepted(r, llm);
        const auto call = requestsTo(llm, u"/converse"_s).first();
        // The emulator recomputed the signature over the wire path, so %3A was sent (a raw ':'
        // would have been signed as %253A and refused); wireTarget() checks the bytes.
        QCOMPARE(call.path, u"/model/us.anthropic.claude-sonnet-4-5-20250929-v1:0/converse"_s);
        QVERIFY(!call.header("x-amz-date").isEmpty());
        const QJsonObject body = call.json();
        QCOMPARE(body.value(u"toolConfig"_s)
                     .toObject()
                     .value(u"toolChoice"_s)
                     .toObject()
                     .value(u"tool"_s)
                     .toObject()
                     .value(u"name"_s)
                     .toString(),
                 u"generate_topic"_s);
        QCOMPARE(body.value(u"inferenceConfig"_s).toObject().value(u"temperature"_s).toInt(), 0);
        QCOMPARE(body.value(u"inferenceConfig"_s).toObject().value(u"maxTokens"_s).toInt(), 2048);
        QVERIFY(body.value(u"system"_s).toArray().at(0).toObject().value(u"text"_s).isString());
    }

    // The request line as sent: the model id's ':' is %3A.
    void wireTarget()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({ScriptedHttpServer::Step::json(
            200, "{\"output\":{\"message\":{\"role\":\"assistant\",\"content\":[{\"toolUse\":{"
                 "\"toolUseId\":\"t\","
                 "\"name\":\"generate_topic\",\"input\":{\"name\":\"W\"}}}]}},\"stopReason\":"
                 "\"tool_use\","
                 "\"usage\":{\"inputTokens\":420,\"outputTokens\":40,\"totalTokens\":460}}")});
        auto p = make({{u"LLM_PROVIDER"_s, u"claude-bedrock"_s},
                       {u"AWS_ACCESS_KEY_ID"_s, AwsKeyId},
                       {u"AWS_SECRET_ACCESS_KEY"_s, AwsSecret},
                       {u"ANTHROPIC_BEDROCK_BASE_URL"_s, server.baseUrl()}});
        QVERIFY(p);
        LlmCall *call = p->send(topicRequest());
        QSignalSpy finished(call, &LlmCall::finished);
        QVERIFY(finished.wait(10000));
        const LlmReply reply = finished.first().first().value<LlmReply>();
        delete call;
        QVERIFY2(reply.ok(), qPrintable(reply.error.toString()));
        QCOMPARE(reply.object.value(u"name"_s).toString(), u"W"_s);
        QCOMPARE(reply.usage.inputTokens, 420);
        QCOMPARE(reply.usage.outputTokens, 40);
        QCOMPARE(server.requests().last().target,
                 QByteArray("/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse"));
        const QByteArray authorization = server.requests().last().headers.value("authorization");
        const QByteArray expected = "AWS4-HMAC-SHA256 Credential=" + AwsKeyId.toLatin1() + '/';
        QVERIFY2(authorization.startsWith(expected), authorization.constData());
    }

    // llm-apis.md §6: which errors are retried, and how each answer is typed.
    void outcomes_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("type");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<LlmError::Kind>("kind");
        QTest::addColumn<int>("attempts");
        const QByteArray msg = "{\"message\":\"something\"}";
        const auto answer = [](const QByteArray &stop, const QByteArray &content) -> QByteArray {
            return "{\"output\":{\"message\":{\"role\":\"assistant\",\"content\":[" + content +
                   "]}},\"stopReason\":\"" + stop +
                   "\",\"usage\":{\"inputTokens\":5,\"outputTokens\":6}}";
        };
        const QByteArray toolUse = "{\"toolUse\":{\"toolUseId\":\"t\",\"name\":\"generate_topic\","
                                   "\"input\":{\"name\":\"W\"}}}";
        using K = LlmError::Kind;
        QTest::newRow("408 ModelTimeout retried")
            << 408 << QByteArray("ModelTimeoutException") << msg << K::None << 2;
        QTest::newRow("429 Throttling retried")
            << 429 << QByteArray("ThrottlingException") << msg << K::None << 2;
        QTest::newRow("500 InternalServer retried")
            << 500 << QByteArray("InternalServerException") << msg << K::None << 2;
        QTest::newRow("503 ServiceUnavailable retried")
            << 503 << QByteArray("ServiceUnavailableException") << msg << K::None << 2;
        QTest::newRow("400 Validation")
            << 400 << QByteArray("ValidationException") << msg << K::BadRequest << 1;
        QTest::newRow("400 ServiceQuotaExceeded")
            << 400 << QByteArray("ServiceQuotaExceededException") << msg << K::Quota << 1;
        QTest::newRow("403 AccessDenied")
            << 403
            << QByteArray(
                   "AccessDeniedException:http://internal.amazon.com/coral/com.amazon.bedrock/")
            << msg << K::Auth << 1;
        QTest::newRow("404 ResourceNotFound")
            << 404 << QByteArray("ResourceNotFoundException") << msg << K::BadRequest << 1;
        QTest::newRow("424 ModelError")
            << 424 << QByteArray("ModelErrorException") << msg << K::BadRequest << 1;
        QTest::newRow("max_tokens")
            << 200 << QByteArray() << answer("max_tokens", {}) << K::Truncated << 1;
        QTest::newRow("guardrail")
            << 200 << QByteArray() << answer("guardrail_intervened", toolUse) << K::Refusal << 1;
        QTest::newRow("content_filtered")
            << 200 << QByteArray() << answer("content_filtered", {}) << K::Refusal << 1;
        QTest::newRow("text only") << 200 << QByteArray() << answer("end_turn", "{\"text\":\"hi\"}")
                                   << K::InvalidOutput << 1;
    }
    void outcomes()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, type);
        QFETCH(QByteArray, body);
        QFETCH(LlmError::Kind, kind);
        QFETCH(int, attempts);
        ScriptedHttpServer server;
        QVERIFY(server.start());
        ScriptedHttpServer::Step first = ScriptedHttpServer::Step::json(status, body);
        if (!type.isEmpty())
            first.headers.append({"x-amzn-ErrorType", type});
        server.setScript(
            {first,
             ScriptedHttpServer::Step::json(
                 200,
                 "{\"output\":{\"message\":{\"content\":[{\"toolUse\":{\"input\":{\"name\":\"W\"}}}"
                 "]}},"
                 "\"stopReason\":\"tool_use\",\"usage\":{\"inputTokens\":5,\"outputTokens\":6}}")});
        auto p = make({{u"LLM_PROVIDER"_s, u"claude-bedrock"_s},
                       {u"AWS_ACCESS_KEY_ID"_s, AwsKeyId},
                       {u"AWS_SECRET_ACCESS_KEY"_s, AwsSecret},
                       {u"ANTHROPIC_BEDROCK_BASE_URL"_s, server.baseUrl()}});
        QVERIFY(p);
        LlmCall *call = p->send(topicRequest());
        QSignalSpy finished(call, &LlmCall::finished);
        QVERIFY(finished.wait(10000));
        const LlmReply reply = finished.first().first().value<LlmReply>();
        delete call;
        QCOMPARE(reply.error.kind, kind);
        QCOMPARE(reply.httpAttempts, attempts);
        QCOMPARE(int(server.requests().size()), attempts);
        if (kind == LlmError::Kind::Auth)
            QVERIFY2(reply.error.message.contains(u"AccessDeniedException"_s) &&
                         reply.error.message.contains(u"bedrock:InvokeModel"_s),
                     qPrintable(reply.error.message));
    }

    void sessionTokenIsSigned()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        LlmEmulator::CloudAuth auth = cloudAuth();
        auth.awsSessionToken = u"IQoJb3JpZ2luX2VjEXAMPLESESSIONTOKEN0123456789"_s;
        llm.setCloudAuth(auth);
        QHash<QString, QString> env = keyEnv(llm);
        env.insert(u"AWS_SESSION_TOKEN"_s, auth.awsSessionToken);
        auto p = make(env);
        QVERIFY(p);
        checkAccepted(runTopic(*p), llm);
    }

    void profileFromSharedCredentialsFile()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setCloudAuth(cloudAuth());
        const QString file = writeFile(
            m_dir.filePath(u"aws/credentials"_s),
            ("[default]\naws_access_key_id = AKIDOTHER\naws_secret_access_key = other\n\n[studio]\n"
             "aws_access_key_id = " +
             AwsKeyId.toUtf8() + "\naws_secret_access_key = " + AwsSecret.toUtf8() + "\n"));
        auto p = make({{u"LLM_PROVIDER"_s, u"claude-bedrock"_s},
                       {u"AWS_SHARED_CREDENTIALS_FILE"_s, file},
                       {u"AWS_PROFILE"_s, u"studio"_s},
                       {u"AWS_ENDPOINT_URL_BEDROCK_RUNTIME"_s, origin(llm)}});
        QVERIFY(p);
        QVERIFY(p->endpoint().aws.origin.contains(u"studio"_s));
        checkAccepted(runTopic(*p), llm);
    }

    // The default profile in $HOME/.aws/credentials (HOME is the test's temporary home).
    void defaultProfileInHome()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setCloudAuth(cloudAuth());
        const QString file = QDir::homePath() + u"/.aws/credentials"_s;
        QVERIFY(!writeFile(file, "[default]\naws_access_key_id = " + AwsKeyId.toUtf8() +
                                     "\naws_secret_access_key = " + AwsSecret.toUtf8() + "\n")
                     .isEmpty());
        auto p = make({{u"LLM_PROVIDER"_s, u"claude-bedrock"_s},
                       {u"ANTHROPIC_BEDROCK_BASE_URL"_s, origin(llm)}});
        QFile::remove(file);
        QVERIFY(p);
        checkAccepted(runTopic(*p), llm);
    }

    void wrongSecretIsRejected_data()
    {
        QTest::addColumn<QString>("keyId");
        QTest::addColumn<QString>("secret");
        QTest::addColumn<QString>("type");
        QTest::newRow("wrong secret") << AwsKeyId << u"wJalrXUtnFEMI/K7MDENG+WRONGSECRETKEY000"_s
                                      << u"InvalidSignatureException"_s;
        QTest::newRow("unknown key id")
            << u"AKIDUNKNOWN000000000"_s << AwsSecret << u"UnrecognizedClientException"_s;
    }
    void wrongSecretIsRejected()
    {
        QFETCH(QString, keyId);
        QFETCH(QString, secret);
        QFETCH(QString, type);
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setCloudAuth(cloudAuth());
        auto p = make(keyEnv(llm, secret, keyId));
        QVERIFY(p);
        const StructuredResult r = runTopic(*p);
        QCOMPARE(r.error.kind, LlmError::Kind::Auth);
        QCOMPARE(r.attempts, 1);
        QCOMPARE(llm.requestCount(), 1); // a 403 is not retried
        QVERIFY2(r.error.message.contains(type), qPrintable(r.error.message));
        QVERIFY2(r.error.message.contains(u"AWS refused the credentials from environment"_s),
                 qPrintable(r.error.message));
        QVERIFY(!r.error.toString().contains(secret));
        QVERIFY(!r.error.toString().contains(AwsSecret));
        QVERIFY(!r.error.message.contains(u'\n'));
    }

    // Signed, then the body changed in flight: the emulator's recomputed signature differs.
    void tamperedBodyIsRejected()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setCloudAuth(cloudAuth());
        auto p = make(keyEnv(llm));
        QVERIFY(p);
        HttpRequestSpec signedSpec;
        p->authorize(p->buildRequest(topicRequest()), false, this,
                     [&](HttpRequestSpec spec, LlmError) { signedSpec = std::move(spec); });
        QVERIFY(!signedSpec.body.isEmpty());
        signedSpec.body.replace("illegal weapons", "legal gardening");
        HttpCall http(&m_nam, signedSpec);
        QSignalSpy done(&http, &HttpCall::finished);
        http.start();
        QVERIFY(done.wait(10000));
        const HttpResponse response = done.first().first().value<HttpResponse>();
        QCOMPARE(response.status, 403);
        QCOMPARE(response.headers.value("x-amzn-errortype").left(25),
                 QByteArray("InvalidSignatureException"));
        const LlmReply reply = p->parseReply(response);
        QCOMPARE(reply.error.kind, LlmError::Kind::Auth);
        QCOMPARE(response.attempts, 1);
    }

    // A signature from 10 minutes ago is refused as expired; the provider signs afresh once.
    void expiredSignatureIsRenewedOnce()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setCloudAuth(cloudAuth());
        auto p = make(keyEnv(llm));
        QVERIFY(p);
        int signatures = 0;
        p->setClock([&signatures] {
            return QDateTime::currentDateTimeUtc().addSecs(signatures++ == 0 ? -600 : 0);
        });
        const StructuredResult r = runTopic(*p);
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QCOMPARE(signatures, 2);
        const auto calls = requestsTo(llm, u"/converse"_s);
        QCOMPARE(calls.size(), 2);
        QCOMPARE(calls.at(0).status, 403);
        QCOMPARE(calls.at(1).status, 200);

        // A clock that is always wrong: one renewal, then the error; no loop.
        llm.clearRequests();
        p->setClock([] { return QDateTime::currentDateTimeUtc().addSecs(-600); });
        const int before = llm.requestCount();
        const StructuredResult stale = runTopic(*p);
        QCOMPARE(stale.error.kind, LlmError::Kind::Auth);
        QCOMPARE(llm.requestCount() - before, 2);
        QVERIFY2(stale.error.message.contains(u"Signature expired"_s),
                 qPrintable(stale.error.message));
    }

    void noSecretInRepliesOrRecords()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setCloudAuth(cloudAuth());
        auto p = make(keyEnv(llm));
        QVERIFY(p);
        const StructuredResult ok = runTopic(*p);
        QVERIFY2(ok.ok(), qPrintable(ok.error.toString()));
        auto bad = make(keyEnv(llm, u"wJalrXUtnFEMI/K7MDENG+ANOTHERWRONGKEY99"_s));
        QVERIFY(bad);
        const StructuredResult failed = runTopic(*bad);
        QCOMPARE(failed.error.kind, LlmError::Kind::Auth);
        QVERIFY(Redaction::apply(u"x "_s + AwsSecret) != u"x "_s + AwsSecret); // registered
        const QString texts =
            QString::fromUtf8(QJsonDocument(ok.object).toJson()) + failed.error.toString();
        QVERIFY(!texts.contains(AwsSecret));
        QVERIFY(!texts.contains(u"ANOTHERWRONGKEY"_s));
        for (const auto &rec : llm.requests()) {
            QVERIFY(!rec.body.contains(AwsSecret.toUtf8()));
            for (const auto &[name, value] : rec.headers)
                QVERIFY2(!value.contains(AwsSecret.toUtf8()), name.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestBedrockProvider)
#include "tst_bedrockprovider.moc"
