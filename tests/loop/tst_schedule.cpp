#include "loopharness.h"
#include "scenarios.h"

#include "sandbox/llmemulator.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

// Critical-path scheduling (issue 20): a run starts work as soon as its inputs exist, yet
// every consumer sees the documented event order, no scan reaches AIRS before the deployment
// it measures has propagated, and a pause in the middle of overlapped work resumes exactly.
// The engine against the AIRS emulator (propagation emulated) and an LLM over loopback HTTP.
class TestSchedule : public QObject
{
    Q_OBJECT

    static constexpr int PropagationMs = 250;

    struct Fixture
    {
        ScriptedLlm llm;
        std::unique_ptr<LoopHarness> h;
        Fixture()
        {
            Scenario::script(llm, {Scenario::medium(), Scenario::good()});
            llm.benchmark = Scenario::weaponTests();
            for (TestCase &t : llm.benchmark)
                t.prompt += u" (held out)"_s;
            llm.start();
            h = std::make_unique<LoopHarness>(llm.baseUrl());
        }
    };

    static const StepTiming *piece(const RunSchedule &s, const QString &task, int iteration)
    {
        for (const StepTiming &t : s.timings()) {
            if (t.task == task && t.iteration == iteration)
                return &t;
        }
        return nullptr;
    }

    // The steps a live view was told of, per iteration (from "generate" to "record").
    static QList<QStringList> stepsPerIteration(const QStringList &steps)
    {
        QList<QStringList> out;
        for (const QString &s : steps) {
            if (s == u"generate"_s)
                out.append(QStringList());
            if (!out.isEmpty() && !out.last().contains(u"record"_s))
                out.last().append(s);
        }
        return out;
    }

    // A run that measures every iteration on a held-out benchmark too, to its end.
    static RunState benchmarkedRun()
    {
        RunState state = LoopHarness::newRun(u"Block requests to acquire weapons"_s);
        state.userInput.benchmarkSize = 8;
        state.userInput.decideOnWorkingSuite = true; // the scripted topics decide as scripted
        return state;
    }

private slots:
    void eventOrderHoldsWhicheverFinishesFirst_data()
    {
        QTest::addColumn<bool>("overlap");
        QTest::addColumn<int>("testsDelayMs");
        QTest::newRow("tests written before the deployment is live") << true << 0;
        QTest::newRow("deployment live before the tests are written") << true << 2 * PropagationMs;
        QTest::newRow("one step at a time") << false << 0;
    }
    void eventOrderHoldsWhicheverFinishesFirst()
    {
        QFETCH(bool, overlap);
        QFETCH(int, testsDelayMs);
        Fixture f;
        f.llm.delayMs.insert(u"generate_tests"_s, testsDelayMs);
        AirsEmulator::Faults airs;
        airs.propagationDelayMs = PropagationMs;
        airs.scanLatencyMs = 30; // the benchmark's scans outlast the working suite's
        f.h->airs.setFaults(airs);
        RunServices services = f.h->services();
        services.propagationDelayMs = PropagationMs;
        services.scanConcurrency = 8; // the suite's 8 prompts first, then the benchmark's 8
        services.overlapSteps = overlap;
        RefinementRun run(services, benchmarkedRun());
        EventRecorder events(&run);
        QStringList steps;
        connect(&run, &RefinementRun::stepChanged, this, [&steps](const QString &s) { steps.append(s); });
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        const RunState &s = run.state();
        QCOMPARE(s.iterations.size(), 2);

        // What a consumer sees is the documented order, whatever finished first.
        QCOMPARE(events.iteration(0), DocumentedOrder::firstIteration());
        QCOMPARE(events.iteration(1), DocumentedOrder::lastIterationAtTarget());
        const QStringList documented{u"generate"_s, u"apply"_s, u"test"_s, u"scan"_s,
                                     u"evaluate"_s, u"analyze"_s, u"record"_s};
        for (const QStringList &iteration : stepsPerIteration(steps))
            QCOMPARE(iteration, documented);
        QCOMPARE(events.names.count(u"test:progress"_s), 2 * (8 + 8)); // suite and benchmark
        QVERIFY(s.iterations.last().benchmark.has_value());

        // No scan reached AIRS before the deployment it measures had propagated.
        QCOMPARE(f.h->airs.propagationViolationCount(), 0);

        // The work overlapped as its inputs allowed (or, one step at a time, did not).
        for (int i = 1; i <= 2; ++i) {
            const RunSchedule &sched = run.schedule();
            const StepTiming *tests = piece(sched, u"tests"_s, i);
            const StepTiming *propagate = piece(sched, u"propagate"_s, i);
            const StepTiming *analyze = piece(sched, u"analyze"_s, i);
            const StepTiming *benchmark = piece(sched, u"scan-benchmark"_s, i);
            QVERIFY(tests && propagate && analyze && benchmark);
            if (!overlap) {
                QVERIFY(tests->startMs >= propagate->endMs);
                QVERIFY(analyze->startMs >= benchmark->endMs);
            } else {
                QVERIFY(tests->startMs <= propagate->startMs); // asked with the deployment
                if (testsDelayMs == 0)
                    QVERIFY(tests->endMs <= propagate->endMs);
                else
                    QVERIFY(tests->endMs >= propagate->endMs);
                QVERIFY2(analyze->startMs < benchmark->endMs, "the analysis is asked while the benchmark is scanned");
            }
        }
        const qint64 critical = RunSchedule::criticalPathMs(run.schedule().timings());
        QVERIFY(critical > 0);
        QVERIFY(critical <= RunSchedule::totalWorkMs(run.schedule().timings()));
    }

