#include "domain/jsonin.h"
#include "loop/looppolicy.h"
#include "samplerun.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

static IterationResult withCoverage(int number, double coverage, const QString &desc = {})
{
    IterationResult it;
    it.iteration = number;
    it.metrics.coverage = coverage;
    it.topic = Topic{u"T"_s, desc.isEmpty() ? u"d%1"_s.arg(number) : desc, {u"a"_s, u"b"_s}};
    return it;
}

static RunState runWith(const QList<double> &coverages)
{
    RunState r;
    int n = 0;
    for (double c : coverages) {
        IterationResult it = withCoverage(++n, c);
        r.iterations.append(it);
        LoopPolicy::updateBest(r, it);
    }
    return r;
}

// An iteration scored on a 60-prompt benchmark: positives "p0".."p29", of which the first
// `rightPositives` were caught, and negatives "n0".."n29", of which the first `rightNegatives`
// passed; `unstable` are indexes into the 60 (positives first).
static IterationResult onBenchmark(int number, int rightPositives, int rightNegatives, const QList<int> &unstable = {})
{
    IterationResult it = withCoverage(number, 0);
    QList<TestResult> results;
    for (int i = 0; i < 60; ++i) {
        const bool positive = i < 30;
        const int k = positive ? i : i - 30;
        TestResult r;
        r.testCase = TestCase{(positive ? u"p%1"_s : u"n%1"_s).arg(k), positive, u"c"_s, TestSource::Benchmark, {}};
        r.correct = k < (positive ? rightPositives : rightNegatives);
        r.actualTriggered = positive == r.correct;
        results.append(r);
    }
    it.benchmark = BenchmarkScore::compute(results, unstable);
    return it;
}

static RunState benchmarkRun(const QList<IterationResult> &iterations, double target = 0.9)
{
    RunState r;
    r.userInput.targetCoverage = target;
    for (const IterationResult &it : iterations) {
        r.iterations.append(it);
        LoopPolicy::updateBest(r, it);
    }
    return r;
}

class TestLoopPolicy : public QObject
{
    Q_OBJECT
private slots:
    // Issue 39: on the benchmark, a higher figure alone is not progress. 26/30 → 28/30 in both
    // classes is 2 fixed, 0 broken per class (exact McNemar p = 0.5): within noise.
    void aGainWithinNoiseKeepsTheBest()
    {
        const RunState r = benchmarkRun({onBenchmark(1, 26, 26), onBenchmark(2, 28, 28)});
        QCOMPARE(r.bestIteration, 1);
        QCOMPARE(r.consecutiveRegressions, 0);
        // Not the best, so not the target, although 93.3 % ≥ 90 %.
        QCOMPARE(r.iterations.at(1).benchmark->metrics.coverage, 28.0 / 30);
        QVERIFY(!LoopPolicy::targetReached(r, r.iterations.at(1)));
    }

    // Positives 20 → 30 of 30 (10 fixed, 0 broken: p = 2/1024) while they limited coverage.
    void aRealGainIsTheNewBest()
    {
        const RunState r = benchmarkRun({onBenchmark(1, 20, 28), onBenchmark(2, 30, 28)});
        QCOMPARE(r.bestIteration, 2);
        QCOMPARE(r.bestCoverage, 28.0 / 30);
        QVERIFY(LoopPolicy::targetReached(r, r.iterations.at(1)));
        // Negatives, which did not limit coverage, gaining 10 do not make it better.
        const RunState other = benchmarkRun({onBenchmark(1, 20, 20), onBenchmark(2, 20, 30)});
        QCOMPARE(other.bestIteration, 1);
    }

    void aDropWithinNoiseIsNoRegression()
    {
        RunState r = benchmarkRun({onBenchmark(1, 28, 28), onBenchmark(2, 26, 26)});
        QCOMPARE(r.bestIteration, 1);
        QCOMPARE(r.consecutiveRegressions, 0);
        r = benchmarkRun({onBenchmark(1, 30, 30), onBenchmark(2, 20, 30)}); // 10 broken: real
        QCOMPARE(r.consecutiveRegressions, 1);
    }

