// Answers that break off or are not what they claim: a body cut short (with a Content-Length
// or chunked), a 2xx with half a JSON body, an oversized answer. Real loopback sockets.
#include "airs/airserror.h"
#include "domain/boundedread.h"
#include "net/httpcall.h"
#include "scriptedhttpserver.h"

#include "testmain.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>

using namespace Qt::StringLiterals;
using Step = ScriptedHttpServer::Step;
using Action = ScriptedHttpServer::Step::Action;

class TestHttpFaults : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;
    const QByteArray m_answer =
        R"({"report_id":"R1","scan_id":"S1","category":"benign","action":"allow"})";

    static RetryPolicy fastRetry()
    {
        RetryPolicy p;
        p.baseDelayMs = 5;
        p.maxDelayMs = 20;
        return p;
    }

    HttpRequestSpec spec(const ScriptedHttpServer &server, RetryPolicy retry = fastRetry())
    {
        HttpRequestSpec s;
        s.method = "POST";
        s.url = QUrl(server.baseUrl() + u"/v1/thing"_s);
        s.body = R"({"a":1})";
        s.headers = {{"Content-Type", "application/json"}};
        s.timeoutMs = 2000;
        s.retry = retry;
        s.expectJson = true;
        return s;
    }

    HttpResponse run(HttpCall &call)
    {
        QSignalSpy spy(&call, &HttpCall::finished);
        call.start();
        [&] {
            QVERIFY(spy.wait(10000));
        }();
        return spy.isEmpty() ? HttpResponse{} : spy.first().first().value<HttpResponse>();
    }

