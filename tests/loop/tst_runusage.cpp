#include "loopharness.h"

#include "models/session/storerunmemory.h"
#include "sandbox/llmemulator.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

// What a run used (issue 19, item 6): a real RefinementRun against the sandbox LLM emulator
// and the AIRS emulator over loopback HTTP. The run's totals are compared with what the
// emulators themselves answered: the usage they put in each reply, the requests they
// answered and the scans they served; the budget pauses the run and a resume with a higher
// one completes it without counting anything twice.
class TestRunUsage : public QObject
{
    Q_OBJECT

    // The calls the loop makes outside an iteration (the benchmark set before the first,
    // recovery's simplification between them, learning extraction at the finish).
    static bool outsideIterations(const QString &callName)
    {
        return callName == "generate_benchmark"_L1 || callName == "simplify_topic"_L1 ||
               callName == "extract_learnings"_L1;
    }

    struct Reported
    {
        qint64 input = 0, output = 0;
        int answered = 0;
        qint64 insideInput = 0, insideOutput = 0;
        int insideAnswered = 0;
    };
    static Reported reported(const LlmEmulator &llm)
    {
        Reported r;
        for (const LlmEmulator::RecordedRequest &q : llm.requests()) {
            if (q.status <= 0)
                continue;
            r.input += q.reportedInputTokens;
            r.output += q.reportedOutputTokens;
            ++r.answered;
            if (!outsideIterations(q.callName)) {
                r.insideInput += q.reportedInputTokens;
                r.insideOutput += q.reportedOutputTokens;
                ++r.insideAnswered;
            }
        }
        return r;
    }

    static RunUsage iterationsSum(const RunState &run)
    {
        RunUsage sum;
        for (const IterationResult &it : run.iterations)
            sum += it.usage;
        return sum;
    }

    static RunState newRun()
    {
        RunState run = LoopHarness::newRun(u"Block requests to buy weapons"_s);
        run.userInput.maxIterations = 3;
        run.userInput.targetCoverage = 1.0; // all three iterations
        run.userInput.benchmarkSize = 12;   // one call before iteration 1
        return run;
    }

    static QString memoryDir()
    {
        static int n = 0;
        const QString dir = TestHome::path() + u"/usage-memory-"_s + QString::number(++n);
        QDir().mkpath(dir);
        return dir;
    }

private slots:
    void totalsEqualWhatTheEmulatorsReported()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        LoopHarness h(llm.baseUrl());
        RunServices services = h.services();
        services.prices.insert(u"test"_s, {3.0, 15.0}); // the harness's model name
        RunMemorySettings memory;
        memory.directory = memoryDir();
        StoreRunMemory store(memory, h.llm.get(), u"openai-compatible/test"_s);
        services.memory = &store; // learning extraction: a call after the last iteration
        RefinementRun run(services, newRun());
        QSignalSpy usageSpy(&run, &RefinementRun::usageChanged);
        QCOMPARE(runToEnd(run), RunStatus::Completed);

        const RunState &state = run.state();
        const Reported r = reported(llm);
        QVERIFY(r.answered >=
                3 * 3 + 2); // per iteration: topic, tests, analysis; + benchmark, extraction
        QCOMPARE(state.usage.inputTokens, r.input);
        QCOMPARE(state.usage.outputTokens, r.output);
        QCOMPARE(state.usage.llmCalls, r.answered);
        QCOMPARE(state.usage.scans, h.airs.scanCount());
        QVERIFY(state.usage.scans > 0);
        QVERIFY(!llm.requestsFor(u"extract_learnings"_s).isEmpty());
        QVERIFY(!llm.requestsFor(u"generate_benchmark"_s).isEmpty());

        // The iterations hold everything but the work outside them; the first topic and the
        // companion are iteration 1's.
        QCOMPARE(state.iterations.size(), 3);
        const RunUsage inside = iterationsSum(state);
        QCOMPARE(inside.inputTokens, r.insideInput);
        QCOMPARE(inside.outputTokens, r.insideOutput);
        QCOMPARE(inside.llmCalls, r.insideAnswered);
        QCOMPARE(inside.scans, state.usage.scans); // every scan is in an iteration
        for (const IterationResult &it : state.iterations) {
            QVERIFY2(it.usage.llmCalls >= 3, qPrintable(QString::number(it.iteration)));
            QVERIFY(it.usage.scans > 0);
        }
        QVERIFY(state.iterations.first().usage.llmCalls >= 4); // topic, companion, tests, analysis

        // The estimated cost, from the price table, per call and summed.
        QVERIFY(state.usage.estimatedCost.has_value());
        const double expected = (double(r.input) * 3.0 + double(r.output) * 15.0) / 1e6;
        QVERIFY2(qAbs(*state.usage.estimatedCost - expected) < 1e-9,
                 qPrintable(u"%1 vs %2"_s.arg(*state.usage.estimatedCost).arg(expected)));
        QVERIFY(inside.estimatedCost && *inside.estimatedCost < *state.usage.estimatedCost);

