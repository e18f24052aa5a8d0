#include "airs/airserror.h"
#include "net/httpcall.h"
#include "scriptedhttpserver.h"

#include "testmain.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTcpServer>

using namespace Qt::StringLiterals;
using Step = ScriptedHttpServer::Step;

class TestHttpCall : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;

    HttpRequestSpec spec(const ScriptedHttpServer &server, RetryPolicy retry = fastRetry())
    {
        HttpRequestSpec s;
        s.method = "POST";
        s.url = QUrl(server.baseUrl() + u"/v1/thing"_s);
        s.body = R"({"a":1})";
        s.headers = {{"Content-Type", "application/json"}};
        s.timeoutMs = 2000;
        s.retry = retry;
        return s;
    }

    static RetryPolicy fastRetry()
    {
        RetryPolicy p;
        p.baseDelayMs = 5;
        p.maxDelayMs = 20;
        return p;
    }

    HttpResponse run(HttpCall &call)
    {
        QSignalSpy spy(&call, &HttpCall::finished);
        call.start();
        [&] { QVERIFY(spy.wait(10000)); }();
        return spy.isEmpty() ? HttpResponse{} : spy.first().first().value<HttpResponse>();
    }

private slots:
    void initTestCase() { qRegisterMetaType<HttpResponse>(); }

    void successSendsExactBody()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::json(200, R"({"ok":true})")});
        HttpCall call(&m_nam, spec(server));
        const HttpResponse r = run(call);
        QCOMPARE(r.outcome, HttpOutcome::Response);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.body, QByteArray(R"({"ok":true})"));
        QCOMPARE(r.attempts, 1);
        QCOMPARE(server.requests().size(), 1);
        QCOMPARE(server.requests().first().body, QByteArray(R"({"a":1})"));
        QCOMPARE(server.requests().first().target, QByteArray("/v1/thing"));
    }

    void retriesServerErrorsThenSucceeds()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::json(503, "{}"), Step::json(500, "{}"), Step::json(200, R"({"n":3})")});
        HttpCall call(&m_nam, spec(server));
        const HttpResponse r = run(call);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.attempts, 3);
        QCOMPARE(server.requests().size(), 3);
    }

    void givesUpAfterMaxRetries()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::json(502, R"({"message":"bad gateway"})")});
        RetryPolicy p = fastRetry();
        p.maxRetries = 2;
        HttpCall call(&m_nam, spec(server, p));
        const HttpResponse r = run(call);
        QCOMPARE(r.status, 502);
        QCOMPARE(r.attempts, 3);
        const AirsError e = AirsError::fromResponse(r, u"scan"_s);
        QCOMPARE(e.kind, AirsError::Kind::Server);
        QVERIFY(e.message.contains(u"bad gateway"_s));
    }

    void clientErrorsAreNotRetried_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<AirsError::Kind>("kind");
        QTest::newRow("400") << 400 << AirsError::Kind::Validation;
        QTest::newRow("401") << 401 << AirsError::Kind::Auth;
        QTest::newRow("403") << 403 << AirsError::Kind::Auth;
        QTest::newRow("404") << 404 << AirsError::Kind::NotFound;
        QTest::newRow("409") << 409 << AirsError::Kind::Conflict;
        QTest::newRow("415") << 415 << AirsError::Kind::Validation;
    }
    void clientErrorsAreNotRetried()
    {
        QFETCH(int, status);
        QFETCH(AirsError::Kind, kind);
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::json(status, R"({"error":{"message":"server says no"}})")});
        HttpCall call(&m_nam, spec(server));
        const HttpResponse r = run(call);
        QCOMPARE(r.attempts, 1);
        const AirsError e = AirsError::fromResponse(r, u"scan"_s);
        QCOMPARE(e.kind, kind);
        QCOMPARE(e.httpStatus, status);
        QVERIFY(e.message.contains(u"server says no"_s));
    }

    void rateLimitHonoursRetryAfter()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        Step limited = Step::json(429, R"({"message":"rate limited"})");
        limited.headers = {{"Retry-After", "1"}};
        server.setScript({limited, Step::json(200, "{}")});
        HttpCall call(&m_nam, spec(server));
        QElapsedTimer t;
        t.start();
        const HttpResponse r = run(call);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.attempts, 2);
        QVERIFY2(t.elapsed() >= 950, qPrintable(QString::number(t.elapsed())));
    }

    void rateLimitWithLongHintIsReported()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        Step limited = Step::json(429, R"({"retry_after":{"interval":5,"unit":"minutes"}})");
        server.setScript({limited});
        HttpCall call(&m_nam, spec(server));
        const HttpResponse r = run(call);
        QCOMPARE(r.attempts, 1);
        QCOMPARE(r.retryAfterMs, 300000);
        const AirsError e = AirsError::fromResponse(r, u"scan"_s);
        QCOMPARE(e.kind, AirsError::Kind::RateLimited);
        QCOMPARE(e.retryAfterMs, 300000);
    }

    void hangIsReportedAsTimeoutNotCancelled()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::hang()});
        HttpRequestSpec s = spec(server, RetryPolicy::none());
        s.timeoutMs = 150;
        HttpCall call(&m_nam, s);
        const HttpResponse r = run(call);
        QCOMPARE(r.outcome, HttpOutcome::Timeout);
        QCOMPARE(AirsError::fromResponse(r, u"scan"_s).kind, AirsError::Kind::Timeout);
    }

    void timeoutIsRetried()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::hang(), Step::json(200, "{}")});
        HttpRequestSpec s = spec(server);
        s.timeoutMs = 150;
        HttpCall call(&m_nam, s);
        const HttpResponse r = run(call);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.attempts, 2);
    }

    void droppedConnectionIsNetworkErrorAndRetried()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::close()});
        HttpCall failing(&m_nam, spec(server, RetryPolicy::none()));
        const HttpResponse dropped = run(failing);
        QCOMPARE(dropped.outcome, HttpOutcome::NetworkError);
        QCOMPARE(AirsError::fromResponse(dropped, u"scan"_s).kind, AirsError::Kind::Network);

        // Qt may resend once by itself on a dropped connection; either way the retry policy
        // carries the call to the eventual answer.
        server.setScript({Step::close(), Step::close(), Step::close(), Step::json(200, "{}")});
        const qsizetype before = server.requests().size();
        HttpCall call(&m_nam, spec(server));
        const HttpResponse r = run(call);
        QCOMPARE(r.status, 200);
        QCOMPARE(server.requests().size() - before, 4);
    }

    void connectionRefused()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const quint16 port = probe.serverPort();
        probe.close();
        HttpRequestSpec s;
        s.url = QUrl(u"http://127.0.0.1:%1/x"_s.arg(port));
        s.retry = RetryPolicy::none();
        HttpCall call(&m_nam, s);
        const HttpResponse r = run(call);
        QCOMPARE(r.outcome, HttpOutcome::NetworkError);
        QCOMPARE(AirsError::fromResponse(r, u"scan"_s).kind, AirsError::Kind::Network);
    }

    void abortIsCancelledAndStopsTraffic()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::hang()});
        HttpCall call(&m_nam, spec(server));
        QSignalSpy finished(&call, &HttpCall::finished);
        call.start();
        QTRY_COMPARE(server.requests().size(), 1);
        call.abort();
        QVERIFY(finished.wait(1000));
        QCOMPARE(finished.first().first().value<HttpResponse>().outcome, HttpOutcome::Cancelled);
        QTRY_COMPARE(server.openConnections(), 0); // the socket was closed, nothing lingers
        call.abort();                               // idempotent
        QCOMPARE(finished.size(), 1);
    }

    void abortDuringBackoffSendsNothingMore()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::json(503, "{}")});
        RetryPolicy p;
        p.baseDelayMs = 60000; // the retry would wait up to a minute
        p.maxDelayMs = 60000;
        HttpCall call(&m_nam, spec(server, p));
        QSignalSpy finished(&call, &HttpCall::finished);
        call.start();
        QTRY_COMPARE(server.requests().size(), 1);
        QTRY_VERIFY(call.isWaitingToRetry()); // the 503 arrived and the backoff began
        call.abort();
        QVERIFY(finished.wait(1000));
        QCOMPARE(finished.first().first().value<HttpResponse>().outcome, HttpOutcome::Cancelled);
        QCOMPARE(server.requests().size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestHttpCall)
#include "tst_httpcall.moc"