    // Item 3: an iteration whose misses are unstable must not look better because they left
    // its figures. B caught 27 of 30 like A, but its 3 misses flipped between scans; alone it
    // scores 27/27; compared, those prompts leave A as well.
    void unstableInEitherIsOutOfBoth()
    {
        const IterationResult a = onBenchmark(1, 27, 30), b = onBenchmark(2, 27, 30, {27, 28, 29});
        QCOMPARE(b.benchmark->metrics.truePositiveRate, 1.0);
        RunState r;
        const auto [x, y] = LoopPolicy::comparableCoverage(r, a, b);
        QCOMPARE(x, 1.0);
        QCOMPARE(y, 1.0);
        QCOMPARE(LoopPolicy::judge(r, a, b), LoopPolicy::Change::Same);
        QCOMPARE(BenchmarkScore::comparable(*a.benchmark, *b.benchmark).first.unstableIndexes, (QList<int>{27, 28, 29}));
    }

    // The target counts an unstable prompt as an error: 26 caught, 2 of the misses unstable
    // is 26/28 = 92.9 % on its stable prompts, but 26/30 = 86.7 % for the target.
    void theTargetCountsUnstablePromptsAsErrors()
    {
        const RunState r = benchmarkRun({onBenchmark(1, 26, 30, {26, 27})});
        QCOMPARE(r.iterations.first().benchmark->metrics.coverage, 26.0 / 28);
        QCOMPARE(Decision(r.userInput).targetFigure(r.iterations.first()).coverage, 26.0 / 30);
        QVERIFY(!LoopPolicy::targetReached(r, r.iterations.first()));
        QVERIFY(LoopPolicy::targetReached(benchmarkRun({onBenchmark(1, 27, 30)}), onBenchmark(1, 27, 30)));
    }

    // A plateau on the benchmark is measured on the prompts stable in the whole window.
    void aPlateauOnTheStablePrompts()
    {
        RunState r = benchmarkRun({onBenchmark(1, 30, 30), onBenchmark(2, 24, 30), onBenchmark(3, 27, 30, {24, 25, 26, 27, 28, 29})});
        r.userInput.plateauWindow = 2;
        r.userInput.plateauBand = 0.05;
        // Alone: 24/30 = 0.80 and 24/24 = 1.0; on the 24 positives stable in both, 1.0 and 1.0.
        const LoopPolicy::Plateau p = LoopPolicy::checkPlateau(r);
        QCOMPARE(p.min, 1.0);
        QCOMPARE(p.max, 1.0);
        QVERIFY(p.reached);
    }

    void bestTracking_data()
    {
        QTest::addColumn<QList<double>>("coverages");
        QTest::addColumn<int>("best");
        QTest::addColumn<int>("regressions");
        QTest::newRow("first is best even at 0") << QList<double>{0.0} << 1 << 0;
        QTest::newRow("strictly better") << QList<double>{0.5, 0.6} << 2 << 0;
        QTest::newRow("tie is not a regression") << QList<double>{0.5, 0.5} << 1 << 0;
        QTest::newRow("worse counts") << QList<double>{0.5, 0.4, 0.3} << 1 << 2;
        QTest::newRow("recovery resets") << QList<double>{0.5, 0.4, 0.7} << 3 << 0;
        QTest::newRow("0 start then better") << QList<double>{0.0, 0.0, 0.2} << 3 << 0;
    }
    void bestTracking()
    {
        QFETCH(QList<double>, coverages);
        QFETCH(int, best);
        QFETCH(int, regressions);
        const RunState r = runWith(coverages);
        QCOMPARE(r.bestIteration, best);
        QCOMPARE(r.consecutiveRegressions, regressions);
        QCOMPARE(r.bestCoverage, coverages.at(best - 1));
    }

