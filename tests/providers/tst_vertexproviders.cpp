// gemini-vertex and claude-vertex over real loopback HTTP against the LLM emulator, which
// verifies the RS256 JWT (a key pair generated here) at its token endpoint and the Bearer
// token on the model routes.
#include "cloudemulatorsupport.h"

#include "domain/redaction.h"
#include "llm/googletokensource.h"
#include "llm/vertexprovider.h"
#include "scriptedhttpserver.h"

#include "testmain.h"

#include <QNetworkAccessManager>

using namespace Qt::StringLiterals;
using namespace CloudTest;

class TestVertexProviders : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;
    QTemporaryDir m_dir;

    // The environment for `provider` with a service-account key file whose public half the
    // emulator knows (or `privateKeyPem` when given).
    QHash<QString, QString>
    serviceAccountEnv(const LlmEmulator &llm, const QString &provider,
                      const QByteArray &privateKeyPem = serviceKey().privateKeyPem,
                      const QString &email = ClientEmail)
    {
        const QString file =
            writeFile(m_dir.filePath(u"sa-%1.json"_s.arg(provider)),
                      serviceAccountJson(llm.tokenUrl(), privateKeyPem, u"proj-test"_s, email));
        return {{u"LLM_PROVIDER"_s, provider},
                {u"GOOGLE_APPLICATION_CREDENTIALS"_s, file},
                {u"CLOUD_ML_REGION"_s, u"us-east5"_s},
                {provider == "gemini-vertex"_L1 ? u"GOOGLE_VERTEX_BASE_URL"_s
                                                : u"ANTHROPIC_VERTEX_BASE_URL"_s,
                 origin(llm)}};
    }

    std::unique_ptr<LlmProvider> make(const QHash<QString, QString> &env)
    {
        QString error;
        const LlmEndpoint e = endpointFor(env, &error);
        if (!error.isEmpty()) {
            qWarning().noquote() << error;
            return {};
        }
        return std::unique_ptr<LlmProvider>(LlmFactory::create(&m_nam, e, nullptr, &error));
    }

    // Every token the emulator issues from now on is revoked as soon as it is issued: the
    // model routes answer 401 to each.
    void revokeEveryToken(LlmEmulator &llm)
    {
        connect(&llm, &LlmEmulator::requestReceived, this, [&llm] {
            if (llm.lastRequest().path.endsWith(u"/token"_s))
                llm.expireAccessTokens();
        });
    }

    static GoogleTokenSource *tokens(LlmProvider &p)
    {
        return static_cast<VertexProvider &>(p).tokenSource();
    }