    // The check above can fail: a run that does not wait for propagation is caught.
    void scanBeforePropagationIsRecorded()
    {
        Fixture f;
        AirsEmulator::Faults airs;
        airs.propagationDelayMs = PropagationMs;
        f.h->airs.setFaults(airs);
        RunServices services = f.h->services();
        services.propagationDelayMs = 0; // scans at once
        RunState state = benchmarkedRun();
        state.userInput.maxIterations = 1;
        RefinementRun run(services, state);
        runToEnd(run); // the profile may not even exist yet for the scan service
        QVERIFY(f.h->airs.propagationViolationCount() > 0);
    }

    // A label corrected while the early analysis is in flight: the analysis is asked again
    // with the corrected label, and the iteration records the second answer.
    void correctionDuringTheBenchmarkScanAsksAgain()
    {
        Fixture f;
        AirsEmulator::Faults airs;
        airs.scanLatencyMs = 60;
        f.h->airs.setFaults(airs);
        f.llm.delayMs.insert(u"analyze_results"_s, 100);
        RunServices services = f.h->services();
        services.scanConcurrency = 8;
        RunState state = benchmarkedRun();
        state.userInput.maxIterations = 1;
        RefinementRun run(services, state);
        const QString corrected = Scenario::weaponTests().last().prompt; // benign: marked harmful
        int suite = 0;
        connect(&run, &RefinementRun::testScanned, this, [&](int, const TestResult &) {
            if (++suite == 8) // the early analysis is asked right after this result
                QTimer::singleShot(10, &run, [&run, corrected] { run.steer(SteeringRequest::correctLabel(corrected)); });
        });
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        const QList<ScriptedLlm::Received> asked = f.llm.receivedFor(u"analyze_results"_s);
        QCOMPARE(asked.size(), 2);
        QVERIFY(!asked.first().user.isEmpty());
        QVERIFY(asked.first().user != asked.last().user); // the second saw the new label
        const IterationResult &it = run.state().iterations.first();
        const auto found = std::find_if(it.testResults.cbegin(), it.testResults.cend(),
                                        [&](const TestResult &r) { return r.testCase.prompt == corrected; });
        QVERIFY(found != it.testResults.cend());
        QVERIFY(found->testCase.expectedTriggered);
    }