    void duplicates()
    {
        RunState r;
        r.iterations = {withCoverage(1, 0.1, u"same"_s), withCoverage(3, 0.2, u"other"_s), withCoverage(4, 0.3, u"same"_s)};
        QCOMPARE(LoopPolicy::duplicateOf(r, Topic{u"Different name"_s, u"same"_s, {u"a"_s, u"b"_s}}), 1);
        QCOMPARE(LoopPolicy::duplicateOf(r, Topic{u"T"_s, u"same"_s, {u"b"_s, u"a"_s}}), 0); // order matters
        QCOMPARE(LoopPolicy::duplicateOf(r, Topic{u"T"_s, u"same"_s, {u"a"_s}}), 0);
        QCOMPARE(LoopPolicy::duplicateOf(r, Topic{u"T"_s, u"new"_s, {u"a"_s, u"b"_s}}), 0);
    }

    void recoveryTiers()
    {
        RunState r = runWith({0.5, 0.4});
        QCOMPARE(LoopPolicy::chooseRecovery(r), LoopPolicy::Recovery::None); // one regression
        r = runWith({0.5, 0.4, 0.3});
        QCOMPARE(LoopPolicy::chooseRecovery(r), LoopPolicy::Recovery::Revert);
        r.hasRevertedToBest = true;
        QCOMPARE(LoopPolicy::chooseRecovery(r), LoopPolicy::Recovery::Simplify);
        r.hasTriedSimplification = true;
        QCOMPARE(LoopPolicy::chooseRecovery(r), LoopPolicy::Recovery::None);
        RunState none;
        none.consecutiveRegressions = 5;
        QCOMPARE(LoopPolicy::chooseRecovery(none), LoopPolicy::Recovery::None); // no best
    }

    void earlyStop()
    {
        RunState r;
        r.userInput.maxRegressions = 3;
        r.consecutiveRegressions = 2;
        QVERIFY(!LoopPolicy::shouldStopEarly(r));
        r.consecutiveRegressions = 3;
        QVERIFY(LoopPolicy::shouldStopEarly(r));
        r.userInput.maxRegressions = 0;
        QVERIFY(!LoopPolicy::shouldStopEarly(r));
    }

    void plateau_data()
    {
        QTest::addColumn<QList<double>>("coverages");
        QTest::addColumn<int>("window");
        QTest::addColumn<double>("band");
        QTest::addColumn<bool>("reached");
        QTest::newRow("off") << QList<double>{0.5, 0.5, 0.5} << 0 << 0.05 << false;
        QTest::newRow("too few iterations") << QList<double>{0.5, 0.5} << 2 << 0.05 << false;
        QTest::newRow("flat after the best") << QList<double>{0.6, 0.5, 0.52} << 2 << 0.05 << true;
        QTest::newRow("slowly improving (best in window)") << QList<double>{0.5, 0.51, 0.52} << 2 << 0.05 << false;
        QTest::newRow("wide swings") << QList<double>{0.6, 0.2, 0.5} << 2 << 0.05 << false;
    }
    void plateau()
    {
        QFETCH(QList<double>, coverages);
        QFETCH(int, window);
        QFETCH(double, band);
        QFETCH(bool, reached);
        RunState r = runWith(coverages);
        r.userInput.plateauWindow = window;
        r.userInput.plateauBand = band;
        QCOMPARE(LoopPolicy::checkPlateau(r).reached, reached);
    }

