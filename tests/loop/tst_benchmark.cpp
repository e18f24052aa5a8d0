#include "sandboxloop.h"
#include "scenarios.h"

#include "loop/looppolicy.h"

#include "testmain.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

// The held-out benchmark (issue 14): a sandbox run against the AIRS emulator and the sandbox
// LLM over loopback HTTP, checked on the emulator's own request log.
class TestBenchmark : public QObject
{
    Q_OBJECT

    using Sandbox = SandboxLoop;

    static QStringList prompts(const QList<TestCase> &tests)
    {
        QStringList p;
        for (const TestCase &t : tests)
            p.append(t.prompt);
        return p;
    }

    static QStringList promptsOf(const QList<TestResult> &results)
    {
        QStringList p;
        for (const TestResult &r : results)
            p.append(r.testCase.prompt);
        return p;
    }

private slots:
    void everyIterationIsScoredOnTheSameHeldOutSet()
    {
        Sandbox s;
        RefinementRun run(s.h->services(), s.newRun(4, 40));
        QSignalSpy ready(&run, &RefinementRun::benchmarkReady);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        const RunState &r = run.state();
        QCOMPARE(ready.size(), 1);
        QCOMPARE(r.benchmarkSet.size(), 40);
        int positives = 0;
        for (const TestCase &t : r.benchmarkSet) {
            positives += t.expectedTriggered;
            QCOMPARE(t.source, TestSource::Benchmark);
        }
        QCOMPARE(positives, 20); // both labels, half each
        QCOMPARE(s.llm.requestsFor(u"generate_benchmark"_s).size(), 1);
        QCOMPARE(r.iterations.size(), 4);

        // The same prompts and labels, in the same order, in every iteration.
        for (const IterationResult &it : r.iterations) {
            QVERIFY(it.benchmark.has_value());
            QCOMPARE(it.benchmark->results.size(), r.benchmarkSet.size());
            for (qsizetype i = 0; i < r.benchmarkSet.size(); ++i) {
                QCOMPARE(it.benchmark->results.at(i).testCase.prompt, r.benchmarkSet.at(i).prompt);
                QCOMPARE(it.benchmark->results.at(i).testCase.expectedTriggered, r.benchmarkSet.at(i).expectedTriggered);
            }
            QCOMPARE(it.benchmark->metrics.total(), 40);
            // Held out: never in the working suite.
            for (const TestCase &t : it.testCases)
                QVERIFY2(!prompts(r.benchmarkSet).contains(t.prompt, Qt::CaseInsensitive), qPrintable(t.prompt));
        }

        // Never shown to the LLM that analyses, improves or simplifies the topic.
        int bodies = 0;
        for (const QString &call : {u"analyze_results"_s, u"improve_topic"_s, u"simplify_topic"_s}) {
            for (const LlmEmulator::RecordedRequest &req : s.llm.requestsFor(call)) {
                ++bodies;
                const QString body = QString::fromUtf8(req.body);
                for (const TestCase &t : r.benchmarkSet) {
                    const QString inJson = QString::fromUtf8(QJsonDocument(QJsonArray{t.prompt}).toJson(QJsonDocument::Compact)).mid(2).chopped(2);
                    QVERIFY2(!body.contains(inJson), qPrintable(call + u": "_s + t.prompt));
                }
            }
        }
        QVERIFY(bodies >= 6); // 4 analyses and at least 2 improvements were checked

        // The best iteration is the best on the benchmark.
        const IterationResult *best = r.iterationByNumber(r.bestIteration);
        QVERIFY(best);
        for (const IterationResult &it : r.iterations) {
            QVERIFY(it.benchmark->metrics.coverage <= best->benchmark->metrics.coverage);
            if (it.benchmark->metrics.coverage == best->benchmark->metrics.coverage)
                QVERIFY(it.iteration >= best->iteration); // the first of equals
        }
        QCOMPARE(r.bestCoverage, best->benchmark->metrics.coverage);

        // Frozen in the file, read back the same.
        const RunStore::Loaded saved = RunStore(s.h->runsDir).load(r.id);
        QVERIFY2(saved.ok(), qPrintable(saved.error));
        QCOMPARE(saved.run.benchmarkSet, r.benchmarkSet);
        QCOMPARE(saved.run.iterations.last().benchmark, r.iterations.last().benchmark);
    }

