#include "airs/managementclient.h"
#include "airs/scanbatch.h"
#include "airstesthelpers.h"

#include "testmain.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>

using namespace Qt::StringLiterals;

// Batch scanning and every AIRS fault knob, against the emulator over loopback.
class TestScanBatch : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;

    struct Outcome
    {
        QList<ScanVerdict> verdicts;
        AirsError error;
        int progressSignals = 0;
        QList<int> completedSequence;
    };

    Outcome runBatch(const AirsSettings &s, const QStringList &input, int concurrency = 5, double rate = 0)
    {
        ScanBatch batch(s, {u"lab"_s, u"sess"_s, Intent::Block, concurrency, rate});
        Outcome out;
        bool done = false;
        QObject ctx;
        connect(&batch, &ScanBatch::scanned, &ctx, [&](int, const ScanVerdict &, int completed, int total) {
            ++out.progressSignals;
            out.completedSequence.append(completed);
            QCOMPARE(total, int(input.size()));
        });
        connect(&batch, &ScanBatch::finished, &ctx, [&](const QList<ScanVerdict> &v) { out.verdicts = v; done = true; });
        connect(&batch, &ScanBatch::failed, &ctx, [&](const AirsError &e) { out.error = e; done = true; });
        QEventLoop loop;
        connect(&batch, &ScanBatch::finished, &loop, &QEventLoop::quit);
        connect(&batch, &ScanBatch::failed, &loop, &QEventLoop::quit);
        QTimer::singleShot(60000, &loop, &QEventLoop::quit);
        batch.start(input);
        if (!done)
            loop.exec();
        if (!done)
            out.error = AirsError{AirsError::Kind::Timeout, 0, u"test wait timed out"_s, -1};
        return out;
    }

    static QList<bool> triggers(const QList<ScanVerdict> &v)
    {
        QList<bool> t;
        for (const ScanVerdict &x : v)
            t.append(x.triggered);
        return t;
    }