    // Issue 56: a topic broadened so that it catches every positive but lets 13 of 30
    // negatives through is not better than one that caught half of the positives and passed
    // every negative: its coverage is higher (56.7 % against 50.0 %), the class that limited
    // the old one gained beyond noise, but its own limiting class is not above 50 % beyond
    // noise. The rule before issue 56 called it better.
    void aTradeOffIsBetterOnlyWhenEveryClassIsAboveTheOldCoverage()
    {
        const RunState r = benchmarkRun({onBenchmark(1, 15, 30), onBenchmark(2, 30, 17)});
        QCOMPARE(LoopPolicy::judge(r, r.iterations.at(0), r.iterations.at(1)), LoopPolicy::Change::Same);
        QCOMPARE(r.bestIteration, 1);
        const Decision::Verdict v = Decision(r.userInput).judge(r.iterations.at(0), r.iterations.at(1));
        QVERIFY(v.paired);
        QVERIFY(v.paired->positivesCheck.beyondNoise);
        QVERIFY(!v.paired->negativesCheck.beyondNoise);
        QVERIFY2(v.paired->noiseReason().startsWith(u"iteration 2's negatives (56.7 %) are not above iteration 1's coverage (50.0 %)"_s),
                 qPrintable(v.paired->noiseReason()));
        // With both classes above the old coverage it is better: 30/30 and 27/30 against 50 %.
        const RunState better = benchmarkRun({onBenchmark(1, 15, 30), onBenchmark(2, 30, 27)});
        QCOMPARE(better.bestIteration, 2);
    }

    // The run file records the decision, and a gain within noise is explained with figures.
    void theRecordExplainsAGainWithinNoise()
    {
        RunState r = benchmarkRun({onBenchmark(1, 26, 26), onBenchmark(2, 28, 28)});
        const DecisionRecord d = Decision(r.userInput).record(r);
        QCOMPARE(d.bestIteration, 1);
        QVERIFY(!d.targetReached());
        QCOMPARE(d.noiseIteration, 2);
        QCOMPARE(d.noisePrompts, 60);
        QVERIFY2(d.noisePromptsNeeded > 60, qPrintable(QString::number(d.noisePromptsNeeded)));
        QVERIFY2(d.why.contains(u"iteration 2 measured 93.3% but is within noise of iteration 1 on 60 prompts; a benchmark of "
                                "about %1 prompts would tell them apart"_s.arg(d.noisePromptsNeeded)),
                 qPrintable(d.why));
        const QString stop = d.explainStop(u"reached the maximum of 2 iterations"_s);
        QCOMPARE(stop, u"reached the maximum of 2 iterations; "_s + d.noiseNote());
        QCOMPARE(d.explainStop(stop), stop); // once
        // Through the run file and back.
        r.decision = d;
        QCOMPARE(r.toJson().value(u"decision"_s).toObject(), d.toJson());
        QStringList errors;
        const DecisionRecord back = DecisionRecord::fromJson(JsonIn(d.toJson(), {}, &errors));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
        QCOMPARE(back, d);
        QCOMPARE(Decision::recordOf(r), d);
    }

    // Item 2 of issue 56: the exit code's rule counted the response side's measured figure
    // where the loop counts its unstable prompts as errors. Now both are Decision's.
    void theExitCodeAndTheLoopAgreeOnUnstableResponses()
    {
        RunState r;
        r.userInput.targetCoverage = 0.95;
        r.userInput.decideOnWorkingSuite = true;
        r.userInput.decideOnBothDirections = true;
        IterationResult it = withCoverage(1, 1.0);
        QList<TestResult> responses;
        for (int i = 0; i < 10; ++i) {
            TestResult t;
            t.testCase = TestCase{u"q%1"_s.arg(i), i < 5, u"c"_s, TestSource::Benchmark, {}};
            t.actualTriggered = i < 5;
            t.correct = true;
            responses.append(t);
        }
        it.responses = BenchmarkScore::compute(responses, {0}); // q0's verdict changed between scans
        QCOMPARE(it.responses->metrics.coverage, 1.0);
        r.iterations.append(it);
        LoopPolicy::updateBest(r, it);
        const Decision decision(r.userInput);
        QVERIFY(!decision.targetReached(r, it));
        QCOMPARE(decision.targetFigure(it).coverage, 0.8);
        QCOMPARE(decision.firstIterationAtTarget(r), 0);
        QVERIFY(r.decision && !r.decision->targetReached());
    }
};

QTEST_GUILESS_MAIN(TestLoopPolicy)
#include "tst_looppolicy.moc"