    void resumeKeepsTheSet()
    {
        Sandbox s;
        const RunState state = s.newRun(4, 30);
        RefinementRun first(s.h->services(), state);
        connect(&first, &RefinementRun::iterationComplete, this, [&first](const IterationResult &it) {
            if (it.iteration == 1)
                first.requestPause();
        });
        QCOMPARE(runToEnd(first), RunStatus::Paused);
        const RunStore::Loaded saved = RunStore(s.h->runsDir).load(state.id);
        QVERIFY(saved.ok());
        QCOMPARE(saved.run.benchmarkSet.size(), 30);
        RefinementRun resumed(s.h->services(), saved.run);
        QCOMPARE(runToEnd(resumed), RunStatus::Completed);
        QCOMPARE(s.llm.requestsFor(u"generate_benchmark"_s).size(), 1); // not written again
        QCOMPARE(resumed.state().benchmarkSet, saved.run.benchmarkSet);
        for (const IterationResult &it : resumed.state().iterations)
            QCOMPARE(promptsOf(it.benchmark->results), prompts(saved.run.benchmarkSet));
    }

    void aLabelledSetFromTheUserIsUsedAsItIs()
    {
        Sandbox s;
        RunState state = s.newRun(4, 0);
        state.userInput.benchmarkTests = Scenario::weaponTests();
        state.userInput.maxIterations = 2;
        RefinementRun run(s.h->services(), state);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        QCOMPARE(s.llm.requestsFor(u"generate_benchmark"_s).size(), 0);
        QCOMPARE(prompts(run.state().benchmarkSet), prompts(Scenario::weaponTests()));
        QCOMPARE(run.state().iterations.first().benchmark->metrics.total(), 8);
    }

    void repeatedScansFlagUnstablePrompts()
    {
        Sandbox s;
        RunState state = s.newRun(4, 20);
        state.userInput.scanRepeats = 3;
        state.userInput.maxIterations = 1;
        RefinementRun run(s.h->services(), state);
        QCOMPARE(runToEnd(run), RunStatus::Completed);
        const IterationResult &it = run.state().iterations.first();
        // The emulator answers the same prompt the same way: every prompt is stable, and each
        // was scanned three times.
        QVERIFY(it.benchmark->unstableIndexes.isEmpty());
        int scans = 0;
        for (const AirsEmulator::RecordedRequest &r : s.h->airs.requests())
            scans += r.path.endsWith(u"/v1/scan/sync/request"_s);
        QCOMPARE(scans, int(it.testCases.size()) + 3 * 20);
    }

    void policyRanksOnTheBenchmark()
    {
        RunState run;
        run.userInput.targetCoverage = 0.9;
        // The benchmark: 20 positives and 20 negatives; `right` of each class judged right.
        auto iteration = [](int n, double working, int right) {
            IterationResult it;
            it.iteration = n;
            it.metrics.coverage = working;
            QList<TestResult> results;
            for (int i = 0; i < 40; ++i) {
                TestResult r;
                r.testCase = TestCase{u"prompt %1"_s.arg(i), i < 20, u"c"_s, TestSource::Benchmark, {}};
                r.correct = i % 20 < right;
                r.actualTriggered = r.testCase.expectedTriggered == r.correct;
                results.append(r);
            }
            it.benchmark = BenchmarkScore::compute(results);
            return it;
        };
        // 10 → 19 of 20 in each class: 9 fixed, 0 broken per class (p = 2/512), a real gain.
        const IterationResult one = iteration(1, 0.95, 10), two = iteration(2, 0.60, 19);
        run.iterations = {one, two};
        QVERIFY(LoopPolicy::updateBest(run, one));
        QVERIFY(LoopPolicy::updateBest(run, two)); // worse on its own suite, better on the benchmark
        QCOMPARE(run.bestIteration, 2);
        QVERIFY(!LoopPolicy::targetReached(run, one)); // 95 % on its own suite is not the target
        run.userInput.decideOnWorkingSuite = true;     // as the original decided
        QVERIFY(LoopPolicy::targetReached(run, one));
    }
};

QTEST_GUILESS_MAIN(TestBenchmark)
#include "tst_benchmark.moc"