        // The live figures end where the file does, and the file holds the same.
        QVERIFY(!usageSpy.isEmpty());
        QCOMPARE(usageSpy.last().at(0).value<RunUsage>(), state.usage);
        const RunStore::Loaded loaded = RunStore(h.runsDir).load(state.id);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        QCOMPARE(loaded.run.usage, state.usage);
        QCOMPARE(iterationsSum(loaded.run), inside);
        QVERIFY(!loaded.run.checkpoint || loaded.run.checkpoint->iterationUsage.isEmpty());
    }

    // llmCalls counts the answers the run read: an invalid answer asked for again counts (it was
    // answered and billed); a 503 retried inside the same HTTP exchange does not.
    void llmCallsCountAnswersRead()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        LlmEmulator::Faults faults;
        faults.httpErrorNext = 1;
        faults.httpErrorStatus = 503;
        faults.schemaInvalidNext = 1;
        llm.setFaults(faults);
        LoopHarness h(llm.baseUrl());
        RunState fresh = newRun();
        fresh.userInput.maxIterations = 1;
        RunServices services = h.services();
        // The faults hit the next requests: one call at a time makes them the benchmark's
        // (overlapped, the first topic's call is in flight beside it).
        services.overlapSteps = false;
        RefinementRun run(services, fresh);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        const QList<LlmEmulator::RecordedRequest> requests = llm.requests();
        QCOMPARE(requests.first().status, 503);
        const qsizetype answered200 = std::count_if(requests.cbegin(), requests.cend(),
                                                    [](const auto &r) { return r.status == 200; });
        QCOMPARE(requests.size(), answered200 + 1);
        QCOMPARE(run.state().usage.llmCalls, int(answered200));
        QCOMPARE(llm.requestsFor(u"generate_benchmark"_s).size(), 3); // 503, invalid, valid
        QCOMPARE(run.state().usage.inputTokens, reported(llm).input);
        QCOMPARE(run.state().usage.outputTokens, reported(llm).output);
    }

    // A process gone right after a checkpoint (the run object disappears without another save,
    // as with kill -9): the resume goes on from the file's usage and counts nothing twice.
    void killThenResumeCountsEveryCallOnce()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        LoopHarness h(llm.baseUrl());
        const RunState fresh = newRun();
        auto *doomed = new RefinementRun(h.services(), fresh);
        IterationResult first;
        QEventLoop loop;
        connect(doomed, &RefinementRun::iterationComplete, &loop, [&](const IterationResult &it) {
            first = it;
            doomed->deleteLater(); // before its next step runs: the last save was the record's
            loop.quit();
        });
        QTimer::singleShot(60000, &loop, &QEventLoop::quit);
        doomed->start();
        loop.exec();
        QCOMPARE(first.iteration, 1);
        QTRY_VERIFY(RunStore(h.runsDir).load(fresh.id).ok());
        const RunStore::Loaded killed = RunStore(h.runsDir).load(fresh.id);
        QCOMPARE(killed.run.status, RunStatus::Running); // it never got to say otherwise
        QCOMPARE(killed.run.usage.llmCalls, reported(llm).answered);
        QCOMPARE(killed.run.iterations.first().usage, first.usage);

        RefinementRun resumed(h.services(), killed.run);
        QCOMPARE(runToEnd(resumed), RunStatus::Completed);
        const RunState &done = resumed.state();
        QCOMPARE(done.iterations.first().usage, first.usage);
        const Reported r = reported(llm);
        QCOMPARE(done.usage.inputTokens, r.input);
        QCOMPARE(done.usage.outputTokens, r.output);
        QCOMPARE(done.usage.llmCalls, r.answered);
        QCOMPARE(done.usage.scans, h.airs.scanCount());
        QCOMPARE(iterationsSum(done).llmCalls, r.insideAnswered);
    }

    void unknownPriceLeavesTheCostAbsent()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        LoopHarness h(llm.baseUrl());
        RunServices services = h.services();
        services.prices.insert(u"another-model"_s, {1.0, 1.0});
        RunState fresh = newRun();
        fresh.userInput.maxIterations = 1;
        RefinementRun run(services, fresh);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QVERIFY(run.state().usage.llmCalls > 0);
        QVERIFY(!run.state().usage.estimatedCost.has_value()); // never invented
        QVERIFY(!run.state().iterations.first().usage.estimatedCost.has_value());
    }

    void tokenBudgetPausesAndAHigherOneCompletes()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        LoopHarness h(llm.baseUrl());
        // First the same run without a budget, to learn what it takes.
        qint64 whole = 0;
        qsizetype iterations = 0;
        RunState probe = newRun();
        probe.userInput.maxIterations = 8;
        probe.userInput.maxRegressions = 0;
        {
            RefinementRun run(h.services(), probe);
            QCOMPARE(runToEnd(run), RunStatus::Completed);
            whole = run.state().usage.totalTokens();
            iterations = run.state().iterations.size();
        }
        QVERIFY2(whole > 8192 + 1000, qPrintable(QString::number(whole)));
        llm.clearRequests();
        const int scansBefore = h.airs.scanCount();

        // One token short of what it takes (the emulators answer the same again): the run
        // pauses before its last call at the latest. The sandbox reports input tokens as the
        // estimate reckons them, and the last call (an analysis) writes less than the average.
        RunState fresh = probe;
        fresh.id = NanoId::generate();
        fresh.userInput.maxTokens = whole - 1;
        const QString id = fresh.id;
        RunUsage pausedAt;
        {
            RefinementRun run(h.services(), fresh);
            QCOMPARE(runToEnd(run), RunStatus::Paused);
            const RunState &s = run.state();
            QVERIFY2(s.stopReason.startsWith(
                         u"paused: the token budget would be exceeded by the next LLM call ("_s),
                     qPrintable(s.stopReason));
            QVERIFY2(s.stopReason.endsWith(u"resume with a higher --max-tokens"_s),
                     qPrintable(s.stopReason));
            QVERIFY(s.usage.totalTokens() <= *fresh.userInput.maxTokens);
            QVERIFY(s.iterations.size() < iterations);
            QVERIFY(s.usage.llmCalls > 0);
            pausedAt = s.usage;
            QCOMPARE(s.eventLog.last().value(u"type"_s).toString(), u"loop:paused"_s);
            QCOMPARE(s.eventLog.last().value(u"stopReason"_s).toString(), s.stopReason);
            QCOMPARE(s.eventLog.last().value(u"usage"_s).toObject(), s.usage.toJson());
        }
        RunStore::Loaded paused = RunStore(h.runsDir).load(id);
        QVERIFY2(paused.ok(), qPrintable(paused.error));
        QCOMPARE(paused.run.status, RunStatus::Paused);
        QCOMPARE(paused.run.usage, pausedAt);
        // What the emulator answered so far is exactly what the file says.
        QCOMPARE(paused.run.usage.inputTokens, reported(llm).input);
        QCOMPARE(paused.run.usage.llmCalls, reported(llm).answered);

        // Resumed with the same budget it pauses again, within it.
        {
            RefinementRun run(h.services(), paused.run);
            QCOMPARE(runToEnd(run), RunStatus::Paused);
            QVERIFY(run.state().usage.totalTokens() >= pausedAt.totalTokens());
            QVERIFY(run.state().usage.totalTokens() <= *fresh.userInput.maxTokens);
        }
        paused = RunStore(h.runsDir).load(id);
        paused.run.userInput.maxTokens = 10'000'000;
        RefinementRun run(h.services(), paused.run);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        const RunState &done = run.state();
        QCOMPARE(done.iterations.size(), iterations);
        QVERIFY(done.usage.totalTokens() > pausedAt.totalTokens()); // kept growing, not reset
        const Reported r = reported(llm);
        QCOMPARE(done.usage.inputTokens, r.input); // nothing counted twice across the resume
        QCOMPARE(done.usage.outputTokens, r.output);
        QCOMPARE(done.usage.llmCalls, r.answered);
        QCOMPARE(done.usage.scans, h.airs.scanCount() - scansBefore);
        const RunUsage inside = iterationsSum(done);
        QCOMPARE(inside.inputTokens, r.insideInput);
        QCOMPARE(inside.llmCalls, r.insideAnswered);
    }

    void costBudgetPauses()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        LoopHarness h(llm.baseUrl());
        RunServices services = h.services();
        services.prices.insert(u"test"_s,
                               {1000.0, 100.0}); // $0.001 an input token, $0.0001 an output token
        RunState fresh = newRun();
        fresh.userInput.maxCost =
            3.0; // the first call is estimated at about $1.2, the run costs about $6
        RefinementRun run(services, fresh);
        QCOMPARE(runToEnd(run), RunStatus::Paused);
        const RunState &s = run.state();
        QVERIFY2(s.stopReason.startsWith(
                     u"paused: the cost budget would be exceeded by the next LLM call ($"_s),
                 qPrintable(s.stopReason));
        QVERIFY(s.stopReason.endsWith(u"resume with a higher --max-cost"_s));
        QVERIFY(s.usage.estimatedCost && *s.usage.estimatedCost <= 3.0);
        QVERIFY(s.usage.llmCalls > 0);
        QVERIFY(s.iterations.size() < 3);
    }

    void costBudgetWithoutAPricePauses()
    {
        LlmEmulator llm;
        QVERIFY(llm.start());
        LoopHarness h(llm.baseUrl());
        RunState fresh = newRun();
        fresh.userInput.maxCost = 1.0;
        RefinementRun run(h.services(), fresh); // no price for "test"
        QCOMPARE(runToEnd(run), RunStatus::Paused);
        QVERIFY2(
            run.state().stopReason.contains(u"no price for model test in config.json llmPrices"_s),
            qPrintable(run.state().stopReason));
        QCOMPARE(run.state().usage.llmCalls, 0);
        QCOMPARE(llm.requests().size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestRunUsage)
#include "tst_runusage.moc"