private slots:
    void resultsInInputOrderWithProgress()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        setUpLabProfile(m_nam, e);
        AirsEmulator::Faults f;
        f.latencyMs = 20;
        e.setFaults(f);
        const QStringList input = numberedPrompts(30);
        const Outcome o = runBatch(emulatorSettings(e), input, 8);
        QVERIFY2(!o.error.isError(), qPrintable(o.error.toString()));
        QCOMPARE(o.verdicts.size(), 30);
        QCOMPARE(o.progressSignals, 30);
        for (int i = 0; i < 30; ++i)
            QCOMPARE(o.completedSequence.at(i), i + 1);
        for (int i = 0; i < 30; ++i) {
            const bool weapon = i % 5 == 0 || i % 5 == 2;
            QCOMPARE(o.verdicts.at(i).triggered, weapon);
        }
        QVERIFY2(e.peakInflightScans() > 5, qPrintable(QString::number(e.peakInflightScans())));
        QVERIFY(e.peakInflightScans() <= 8);
    }

    void fiveHundredWithServerErrorsEqualFaultFree()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        setUpLabProfile(m_nam, e);
        const QStringList input = numberedPrompts(500);
        AirsSettings s = emulatorSettings(e);
        // Which request draws an error depends on the interleaving: with the default 5
        // retries, one prompt in 500 failed all six attempts in about 3 % of runs (0.2^6 ×
        // 500). Ten retries make that about 1 in 100 000.
        s.retry.maxRetries = 10;
        const Outcome clean = runBatch(s, input);
        QVERIFY(!clean.error.isError());
        AirsEmulator::Faults f;
        f.serverErrorRate = 0.2;
        f.seed = 7;
        e.setFaults(f);
        const int before = e.scanCount();
        const Outcome faulty = runBatch(s, input);
        QVERIFY2(!faulty.error.isError(), qPrintable(faulty.error.toString()));
        QCOMPARE(faulty.verdicts.size(), 500);
        QCOMPARE(triggers(faulty.verdicts), triggers(clean.verdicts));
        QVERIFY2(e.scanCount() - before > 550, "about 20% of scans should have been answered with 5xx and retried");
    }

    void rateLimitAndInflightCapAreRetried()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        setUpLabProfile(m_nam, e);
        AirsEmulator::Faults f;
        f.rateLimitNext = 2;
        f.retryAfterSeconds = 0;
        f.maxInflightScans = 3;
        f.latencyMs = 10;
        e.setFaults(f);
        AirsSettings s = emulatorSettings(e);
        s.retry.maxRetries = 12; // six callers share three slots: some wait several rounds
        const Outcome o = runBatch(s, numberedPrompts(20), 6);
        QVERIFY2(!o.error.isError(), qPrintable(o.error.toString()));
        QCOMPARE(o.verdicts.size(), 20);
    }

    void clientRateLimit()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        setUpLabProfile(m_nam, e);
        QElapsedTimer t;
        t.start();
        const Outcome o = runBatch(emulatorSettings(e), numberedPrompts(12), 10, 10.0);
        QVERIFY(!o.error.isError());
        // 12 calls at 10/s: the 11th and 12th must wait for the first second's window.
        QVERIFY2(t.elapsed() >= 900, qPrintable(QString::number(t.elapsed())));
    }

    void typedErrors_data()
    {
        QTest::addColumn<QString>("fault");
        QTest::addColumn<AirsError::Kind>("kind");
        // A 2xx that is not complete JSON is a failure below HTTP: retried, and open for a create.
        QTest::newRow("malformed") << u"malformed"_s << AirsError::Kind::Network;
        QTest::newRow("hang") << u"hang"_s << AirsError::Kind::Timeout;
        QTest::newRow("drop") << u"drop"_s << AirsError::Kind::Network;
        QTest::newRow("rate limited beyond the wait") << u"ratelimit"_s << AirsError::Kind::RateLimited;
        QTest::newRow("server") << u"server"_s << AirsError::Kind::Server;
    }
    void typedErrors()
    {
        QFETCH(QString, fault);
        QFETCH(AirsError::Kind, kind);
        AirsEmulator e;
        QVERIFY(e.start());
        setUpLabProfile(m_nam, e);
        AirsEmulator::Faults f;
        AirsSettings s = emulatorSettings(e);
        s.retry = RetryPolicy::none();
        s.timeoutMs = 300;
        if (fault == "malformed"_L1)
            f.malformedNext = 1;
        else if (fault == "hang"_L1)
            f.hangNext = 1;
        else if (fault == "drop"_L1)
            f.dropNext = 5; // Qt itself may resend once on a dropped connection
        else if (fault == "ratelimit"_L1) {
            f.rateLimitNext = 1;
            f.retryAfterSeconds = 120;
            s.retry = emulatorSettings(e).retry; // retries allowed, but not a two-minute wait
        } else if (fault == "server"_L1)
            f.serverErrorRate = 1.0;
        e.setFaults(f);
        const Outcome o = runBatch(s, numberedPrompts(1), 1);
        QCOMPARE(o.error.kind, kind);
        QVERIFY(o.error.message.startsWith(u"prompt 1 of 1: "_s));
        if (kind == AirsError::Kind::RateLimited)
            QCOMPARE(o.error.retryAfterMs, 120000);
    }

    void cancellationStopsAllTrafficWithin100ms()
    {
        AirsEmulator e;
        QVERIFY(e.start());
        setUpLabProfile(m_nam, e);
        AirsEmulator::Faults f;
        f.latencyMs = 5000;
        e.setFaults(f);
        ScanBatch batch(emulatorSettings(e), {u"lab"_s, u"sess"_s, Intent::Block, 10, 0});
        QSignalSpy failed(&batch, &ScanBatch::failed);
        QSignalSpy finished(&batch, &ScanBatch::finished);
        batch.start(numberedPrompts(200));
        QTRY_COMPARE(e.inflightScans(), 10);
        auto scanRequests = [&e] {
            int n = 0;
            for (const auto &r : e.requests())
                n += r.path.endsWith(u"/v1/scan/sync/request"_s) ? 1 : 0;
            return n;
        };
        const int requestsAtCancel = scanRequests();
        QCOMPARE(requestsAtCancel, 10);
        QElapsedTimer t;
        t.start();
        batch.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(e.pendingResponses() == 0, 100); // every connection closed
        const qint64 stoppedAfter = t.elapsed();
        QVERIFY2(stoppedAfter <= 100, qPrintable(QString::number(stoppedAfter)));
        QCOMPARE(failed.size(), 1);
        QCOMPARE(failed.first().first().value<AirsError>().kind, AirsError::Kind::Cancelled);
        QVERIFY(!batch.isRunning());
        // Nothing new is sent afterwards (a quiet period can only be observed by waiting).
        QTest::qWait(200);
        QCOMPARE(scanRequests(), requestsAtCancel);
        QCOMPARE(finished.size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestScanBatch)
#include "tst_scanbatch.moc"
