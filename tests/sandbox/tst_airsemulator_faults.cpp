// AIRS emulator fault knobs and concurrency, observed over real loopback HTTP.
#include "httpprobe.h"

#include "sandbox/airsemulator.h"

#include "testmain.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QSet>
#include <QSignalSpy>
#include <QTcpSocket>

#include <memory>

using namespace Qt::StringLiterals;

namespace {
const QString kTopicsPath = u"/v1/mgmt/topics/tsg/1234567890"_s;

std::unique_ptr<AirsEmulator> startedEmulator()
{
    auto emu = std::make_unique<AirsEmulator>();
    if (emu->start() == 0 || emu->addProfile(u"p"_s).isEmpty())
        return nullptr;
    return emu;
}
} // namespace

class TestAirsEmulatorFaults final : public QObject
{
    Q_OBJECT

private slots:
    void latencyDelaysEveryAnswer()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        QCOMPARE(probe.scan(u"p"_s, u"warm up"_s).status, 200);
        AirsEmulator::Faults faults;
        faults.latencyMs = 150;
        emu->setFaults(faults);
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(probe.scan(u"p"_s, u"hello"_s).status, 200);
        QVERIFY2(clock.elapsed() >= 150, qPrintable(QString::number(clock.elapsed())));
        clock.restart();
        QCOMPARE(probe.mgmt("GET", kTopicsPath).status, 200); // token + list: two answers
        QVERIFY(clock.elapsed() >= 300);
    }

    void rateLimitNext()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        AirsEmulator::Faults faults;
        faults.rateLimitNext = 2;
        faults.retryAfterSeconds = 7;
        emu->setFaults(faults);
        for (int i = 0; i < 2; ++i) {
            const HttpResult r = probe.scan(u"p"_s, u"hello"_s);
            QCOMPARE(r.status, 429);
            QCOMPARE(r.header("retry-after"), "7");
            QCOMPARE(r.json()[u"retry_after"_s][u"interval"_s].toInt(), 7);
            QCOMPARE(r.json()[u"retry_after"_s][u"unit"_s].toString(), u"seconds");
        }
        QCOMPARE(emu->faults().rateLimitNext, 0);
        QCOMPARE(probe.scan(u"p"_s, u"hello"_s).status, 200);
        QCOMPARE(emu->scanCount(), 3);
    }

    void serverErrorsOnScansOnly()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        QVERIFY(!probe.token().isEmpty());
        AirsEmulator::Faults faults;
        faults.serverErrorRate = 1.0;
        faults.seed = 7;
        emu->setFaults(faults);
        const QSet<int> allowed{500, 502, 503, 504};
        QList<int> statuses;
        for (int i = 0; i < 6; ++i) {
            const HttpResult r = probe.scan(u"p"_s, u"hello"_s);
            QVERIFY2(allowed.contains(r.status), qPrintable(QString::number(r.status)));
            QVERIFY(!r.errorMessage().isEmpty());
            statuses.append(r.status);
        }
        QCOMPARE(probe.mgmt("GET", kTopicsPath).status, 200);

        // Reseeding with the same seed replays the same statuses.
        emu->setFaults(faults);
        for (int expected : std::as_const(statuses))
            QCOMPARE(probe.scan(u"p"_s, u"hello"_s).status, expected);
    }

    void malformedNext()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        AirsEmulator::Faults faults;
        faults.malformedNext = 1;
        emu->setFaults(faults);
        const HttpResult r = probe.scan(u"p"_s, u"hello"_s);
        QCOMPARE(r.status, 200);
        QJsonParseError error;
        QJsonDocument::fromJson(r.body, &error);
        QVERIFY(error.error != QJsonParseError::NoError);
        QVERIFY(r.body.startsWith("{\"report_id\""));
        QVERIFY(!probe.scan(u"p"_s, u"hello"_s).json().isEmpty());
    }

    void forbiddenNextHitsOAuthRoutesOnly()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        QVERIFY(!probe.token().isEmpty()); // the token route is not OAuth-protected
        AirsEmulator::Faults faults;
        faults.forbiddenNext = 1;
        emu->setFaults(faults);
        QCOMPARE(probe.scan(u"p"_s, u"hello"_s).status, 200); // scans are not affected
        QCOMPARE(emu->faults().forbiddenNext, 1);
        QCOMPARE(probe.mgmt("GET", kTopicsPath).status, 403);
        QCOMPARE(probe.mgmt("GET", kTopicsPath).status, 200);
    }

    void hangNextNeverAnswersAndIsReleased()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        AirsEmulator::Faults faults;
        faults.hangNext = 1;
        emu->setFaults(faults);
        QNetworkReply *hung = probe.startScan(u"p"_s, u"hello"_s);
        QTRY_COMPARE(emu->pendingResponses(), 1);
        // A later request on another connection is answered while the first one hangs.
        QCOMPARE(probe.scan(u"p"_s, u"hello"_s).status, 200);
        QVERIFY(!hung->isFinished());
        QCOMPARE(emu->pendingResponses(), 1);
        hung->abort(); // the client gives up: the emulator drops its held responder
        QTRY_COMPARE(emu->pendingResponses(), 0);
        delete hung;
    }

    void destroyingTheEmulatorReleasesHungRequests()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        AirsEmulator::Faults faults;
        faults.hangNext = 1;
        emu->setFaults(faults);
        std::unique_ptr<QNetworkReply> hung(probe.startScan(u"p"_s, u"hello"_s));
        QTRY_COMPARE(emu->pendingResponses(), 1);
        emu.reset();
        QTRY_VERIFY(hung->isFinished());
        QVERIFY(hung->error() != QNetworkReply::NoError);
    }

    void dropNextClosesTheConnection()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        AirsEmulator::Faults faults;
        faults.dropNext = 1;
        emu->setFaults(faults);

        // On the wire: the request is read, then the connection closes with no bytes sent.
        QTcpSocket raw;
        raw.connectToHost(QHostAddress::LocalHost, emu->port());
        QVERIFY(raw.waitForConnected(5000));
        const QByteArray body = HttpProbe::scanBody(u"p"_s, u"hello"_s);
        raw.write("POST /v1/scan/sync/request HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  "Content-Type: application/json\r\nx-pan-token: sandbox-api-key\r\n"
                  "Content-Length: " +
                  QByteArray::number(body.size()) + "\r\n\r\n" + body);
        QTRY_COMPARE(raw.state(), QAbstractSocket::UnconnectedState);
        QCOMPARE(raw.readAll(), QByteArray());
        QCOMPARE(emu->requests().size(), 1);
        QCOMPARE(emu->faults().dropNext, 0);
        QCOMPARE(emu->scanCount(), 0);

        // Through QNetworkAccessManager, which quietly resends a request whose connection
        // closed before any answer: with drops to spare the client sees the failure.
        HttpProbe probe(*emu);
        faults.dropNext = 5;
        emu->setFaults(faults);
        const HttpResult r = probe.scan(u"p"_s, u"hello"_s);
        QVERIFY(r.finished);
        QCOMPARE(r.status, 0);
        QCOMPARE(r.error, QNetworkReply::RemoteHostClosedError);
        const int attempts = int(emu->requests().size()) - 1;
        QVERIFY(attempts >= 1);
        QCOMPARE(emu->faults().dropNext, 5 - attempts);
        emu->setFaults({});
        QCOMPARE(probe.scan(u"p"_s, u"hello"_s).status, 200);
    }

    void maxInflightScans()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        AirsEmulator::Faults faults;
        faults.maxInflightScans = 2;
        faults.latencyMs = 500;
        emu->setFaults(faults);
        QList<QNetworkReply *> replies;
        for (int i = 0; i < 5; ++i)
            replies.append(probe.startScan(u"p"_s, u"prompt %1"_s.arg(i)));
        QTRY_VERIFY_WITH_TIMEOUT(std::all_of(replies.cbegin(), replies.cend(),
                                             [](QNetworkReply *r) { return r->isFinished(); }),
                                 10000);
        QMap<int, int> byStatus;
        for (QNetworkReply *r : std::as_const(replies)) {
            ++byStatus[r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt()];
            r->deleteLater();
        }
        QCOMPARE(byStatus.value(200), 2);
        QCOMPARE(byStatus.value(429), 3);
        QCOMPARE(emu->peakInflightScans(), 2);
        QCOMPARE(emu->inflightScans(), 0);
    }

    void servesConcurrentRequests()
    {
        auto emu = startedEmulator();
        QVERIFY(emu);
        HttpProbe probe(*emu);
        AirsEmulator::Faults faults;
        faults.latencyMs = 40;
        emu->setFaults(faults);
        QSignalSpy received(emu.get(), &AirsEmulator::requestReceived);
        QList<QNetworkReply *> replies;
        for (int i = 0; i < 30; ++i)
            replies.append(probe.startScan(u"p"_s, u"prompt %1"_s.arg(i)));
        QTRY_VERIFY_WITH_TIMEOUT(std::all_of(replies.cbegin(), replies.cend(),
                                             [](QNetworkReply *r) { return r->isFinished(); }),
                                 20000);
        for (QNetworkReply *r : std::as_const(replies)) {
            QCOMPARE(r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
            r->deleteLater();
        }
        QCOMPARE(received.count(), 30);
        QCOMPARE(emu->scanCount(), 30);
        QVERIFY2(emu->peakInflightScans() > 1,
                 qPrintable(QString::number(emu->peakInflightScans())));
        QCOMPARE(emu->inflightScans(), 0);
        QCOMPARE(emu->pendingResponses(), 0);
    }
};

QTEST_GUILESS_MAIN(TestAirsEmulatorFaults)
#include "tst_airsemulator_faults.moc"