private slots:
    void initTestCase() { QVERIFY(!serviceKey().privateKeyPem.isEmpty()); }

    void serviceAccountIsAccepted_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("route");
        QTest::addColumn<QString>("dialect");
        QTest::newRow("gemini-vertex")
            << u"gemini-vertex"_s
            << u"/v1/projects/proj-test/locations/us-east5/publishers/google/models/gemini-2.5-flash:generateContent"_s
            << u"gemini-vertex"_s;
        QTest::newRow("claude-vertex")
            << u"claude-vertex"_s
            << u"/v1/projects/proj-test/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:rawPredict"_s
            << u"claude-vertex"_s;
    }
    void serviceAccountIsAccepted()
    {
        QFETCH(QString, provider);
        QFETCH(QString, route);
        QFETCH(QString, dialect);
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setCloudAuth(cloudAuth());
        auto p = make(serviceAccountEnv(llm, provider));
        QVERIFY(p);
        const StructuredResult r = runTopic(*p);
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        QVERIFY(!r.object.value(u"name"_s).toString().isEmpty());
        QCOMPARE(r.attempts, 1);

        const auto calls = requestsTo(llm, u"/publishers/"_s);
        QCOMPARE(calls.size(), 1);
        QCOMPARE(calls.first().path, route);
        QCOMPARE(calls.first().dialect, dialect);
        QCOMPARE(calls.first().status, 200);
        QVERIFY(calls.first().header("authorization").startsWith("Bearer") ||
                calls.first().header("authorization").contains("redacted"));
        QCOMPARE(r.usage.inputTokens, calls.first().reportedInputTokens);
        QCOMPARE(r.usage.outputTokens, calls.first().reportedOutputTokens);
        QVERIFY(r.usage.inputTokens > 0);
        const QJsonObject body = calls.first().json();
        if (provider == "claude-vertex"_L1) {
            QCOMPARE(body.value(u"anthropic_version"_s).toString(), u"vertex-2023-10-16"_s);
            QVERIFY(!body.contains(u"model"_s));
            QCOMPARE(body.value(u"tool_choice"_s).toObject().value(u"name"_s).toString(),
                     u"generate_topic"_s);
        } else {
            for (const QJsonValue &c : body.value(u"contents"_s).toArray())
                QCOMPARE(c.toObject().value(u"role"_s).toString(), u"user"_s);
            QCOMPARE(body.value(u"generationConfig"_s)
                         .toObject()
                         .value(u"responseMimeType"_s)
                         .toString(),
                     u"application/json"_s);
        }
        const auto grants = requestsTo(llm, u"/token"_s);
        QCOMPARE(grants.size(), 1);
        QVERIFY(grants.first().body.contains(
            "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer"));
    }

    void authorizedUserIsAccepted()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setCloudAuth(cloudAuth());
        const QString file =
            writeFile(m_dir.filePath(u"adc-user.json"_s), authorizedUserJson(llm.tokenUrl()));
        auto p = make({{u"LLM_PROVIDER"_s, u"claude-vertex"_s},
                       {u"GOOGLE_APPLICATION_CREDENTIALS"_s, file},
                       {u"ANTHROPIC_VERTEX_PROJECT_ID"_s, u"proj-user"_s},
                       {u"ANTHROPIC_VERTEX_BASE_URL"_s, origin(llm) + u"/v1"_s}}); // the SDK's form
        QVERIFY(p);
        QCOMPARE(p->endpoint().project, u"proj-user"_s);
        const StructuredResult r = runTopic(*p);
        QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        const auto calls = requestsTo(llm, u":rawPredict"_s);
        QCOMPARE(calls.size(), 1);
        QVERIFY(calls.first().path.startsWith(u"/v1/projects/proj-user/locations/us-central1/"_s));
        const auto grants = requestsTo(llm, u"/token"_s);
        QCOMPARE(grants.size(), 1);
        QVERIFY(grants.first().body.contains("grant_type=refresh_token"));
    }

    // The emulator knows another public key: the token endpoint refuses the JWT; the call ends
    // with an authentication error at once (no retry of a 400 grant).
    void wrongKeyIsRejected()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setCloudAuth(cloudAuth(otherKey().publicKeyPem));
        auto p = make(serviceAccountEnv(llm, u"gemini-vertex"_s));
        QVERIFY(p);
        const StructuredResult r = runTopic(*p);
        QCOMPARE(r.error.kind, LlmError::Kind::Auth);
        QVERIFY2(r.error.message.contains(u"GOOGLE_APPLICATION_CREDENTIALS"_s),
                 qPrintable(r.error.message));
        QVERIFY2(r.error.message.contains(u"invalid_grant"_s) ||
                     r.error.message.contains(u"Invalid JWT"_s),
                 qPrintable(r.error.message));
        QCOMPARE(r.attempts, 1);
        QVERIFY2(llm.requestCount() <= 3, qPrintable(QString::number(llm.requestCount())));
        QVERIFY(requestsTo(llm, u"/publishers/"_s).isEmpty());
    }

    // Claims the emulator does not accept (another issuer signed with the right key): refused.
    void tamperedClaimsAreRejected()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setCloudAuth(cloudAuth());
        auto p = make(serviceAccountEnv(llm, u"claude-vertex"_s, serviceKey().privateKeyPem,
                                        u"intruder@proj-test.iam.gserviceaccount.com"_s));
        QVERIFY(p);
        const StructuredResult r = runTopic(*p);
        QCOMPARE(r.error.kind, LlmError::Kind::Auth);
        QVERIFY2(llm.requestCount() <= 3, qPrintable(QString::number(llm.requestCount())));
        QVERIFY(requestsTo(llm, u"/publishers/"_s).isEmpty());
    }

    void authorizedUserWithWrongRefreshTokenIsRejected()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setCloudAuth(cloudAuth());
        const QString file =
            writeFile(m_dir.filePath(u"adc-wrong.json"_s),
                      authorizedUserJson(llm.tokenUrl(), u"1//0gRevokedRefreshTokenZz987654"_s));
        auto p = make({{u"LLM_PROVIDER"_s, u"gemini-vertex"_s},
                       {u"GOOGLE_APPLICATION_CREDENTIALS"_s, file},
                       {u"GOOGLE_VERTEX_BASE_URL"_s, origin(llm)}});
        QVERIFY(p);
        const StructuredResult r = runTopic(*p);
        QCOMPARE(r.error.kind, LlmError::Kind::Auth);
        QVERIFY2(llm.requestCount() <= 3, qPrintable(QString::number(llm.requestCount())));
        QVERIFY(!r.error.message.contains(u"RevokedRefreshToken"_s));
    }

    // One token for several calls; after the emulator expires it, one 401, one new token,
    // success; if the token endpoint then refuses, an authentication error and no loop.
    void expiredTokenIsRenewedOnce()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setCloudAuth(cloudAuth());
        auto p = make(serviceAccountEnv(llm, u"gemini-vertex"_s));
        QVERIFY(p);
        for (int i = 0; i < 3; ++i) {
            const StructuredResult r = runTopic(*p);
            QVERIFY2(r.ok(), qPrintable(r.error.toString()));
        }
        QCOMPARE(requestsTo(llm, u"/token"_s).size(), 1);
        QCOMPARE(tokens(*p)->requestsMade(), 1);

        llm.expireAccessTokens();
        const StructuredResult renewed = runTopic(*p);
        QVERIFY2(renewed.ok(), qPrintable(renewed.error.toString()));
        QCOMPARE(requestsTo(llm, u"/token"_s).size(), 2);
        const auto calls = requestsTo(llm, u"/publishers/"_s);
        QCOMPARE(calls.size(), 5);
        QCOMPARE(calls.at(3).status, 401);
        QCOMPARE(calls.at(4).status, 200);

        llm.expireAccessTokens();
        llm.setCloudAuth(cloudAuth(otherKey().publicKeyPem)); // the endpoint now refuses our JWTs
        const int before = llm.requestCount();
        const StructuredResult refused = runTopic(*p);
        QCOMPARE(refused.error.kind, LlmError::Kind::Auth);
        QCOMPARE(refused.attempts, 1);
        QVERIFY2(llm.requestCount() - before <= 3,
                 qPrintable(QString::number(llm.requestCount() - before)));
    }

    // Tokens that the model route never accepts: one renewal, then a clear message.
    void secondUnauthorizedIsReported()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setCloudAuth(cloudAuth());
        revokeEveryToken(llm);
        auto p = make(serviceAccountEnv(llm, u"claude-vertex"_s));
        QVERIFY(p);
        const StructuredResult r = runTopic(*p);
        QCOMPARE(r.error.kind, LlmError::Kind::Auth);
        QCOMPARE(r.attempts, 1);
        QVERIFY2(r.error.message.contains(u"Google rejected the access token for "_s + ClientEmail),
                 qPrintable(r.error.message));
        QVERIFY2(r.error.message.contains(u"GOOGLE_APPLICATION_CREDENTIALS="_s),
                 qPrintable(r.error.message));
        QVERIFY(!r.error.message.contains(u'\n'));
        QCOMPARE(requestsTo(llm, u"/publishers/"_s).size(), 2);
        QVERIFY2(llm.requestCount() <= 4, qPrintable(QString::number(llm.requestCount())));
    }

    // A 403 from the model route (the account lacks the Vertex AI role): Auth, not retried,
    // naming the account, the project and what to check.
    void permissionDenied()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setHandler([](const ScriptedHttpServer::Request &r) {
            if (r.target == "/token")
                return ScriptedHttpServer::Step::json(
                    200, "{\"access_token\":\"ya29.scriptedTokenAbc123456789\",\"expires_in\":3599,"
                         "\"token_type\":\"Bearer\"}");
            return ScriptedHttpServer::Step::json(
                403, "{\"error\":{\"code\":403,\"message\":\"Permission "
                     "'aiplatform.endpoints.predict' denied\",\"status\":\"PERMISSION_DENIED\"}}");
        });
        const QString file = writeFile(
            m_dir.filePath(u"sa-scripted.json"_s),
            serviceAccountJson(QUrl(server.baseUrl() + u"/token"_s), serviceKey().privateKeyPem));
        auto p = make({{u"LLM_PROVIDER"_s, u"claude-vertex"_s},
                       {u"GOOGLE_APPLICATION_CREDENTIALS"_s, file},
                       {u"ANTHROPIC_VERTEX_BASE_URL"_s, server.baseUrl()}});
        QVERIFY(p);
        const StructuredResult r = runTopic(*p);
        QCOMPARE(r.error.kind, LlmError::Kind::Auth);
        QCOMPARE(r.error.httpStatus, 403);
        QVERIFY2(r.error.message.contains(ClientEmail) &&
                     r.error.message.contains(u"proj-test"_s) &&
                     r.error.message.contains(u"roles/aiplatform.user"_s) &&
                     r.error.message.contains(u"aiplatform.endpoints.predict"_s),
                 qPrintable(r.error.message));
        QCOMPARE(server.requests().size(), 2); // the token, one model request
        QCOMPARE(server.requests().last().headers.value("authorization"),
                 QByteArray("Bearer ya29.scriptedTokenAbc123456789"));
    }

    // abort() while the token is being fetched: Cancelled, exactly once, and nothing sent.
    void abortDuringAuthorization()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        llm.setCloudAuth(cloudAuth());
        auto p = make(serviceAccountEnv(llm, u"gemini-vertex"_s));
        QVERIFY(p);
        LlmCall *call = p->send(topicRequest());
        QSignalSpy finished(call, &LlmCall::finished);
        call->abort();
        call->abort();
        QVERIFY(finished.wait(5000));
        QTest::qWait(300); // the token answer arrives and must not start the model request
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.first().first().value<LlmReply>().error.kind, LlmError::Kind::Cancelled);
        QVERIFY(requestsTo(llm, u"/publishers/"_s).isEmpty());
        delete call;
    }

    // Neither the private key, the refresh token nor the access token reaches a reply, an
    // error message or what the model route recorded.
    void noSecretInRepliesOrRecords()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        LlmEmulator::CloudAuth auth = cloudAuth();
        llm.setCloudAuth(auth);
        auto p = make(serviceAccountEnv(llm, u"claude-vertex"_s));
        QVERIFY(p);
        const StructuredResult ok = runTopic(*p);
        QVERIFY2(ok.ok(), qPrintable(ok.error.toString()));
        QString accessToken;
        bool got = false;
        tokens(*p)->fetch(this, [&](const QString &t, const LlmError &) {
            accessToken = t;
            got = true;
        });
        QTRY_VERIFY(got);
        QVERIFY(!accessToken.isEmpty());
        QVERIFY(!Redaction::apply(u"token "_s + accessToken).contains(accessToken)); // registered

        llm.expireAccessTokens();
        revokeEveryToken(llm);
        const StructuredResult failed = runTopic(*p);
        QCOMPARE(failed.error.kind, LlmError::Kind::Auth);

        const QByteArray keyBody =
            serviceKey().privateKeyPem.split('\n').value(1); // a line of the key
        QVERIFY(keyBody.size() > 20);
        const QString texts = QString::fromUtf8(QJsonDocument(ok.object).toJson()) +
                              failed.error.toString() + failed.error.message;
        QVERIFY(!texts.contains(accessToken));
        QVERIFY(!texts.contains(QString::fromLatin1(keyBody)));
        for (const auto &rec : requestsTo(llm, u"/publishers/"_s)) {
            QVERIFY(!rec.body.contains(accessToken.toUtf8()));
            QVERIFY(!rec.body.contains(keyBody));
            for (const auto &[name, value] : rec.headers)
                QVERIFY2(!value.contains(accessToken.toUtf8()), name.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestVertexProviders)
#include "tst_vertexproviders.moc"
