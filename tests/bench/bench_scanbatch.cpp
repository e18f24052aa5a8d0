#include "airs/managementclient.h"
#include "airs/scanbatch.h"
#include "emulatorthread.h"
#include "../airs/airstesthelpers.h"

#include "testmain.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>

#include <cmath>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace {
constexpr double kTargetRatio = 1.03;
}

// Scan-phase wall time against the ideal ceil(N/C)·latency (issue 20 target: ratio <= 1.03).
// The AIRS emulator serves from a thread of its own, as in the app's sandbox (a real tenant
// does its share on another machine); this thread is the client's, as a run's thread is.
// What a round costs beyond the latency is the client's own work for C answers plus thread
// wake-ups: QNetworkAccessManager runs HTTP in a thread of its own, and every request crosses
// it about five times (start, the upload-data round trip, the answer's meta data, data and
// end), each paying the machine's wake-up latency when the threads were idle during the
// emulated latency.
class BenchScanBatch : public QObject
{
    Q_OBJECT
private slots:
    void scanPhase_data()
    {
        QTest::addColumn<int>("concurrency");
        QTest::addColumn<int>("latencyMs");
        QTest::newRow("C=5") << 5 << 40;
        QTest::newRow("C=20") << 20 << 40;
        // The scan latency issue 20's run assumes (300 ms): the same per-round overhead is a
        // smaller share of a longer round.
        QTest::newRow("C=5, 300 ms") << 5 << 300;
        QTest::newRow("C=5, no latency (overhead)") << 5 << 0;
    }
    void scanPhase()
    {
        QFETCH(int, concurrency);
        QFETCH(int, latencyMs);
        constexpr int N = 500;
        const int LatencyMs = latencyMs;
        EmulatorThread e(Latencies{0, 0, LatencyMs});
        QVERIFY(e.ok());
        QNetworkAccessManager nam;
        ManagementClient m(&nam, e.airsSettings());
        const auto t = await<AirsTopic>([&](QObject *c, auto d) {
            m.createTopic(u"Weapons"_s, u"Buying guns"_s, {u"buy a gun"_s, u"get a rifle"_s}, c, d);
        });
        QVERIFY(t.ok());
        QVERIFY(await<AirsProfile>([&](QObject *c, auto d) {
                    m.assignTopics(u"lab"_s, {{t.value.id, t.value.name, u"block"_s}}, u"allow"_s, c, d);
                }).ok());

        QStringList prompts;
        for (int i = 0; i < N; ++i)
            prompts.append(u"prompt number %1 about buying a gun"_s.arg(i));
        ScanBatch batch(e.airsSettings(), {u"lab"_s, u"bench"_s, Intent::Block, concurrency, 0});
        QSignalSpy done(&batch, &ScanBatch::finished);
        QSignalSpy failed(&batch, &ScanBatch::failed);
        QElapsedTimer clock;
        clock.start();
        batch.start(prompts);
        // QSignalSpy::wait() runs a real event loop; QTest::qWaitFor() would sleep in 10 ms
        // slices between the answers.
        QVERIFY(done.wait(120000));
        const qint64 wall = clock.elapsed();
        QVERIFY(failed.isEmpty());
        if (LatencyMs == 0) {
            std::printf("BENCH scan-phase N=%d C=%d no latency: wall %lld ms, %.2f ms per scan of "
                        "client + emulator overhead\n",
                        N, concurrency, static_cast<long long>(wall), double(wall) / N);
            std::fflush(stdout);
            return;
        }
        const double ideal = std::ceil(double(N) / concurrency) * LatencyMs;
        const double ratio = wall / ideal;
        const double perRound = (wall - ideal) / std::ceil(double(N) / concurrency);
        std::printf("BENCH scan-phase N=%d C=%d latency=%dms: wall %lld ms, ideal %.0f ms, ratio %.3f "
                    "(target <= %.2f: %s), %.2f ms per round beyond the latency, peak in flight "
                    "%d\n",
                    N, concurrency, LatencyMs, static_cast<long long>(wall), ideal, ratio,
                    kTargetRatio, ratio <= kTargetRatio ? "met" : "NOT met", perRound,
                    e.peakInflightScans());
        std::fflush(stdout);
    }
};

QTEST_GUILESS_MAIN(BenchScanBatch)
#include "bench_scanbatch.moc"
