// The OAuth2 token request is idempotent: it is retried through 5xx, 429, cut and malformed
// answers and timeouts; refused credentials are reported at once. Real loopback server.
#include "airs/oauthjsonapi.h"
#include "airs/oauthtokensource.h"
#include "scriptedhttpserver.h"

#include "testmain.h"

#include <QNetworkAccessManager>

using namespace Qt::StringLiterals;
using Step = ScriptedHttpServer::Step;
using Action = ScriptedHttpServer::Step::Action;

class TestTokenRetry : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;
    const QByteArray m_token =
        R"({"access_token":"tok-123456789","token_type":"Bearer","expires_in":900})";

    OAuthTokenSource *source(const ScriptedHttpServer &server, QObject *parent)
    {
        auto *s = new OAuthTokenSource(&m_nam, QUrl(server.baseUrl() + u"/oauth2/access_token"_s),
                                       u"client-id"_s, u"client-secret-value"_s, u"1234"_s, parent);
        RetryPolicy p;
        p.baseDelayMs = 5;
        p.maxDelayMs = 20;
        s->setRetryPolicy(p);
        s->setTimeoutMs(300);
        return s;
    }

    struct Got
    {
        int calls = 0;
        QString token;
        AirsError error;
    };

private slots:
    void retriesUntilATokenArrives()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        Step limited = Step::json(429, R"({"message":"slow down"})");
        limited.headers = {{"Retry-After", "0"}};
        server.setScript({Step::json(503, "{}"), limited, Step::cut(200, m_token, Action::Cut),
                          Step::cut(200, m_token, Action::Truncated), Step::hang(),
                          Step::json(200, m_token)});
        QObject owner;
        OAuthTokenSource *tokens = source(server, &owner);
        QList<Got> got(3);
        for (Got &g : got) {
            tokens->token(&owner, [&g](const QString &token, const AirsError &error) {
                ++g.calls;
                g.token = token;
                g.error = error;
            });
        }
        QTRY_VERIFY_WITH_TIMEOUT(got.at(0).calls && got.at(1).calls && got.at(2).calls, 10000);
        for (const Got &g : std::as_const(got)) {
            QCOMPARE(g.calls, 1);
            QVERIFY2(!g.error.isError(), qPrintable(g.error.message));
            QCOMPARE(g.token, u"tok-123456789"_s);
        }
        QCOMPARE(tokens->fetchCount(), 1);   // the three callers shared one fetch
        QCOMPARE(tokens->lastAttempts(), 6); // 503, 429, cut, truncated, timeout, success
        QCOMPARE(server.requests().size(), 6);
        QVERIFY(tokens->hasValidToken());
    }

    void refusedCredentialsAreNotRetried_data()
    {
        QTest::addColumn<int>("status");
        QTest::newRow("400") << 400;
        QTest::newRow("401") << 401;
    }
    void refusedCredentialsAreNotRetried()
    {
        QFETCH(int, status);
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript(
            {Step::json(status, R"({"error":"invalid_client"})"), Step::json(200, m_token)});
        QObject owner;
        OAuthTokenSource *tokens = source(server, &owner);
        Got got;
        tokens->token(&owner, [&got](const QString &token, const AirsError &error) {
            ++got.calls;
            got.token = token;
            got.error = error;
        });
        QTRY_COMPARE(got.calls, 1);
        QVERIFY(got.token.isEmpty());
        QCOMPARE(got.error.kind, AirsError::Kind::Auth);
        QVERIFY2(got.error.message.contains(
                     u"invalid_client (the client id, client secret or TSG id was refused"_s),
                 qPrintable(got.error.message));
        QVERIFY(got.error.message.contains(u"check the management credentials"_s));
        QCOMPARE(server.requests().size(), 1);
        QCOMPARE(tokens->lastAttempts(), 1);
    }

    void givesUpAfterTheRetryBudget()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::json(503, "{}")});
        QObject owner;
        OAuthTokenSource *tokens = source(server, &owner);
        RetryPolicy p;
        p.baseDelayMs = 5;
        p.maxDelayMs = 20;
        p.maxRetries = 2;
        tokens->setRetryPolicy(p);
        Got got;
        tokens->token(&owner, [&got](const QString &token, const AirsError &error) {
            ++got.calls;
            got.token = token;
            got.error = error;
        });
        QTRY_COMPARE(got.calls, 1);
        QCOMPARE(got.error.kind, AirsError::Kind::Server);
        QCOMPARE(server.requests().size(), 3);
        QCOMPARE(tokens->lastAttempts(), 3);
    }

    // Issue 37: a request made just before abortAll(), still waiting for the cached token
    // (handed out on the next event-loop turn), was sent anyway after the run had stopped.
    void abortAllStopsARequestWaitingForItsToken()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::json(200, m_token), Step::json(200, R"({"ok":true})")});
        QObject owner;
        OAuthTokenSource *tokens = source(server, &owner);
        OAuthJsonApi api(&m_nam, tokens, QUrl(server.baseUrl() + u"/v1"_s));
        int answered = 0;
        AirsError last;
        auto done = [&](const HttpResponse &, const AirsError &e) {
            ++answered;
            last = e;
        };
        api.request("GET", u"/first"_s, {}, QJsonValue(), u"first"_s, &owner, done);
        QTRY_COMPARE(answered, 1); // the token is cached now
        QVERIFY(!last.isError());
        QCOMPARE(server.requests().size(), 2);

        api.request("PUT", u"/second"_s, {}, QJsonObject{{u"x"_s, 1}}, u"second"_s, &owner, done);
        api.abortAll();
        QTRY_COMPARE(answered, 2);
        QCOMPARE(last.kind, AirsError::Kind::Cancelled);
        QVERIFY(!QTest::qWaitFor([&] { return server.requests().size() > 2; }, 200));
        QCOMPARE(api.inFlight(), 0);
    }
};

QTEST_GUILESS_MAIN(TestTokenRetry)
#include "tst_tokenretry.moc"