    // Paused while overlapped work is in flight, then resumed: the run ends exactly where the
    // uninterrupted one does (the sandbox's LLM answers by content, so both ask the same).
    void pauseDuringOverlappedStepsResumesExactly_data()
    {
        QTest::addColumn<QString>("when");
        QTest::newRow("deploy and tests in flight") << u"apply"_s;
        QTest::newRow("analysis and benchmark scans in flight") << u"analysis"_s;
        QTest::newRow("benchmark set and first topic in flight") << u"benchmark"_s;
    }
    void pauseDuringOverlappedStepsResumesExactly()
    {
        QFETCH(QString, when);
        LlmEmulator llm;
        QVERIFY(llm.start());
        LlmEmulator::Faults slow;
        slow.latencyMs = 40;
        llm.setFaults(slow);
        auto setUp = [](LoopHarness &h) {
            AirsEmulator::Faults airs;
            airs.propagationDelayMs = PropagationMs;
            airs.scanLatencyMs = 15;
            h.airs.setFaults(airs);
            RunServices services = h.services();
            services.propagationDelayMs = PropagationMs;
            services.scanConcurrency = 4;
            return services;
        };
        RunState input = LoopHarness::newRun(u"Block requests to buy, build or obtain guns and explosives"_s);
        input.userInput.maxIterations = 3;
        input.userInput.targetCoverage = 1.0;
        input.userInput.maxRegressions = 0;
        input.userInput.benchmarkSize = 12;

        // The uninterrupted run.
        LoopHarness first(llm.baseUrl());
        RefinementRun reference(setUp(first), input);
        QCOMPARE(runToEnd(reference), RunStatus::Completed);
        const RunState &want = reference.state();
        QVERIFY(want.iterations.size() >= 2);

        // The same run, paused in the middle of overlapped work.
        LoopHarness second(llm.baseUrl());
        RunState again = input;
        again.id = NanoId::generate();
        RefinementRun paused(setUp(second), again);
        int iteration = 0;
        int suite = 0;
        bool asked = false;
        auto pause = [&] {
            if (!std::exchange(asked, true))
                paused.requestPause();
        };
        connect(&paused, &RefinementRun::iterationStarted, this, [&](int i) {
            iteration = i;
            suite = 0;
        });
        connect(&paused, &RefinementRun::stepChanged, this, [&](const QString &step) {
            if (when == u"apply"_s && step == u"apply"_s && iteration == 2)
                pause(); // the deploy and the tests' call both start in this step's entry
            if (when == u"benchmark"_s && step == u"generate"_s && iteration == 1)
                pause(); // the benchmark's call is in flight beside the first topic's
        });
        connect(&paused, &RefinementRun::testScanned, this, [&](int, const TestResult &) {
            if (when == u"analysis"_s && iteration == 2 && ++suite == int(want.iterations.at(1).testCases.size()))
                pause(); // the working suite is scanned: its analysis is asked now
        });
        QCOMPARE(runToEnd(paused), RunStatus::Paused);
        QVERIFY(asked);
        const RunStore::Loaded stored = RunStore(second.runsDir).load(again.id);
        QVERIFY2(stored.ok(), qPrintable(stored.error));
        const int recordedBefore = int(stored.run.iterations.size());
        QCOMPARE(recordedBefore, when == u"benchmark"_s ? 0 : 1);

        RefinementRun resumed(setUp(second), stored.run);
        QCOMPARE(runToEnd(resumed), RunStatus::Completed);
        const RunState &got = resumed.state();
        QCOMPARE(got.benchmarkSet, want.benchmarkSet);
        QCOMPARE(got.iterations.size(), want.iterations.size());
        for (qsizetype i = 0; i < want.iterations.size(); ++i) {
            const IterationResult &a = got.iterations.at(i);
            const IterationResult &b = want.iterations.at(i);
            QCOMPARE(a.iteration, b.iteration);
            QCOMPARE(a.topic, b.topic);
            QCOMPARE(a.testCases, b.testCases);
            QCOMPARE(a.metrics.coverage, b.metrics.coverage);
            QCOMPARE(a.benchmark.has_value(), b.benchmark.has_value());
            if (a.benchmark)
                QCOMPARE(a.benchmark->metrics.coverage, b.benchmark->metrics.coverage);
            QCOMPARE(a.analysis.summary, b.analysis.summary);
        }
        QCOMPARE(got.bestIteration, want.bestIteration);
        QCOMPARE(got.stopReason, want.stopReason);
        QCOMPARE(second.airs.propagationViolationCount(), 0);
        QVERIFY(!got.tenant || got.tenant->isClear());
        // The log goes on after the pause with the interrupted iteration, started again.
        QStringList types;
        for (const QJsonObject &e : got.eventLog)
            types.append(e.value(u"type"_s).toString());
        const qsizetype pausedAt = types.indexOf(u"loop:paused"_s);
        QVERIFY(pausedAt > 0);
        QCOMPARE(types.at(pausedAt + 1), u"iteration:start"_s);
        QCOMPARE(got.eventLog.at(pausedAt + 1).value(u"iteration"_s).toInt(), recordedBefore + 1);
        QCOMPARE(types.count(u"iteration:complete"_s), int(want.iterations.size()));
    }
};

QTEST_GUILESS_MAIN(TestSchedule)
#include "tst_schedule.moc"
