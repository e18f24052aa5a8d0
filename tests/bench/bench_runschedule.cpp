// Benchmark: a whole sandbox run's wall time against its critical path (the longest chain of
// dependent work, from the run's own recorded step timings) and against the same run with
// every step strictly after the one before (RunServices::overlapSteps = false).
//
// Issue 20's setting, time-scaled (DAYSTROM_BENCH_TIME_SCALE, default 0.1; the ratios do not
// depend on it): 10 iterations, LLM 8 s a call, AIRS propagation 10 s (the run waits for it and
// the emulator honours it), scans 300 ms each, 5 at a time, ~50 working-suite tests, with the
// app's default 60-prompt benchmark and without one. Targets: wall/critical <= 1.05,
// wall/sequential <= 0.80. The emulators serve from their own thread.
//
// The sandbox's model answers by content and converges within a few iterations; from then on
// it proposes the topic it already measured, a duplicate (one LLM call, nothing deployed or
// scanned), so a 10-iteration run holds both kinds: the figures print how many.
#include "airs/managementclient.h"
#include "airs/promptsetclient.h"
#include "domain/nanoid.h"
#include "llm/openaiprovider.h"
#include "loop/refinementrun.h"
#include "emulatorthread.h"
#include "testhome.h"

#include "testmain.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QThread>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

struct Outcome
{
    qint64 wallMs = 0;
    qint64 criticalMs = 0;
    qint64 workMs = 0;
    int iterations = 0; // started (a duplicate topic is neither deployed nor measured)
    int duplicates = 0;
    int scans = 0;
    int violations = 0;
    qint64 measuredMs = 0; // the deployed and measured iterations, from their generate to their record
    RunStatus status = RunStatus::Running;
};

Outcome runOnce(const Latencies &l, bool overlap, int benchmarkSize)
{
    EmulatorThread emulators(l);
    Outcome out;
    if (!emulators.ok())
        return out;
    QNetworkAccessManager nam;
    OpenAiProvider llm(&nam, emulators.llmEndpoint());
    ManagementClient management(&nam, emulators.airsSettings());
    PromptSetClient promptSets(&nam, emulators.airsSettings());
    RunServices services;
    services.llm = &llm;
    services.management = &management;
    services.promptSets = &promptSets;
    services.airs = emulators.airsSettings();
    services.runsDirectory = TestHome::path() + u"/runs-"_s + NanoId::generate();
    services.propagationDelayMs = l.propagationMs;
    services.scanConcurrency = 5;
    services.overlapSteps = overlap;

    RunState run;
    run.id = NanoId::generate();
    run.createdAt = run.updatedAt = QDateTime::currentDateTimeUtc();
    RunSettings &in = run.userInput;
    in.topicDescription = u"Block requests to buy, build or obtain guns and explosives"_s;
    in.intent = Intent::Block;
    in.profileName = u"lab"_s;
    in.maxIterations = 10;
    in.targetCoverage = 1.01; // never reached: all 10 iterations run
    in.maxRegressions = 0;
    in.accumulateTests = true; // 40 new tests an iteration, up to 50 with earlier failures
    in.maxAccumulatedTests = 50;
    in.benchmarkSize = benchmarkSize;

    RefinementRun engine(services, run);
    QObject::connect(&engine, &RefinementRun::iterationStarted, &engine, [&out] { ++out.iterations; });
    QObject::connect(&engine, &RefinementRun::topicDuplicate, &engine, [&out] { ++out.duplicates; });
    QEventLoop loop;
    QObject::connect(&engine, &RefinementRun::finished, &loop, [&](RunStatus s) {
        out.status = s;
        loop.quit();
    });
    QElapsedTimer wall;
    wall.start();
    engine.start();
    loop.exec();
    out.wallMs = wall.elapsed();
    out.criticalMs = RunSchedule::criticalPathMs(engine.schedule().timings());
    out.workMs = RunSchedule::totalWorkMs(engine.schedule().timings());
    for (const StepTiming &record : engine.schedule().timings()) {
        if (record.task != u"record"_s)
            continue;
        for (const StepTiming &generate : engine.schedule().timings()) {
            if (generate.task == u"generate"_s && generate.iteration == record.iteration)
                out.measuredMs += record.endMs - generate.startMs;
        }
    }
    out.scans = emulators.scans();
    out.violations = emulators.violations();
    return out;
}

} // namespace

class BenchRunSchedule : public QObject
{
    Q_OBJECT
private slots:
    void runSchedule_data()
    {
        QTest::addColumn<int>("benchmarkSize");
        // A run as the app starts it: the working suite and the default held-out benchmark.
        QTest::newRow("50 tests, 60-prompt benchmark") << RunSettings().benchmarkSize;
        QTest::newRow("50 tests, no benchmark") << 0;
    }
    void runSchedule()
    {
        QFETCH(int, benchmarkSize);
        const double scale = qEnvironmentVariableIsSet("DAYSTROM_BENCH_TIME_SCALE")
                                 ? qEnvironmentVariable("DAYSTROM_BENCH_TIME_SCALE").toDouble()
                                 : 0.1;
        QVERIFY2(scale > 0 && scale <= 1, "DAYSTROM_BENCH_TIME_SCALE must be in (0, 1]");
        const Latencies l{int(8000 * scale), int(10000 * scale), int(300 * scale)};

        const Outcome overlapped = runOnce(l, true, benchmarkSize);
        QCOMPARE(overlapped.status, RunStatus::Completed);
        const Outcome sequential = runOnce(l, false, benchmarkSize);
        QCOMPARE(sequential.status, RunStatus::Completed);
        // The same run both ways: the sandbox answers by content.
        QCOMPARE(overlapped.iterations, sequential.iterations);
        QCOMPARE(overlapped.violations, 0);
        QCOMPARE(sequential.violations, 0);

        const double r1 = double(overlapped.wallMs) / double(overlapped.criticalMs);
        const double r2 = double(overlapped.wallMs) / double(sequential.wallMs);
        std::printf("BENCH run schedule (%s): wall %.1f s, critical path %.1f s, sequential %.1f s, "
                    "wall/critical %.3f, wall/sequential %.3f\n",
                    QTest::currentDataTag(), overlapped.wallMs / 1000.0, overlapped.criticalMs / 1000.0,
                    sequential.wallMs / 1000.0, r1, r2);
        std::printf("BENCH   targets: wall/critical <= 1.05 %s, wall/sequential <= 0.80 %s; time scale %.2f "
                    "(LLM %d ms a call, propagation %d ms, scan %d ms, C = 5); %d iterations (%d duplicates), %d scans; "
                    "sequential run: critical path %.1f s, wall/critical %.3f; work summed %.1f s; "
                    "propagation violations %d; the measured iterations alone: %.1f s against %.1f s, "
                    "ratio %.3f\n",
                    r1 <= 1.05 ? "met" : "MISSED", r2 <= 0.80 ? "met" : "MISSED", scale, l.llmMs,
                    l.propagationMs, l.scanMs, overlapped.iterations, overlapped.duplicates, overlapped.scans,
                    sequential.criticalMs / 1000.0, double(sequential.wallMs) / sequential.criticalMs,
                    overlapped.workMs / 1000.0, overlapped.violations + sequential.violations,
                    overlapped.measuredMs / 1000.0, sequential.measuredMs / 1000.0,
                    double(overlapped.measuredMs) / double(sequential.measuredMs));
        std::fflush(stdout);
    }
};

QTEST_GUILESS_MAIN(BenchRunSchedule)
#include "bench_runschedule.moc"