private slots:
    void initTestCase() { qRegisterMetaType<HttpResponse>(); }

    // What Qt 6.4 itself reports for a body cut short, measured here: with a Content-Length,
    // the status and RemoteHostClosedError. Chunked: the status and, depending on timing,
    // RemoteHostClosedError or NoError as if the answer were complete (Qt does not always
    // notice that the last chunk never came), so the JSON check is what catches it then.
    // Recorded so that a Qt upgrade that changes either is noticed.
    void qtReportsACutBody_data()
    {
        QTest::addColumn<int>("how");
        QTest::addColumn<int>("error");
        QTest::newRow("content-length")
            << int(Action::Cut) << int(QNetworkReply::RemoteHostClosedError);
        QTest::newRow("chunked") << int(Action::CutChunked) << int(QNetworkReply::NoError);
    }
    void qtReportsACutBody()
    {
        QFETCH(int, how);
        QFETCH(int, error);
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::cut(200, m_answer, Action(how))});
        QNetworkRequest request(QUrl(server.baseUrl() + u"/raw"_s));
        QNetworkReply *reply = m_nam.get(request);
        QSignalSpy finished(reply, &QNetworkReply::finished);
        QVERIFY(finished.wait(5000));
        QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
        if (error == int(QNetworkReply::NoError))
            QVERIFY2(reply->error() == QNetworkReply::NoError ||
                         reply->error() == QNetworkReply::RemoteHostClosedError,
                     qPrintable(reply->errorString()));
        else
            QCOMPARE(int(reply->error()), error);
        QCOMPARE(reply->readAll(), m_answer.left(m_answer.size() / 2));
        // Qt 6.4's HTTP channel may send a request once more by itself when the connection
        // closes while it still reads the answer (its one reconnect attempt); whether it does
        // for a cut chunked answer depends on timing. It never sends it a third time, and what
        // it sends again is the same request.
        QVERIFY2(server.requests().size() == 1 || server.requests().size() == 2,
                 qPrintable(QString::number(server.requests().size())));
        for (const auto &sent : server.requests()) {
            QCOMPARE(sent.method, QByteArray("GET"));
            QCOMPARE(sent.target, QByteArray("/raw"));
        }
        reply->deleteLater();
    }

    void cutBodyIsANetworkErrorNotAnAnswer_data()
    {
        QTest::addColumn<int>("how");
        QTest::addColumn<int>("fault");
        QTest::newRow("content-length") << int(Action::Cut) << int(HttpFault::CutBody);
        QTest::newRow("chunked") << int(Action::CutChunked) << int(HttpFault::MalformedBody);
    }
    void cutBodyIsANetworkErrorNotAnAnswer()
    {
        QFETCH(int, how);
        QFETCH(int, fault);
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::cut(200, m_answer, Action(how))});
        HttpCall call(&m_nam, spec(server, RetryPolicy::none()));
        const HttpResponse r = run(call);
        QCOMPARE(r.outcome, HttpOutcome::NetworkError);
        if (fault ==
            int(HttpFault::MalformedBody)) // chunked: either way a failure, never an answer
            QVERIFY(r.fault == HttpFault::MalformedBody || r.fault == HttpFault::CutBody);
        else
            QCOMPARE(int(r.fault), fault);
        if (Action(how) == Action::Cut)
            QCOMPARE(r.networkError, u"the connection closed after %1 of %2 bytes of the answer"_s
                                         .arg(m_answer.size() / 2)
                                         .arg(m_answer.size()));
        QCOMPARE(AirsError::fromResponse(r, u"scan"_s).kind, AirsError::Kind::Network);
        QVERIFY(AirsError::fromResponse(r, u"scan"_s).leavesOutcomeOpen());
    }

    void cutBodyIsRetriedToTheWholeAnswer_data() { qtReportsACutBody_data(); }
    void cutBodyIsRetriedToTheWholeAnswer()
    {
        QFETCH(int, how);
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::cut(200, m_answer, Action(how)), Step::json(200, m_answer)});
        HttpCall call(&m_nam, spec(server));
        const HttpResponse r = run(call);
        QVERIFY(r.isSuccess());
        QCOMPARE(r.body, m_answer);
        QCOMPARE(server.requests().size(), 2);
        // Ours is the second attempt, unless Qt's own reconnect (see qtReportsACutBody) sent it
        // first and got the whole answer: then HttpCall saw one attempt, and no more were sent.
        QVERIFY2(r.attempts == 2 || r.attempts == 1, qPrintable(QString::number(r.attempts)));
    }

    void truncatedJsonIsMalformedAndRetried()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::cut(200, m_answer, Action::Truncated), Step::json(200, m_answer)});
        HttpCall call(&m_nam, spec(server));
        const HttpResponse r = run(call);
        QVERIFY(r.isSuccess());
        QCOMPARE(r.body, m_answer);
        QCOMPARE(r.attempts, 2);

        server.setScript({Step::cut(200, m_answer, Action::Truncated)});
        HttpCall once(&m_nam, spec(server, RetryPolicy::none()));
        const HttpResponse bad = run(once);
        QCOMPARE(bad.outcome, HttpOutcome::NetworkError);
        QCOMPARE(bad.fault, HttpFault::MalformedBody);
        QCOMPARE(bad.networkError,
                 u"the answer was not complete JSON (%1 bytes)"_s.arg(m_answer.size() / 2));
    }

    void bareJsonValueIsComplete()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::json(200, "\"topic T1 deleted\""), Step::json(200, "\"cut")});
        HttpCall whole(&m_nam, spec(server, RetryPolicy::none()));
        QVERIFY(run(whole).isSuccess());
        HttpCall cut(&m_nam, spec(server, RetryPolicy::none()));
        QCOMPARE(run(cut).fault, HttpFault::MalformedBody);
    }

    void nonJsonAnswerIsAcceptedWhenJsonIsNotExpected()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::cut(200, m_answer, Action::Truncated)});
        HttpRequestSpec s = spec(server, RetryPolicy::none());
        s.expectJson = false;
        HttpCall call(&m_nam, s);
        const HttpResponse r = run(call);
        QVERIFY(r.isSuccess());
        QCOMPARE(r.body, m_answer.left(m_answer.size() / 2));
    }

    void createIsNotResentOnACutOrMalformedAnswer_data()
    {
        QTest::addColumn<int>("how");
        QTest::newRow("cut") << int(Action::Cut);
        QTest::newRow("cut chunked") << int(Action::CutChunked);
        QTest::newRow("truncated") << int(Action::Truncated);
        QTest::newRow("hang") << int(Action::Hang);
    }
    void createIsNotResentOnACutOrMalformedAnswer()
    {
        QFETCH(int, how);
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::cut(200, m_answer, Action(how)), Step::json(200, m_answer)});
        HttpRequestSpec s = spec(server, fastRetry().withoutResending());
        s.timeoutMs = 300;
        HttpCall call(&m_nam, s);
        const HttpResponse r = run(call);
        QVERIFY(!r.isSuccess());
        QCOMPARE(r.attempts, 1);
        QCOMPARE(server.requests().size(), 1);
        // The create-by-name lookup decides: the outcome is open.
        QVERIFY(AirsError::fromResponse(r, u"create topic"_s).leavesOutcomeOpen());
    }

    void oversizedAnswerIsAbortedAndNotRetried_data()
    {
        QTest::addColumn<bool>("chunked");
        QTest::newRow("by content-length") << false;
        QTest::newRow("by bytes received") << true;
    }
    void oversizedAnswerIsAbortedAndNotRetried()
    {
        QFETCH(bool, chunked);
        ScriptedHttpServer server;
        QVERIFY(server.start());
        // A chunked answer cut after half: 32 KiB arrive, more than the 16 KiB allowed.
        const QByteArray big = "[\"" + QByteArray(64 * 1024, 'x') + "\"]";
        server.setScript(
            {chunked ? Step::cut(200, big, Action::CutChunked) : Step::json(200, big)});
        HttpRequestSpec s = spec(server);
        s.maxResponseBytes = 16 * 1024;
        HttpCall call(&m_nam, s);
        const HttpResponse r = run(call);
        QCOMPARE(r.outcome, HttpOutcome::NetworkError);
        QCOMPARE(r.fault, HttpFault::TooLarge);
        QCOMPARE(r.networkError, u"the answer is larger than 16 KiB"_s);
        QCOMPARE(r.attempts, 1);
        QCOMPARE(server.requests().size(), 1);
    }

    void defaultLimitIs32MiB()
    {
        QCOMPARE(HttpRequestSpec{}.maxResponseBytes, 32LL * 1024 * 1024);
        QCOMPARE(BoundedRead::sizeText(32LL * 1024 * 1024), u"32 MiB"_s);
    }

    void hangTimesOutThenRetrySucceeds()
    {
        ScriptedHttpServer server;
        QVERIFY(server.start());
        server.setScript({Step::hang(), Step::json(200, m_answer)});
        HttpRequestSpec s = spec(server);
        s.timeoutMs = 200;
        HttpCall call(&m_nam, s);
        const HttpResponse r = run(call);
        QVERIFY(r.isSuccess());
        QCOMPARE(r.body, m_answer);
        QCOMPARE(server.requests().size(), 2);
        // Ours is the second attempt, unless Qt's own reconnect (see qtReportsACutBody) sent it
        // first and got the whole answer: then HttpCall saw one attempt, and no more were sent.
        QVERIFY2(r.attempts == 2 || r.attempts == 1, qPrintable(QString::number(r.attempts)));
    }
};

QTEST_GUILESS_MAIN(TestHttpFaults)
#include "tst_httpfaults.moc"
