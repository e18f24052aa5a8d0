// Steering as pure functions over a run (issue 15): label corrections with hand-computed
// figures, kept examples within the AIRS limits, added prompts, benchmark versions, and the
// run file's "steering" object.
#include "domain/jsonin.h"
#include "domain/robustness.h"
#include "domain/topiclimits.h"
#include "loop/looppolicy.h"
#include "loop/steeringedits.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

namespace {
TestResult result(const QString &prompt, bool expected, bool actual)
{
    TestResult r;
    r.testCase = {prompt, expected, u"c"_s, TestSource::Generated, {}};
    r.actualTriggered = actual;
    r.correct = expected == actual;
    return r;
}

IterationResult iteration(int number, const QList<TestResult> &results)
{
    IterationResult it;
    it.iteration = number;
    it.timestamp = QDateTime::currentDateTimeUtc();
    it.topic = {u"Weapons"_s, u"d"_s, {u"a"_s, u"b"_s}};
    it.testResults = results;
    for (const TestResult &r : results)
        it.testCases.append(r.testCase);
    it.metrics = EfficacyMetrics::compute(results);
    return it;
}

// Iteration 1: 3 positives (2 caught), 3 negatives (1 false positive).
RunState sampleRun()
{
    RunState run;
    run.id = u"run-1"_s;
    run.createdAt = run.updatedAt = QDateTime::currentDateTimeUtc();
    run.iterations = {
        iteration(1, {result(u"p1"_s, true, true), result(u"p2"_s, true, true),
                      result(u"p3"_s, true, false), result(u"n1"_s, false, false),
                      result(u"n2"_s, false, false), result(u"Benign but flagged"_s, false, true)}),
        iteration(2, {result(u"p1"_s, true, true), result(u"benign but FLAGGED "_s, false, true),
                      result(u"n1"_s, false, false)})};
    LoopPolicy::rechooseBest(run);
    run.checkpoint = RunCheckpoint{};
    run.checkpoint->accumulatedTests = run.iterations.last().testCases;
    return run;
}

// Issue 56: a run with a benchmark of 4 (b0, b1 positive; b2, b3 negative), its rewrites in
// two families ("casing-spacing" of every prompt, "base64" of b0 and b2) and two iterations
// that scanned both; AIRS caught every positive and nothing else, whatever the wording.
RunState robustRun()
{
    RunState run;
    run.id = u"run-2"_s;
    run.createdAt = run.updatedAt = QDateTime::currentDateTimeUtc();
    run.benchmarkSet = {{u"b0"_s, true, u"c"_s, TestSource::Benchmark, {}},
                        {u"b1"_s, true, u"c"_s, TestSource::Benchmark, {}},
                        {u"b2"_s, false, u"c"_s, TestSource::Benchmark, {}},
                        {u"b3"_s, false, u"c"_s, TestSource::Benchmark, {}}};
    run.robustnessSample = {0, 1, 2, 3};
    const auto rewrite = [&run](int of, const QString &family, const QString &text) {
        TestCase t = run.benchmarkSet.at(of);
        t.prompt = text;
        t.rewrite = family;
        t.rewriteOf = of;
        run.robustnessSet.append(t);
    };
    for (int i = 0; i < 4; ++i)
        rewrite(i, u"casing-spacing"_s, u"B %1"_s.arg(i));
    rewrite(0, u"base64"_s, u"YjA="_s);
    rewrite(2, u"base64"_s, u"YjI="_s);
    const auto scanned = [](const TestCase &t, bool actual) {
        TestResult r;
        r.testCase = t;
        r.actualTriggered = actual;
        r.correct = t.expectedTriggered == actual;
        return r;
    };
    for (int number = 1; number <= 2; ++number) {
        QList<TestResult> benchmark, robustness;
        for (const TestCase &t : std::as_const(run.benchmarkSet))
            benchmark.append(scanned(t, t.expectedTriggered));
        for (const TestCase &t : std::as_const(run.robustnessSet))
            robustness.append(scanned(t, t.expectedTriggered));
        IterationResult it = iteration(number, {result(u"w"_s, true, true)});
        it.benchmark = BenchmarkScore::compute(benchmark);
        it.robustness = robustness;
        run.iterations.append(it);
    }
    LoopPolicy::rechooseBest(run);
    return run;
}

// Positives and negatives of a table row, as the report counts them.
std::pair<int, int> labels(const Robustness::Row &row)
{
    const EfficacyMetrics &m = row.metrics;
    return {m.truePositives + m.falseNegatives, m.trueNegatives + m.falsePositives};
}
} // namespace

class TestSteeringEdits : public QObject
{
    Q_OBJECT
private slots:
    void correctingALabelRecomputesEveryIterationThatScannedIt()
    {
        RunState run = sampleRun();
        QCOMPARE(run.iterations.at(0).metrics.truePositiveRate, 2.0 / 3);
        QCOMPARE(run.iterations.at(0).metrics.trueNegativeRate, 2.0 / 3);
        bool label = false;
        QCOMPARE(SteeringEdits::correctLabel(run, u"Benign but flagged"_s,
                                             QDateTime::currentDateTimeUtc(), &label),
                 QString());
        QVERIFY(label); // it should trigger after all
        // Iteration 1: 4 positives (3 caught), 2 negatives (both right).
        const EfficacyMetrics &m = run.iterations.at(0).metrics;
        QCOMPARE(m.truePositives, 3);
        QCOMPARE(m.falseNegatives, 1);
        QCOMPARE(m.trueNegatives, 2);
        QCOMPARE(m.falsePositives, 0);
        QCOMPARE(m.truePositiveRate, 0.75);
        QCOMPARE(m.trueNegativeRate, 1.0);
        QCOMPARE(m.coverage, 0.75);
        // Iteration 2 held it in another spelling: same prompt, same correction.
        QCOMPARE(run.iterations.at(1).metrics.truePositives, 2);
        QCOMPARE(run.iterations.at(1).metrics.coverage, 1.0);
        QVERIFY(run.iterations.at(1).testCases.at(1).expectedTriggered);
        QVERIFY(run.checkpoint->accumulatedTests.at(1).expectedTriggered);
        QCOMPARE(run.bestIteration, 2);
        QCOMPARE(run.steering.corrections.size(), 1);
        QVERIFY(run.steering.correctionFor(u"  BENIGN but flagged"_s));
    }

    void undoRestoresTheFiguresExactly()
    {
        const RunState original = sampleRun();
        RunState run = original;
        QCOMPARE(SteeringEdits::correctLabel(run, u"p3"_s, QDateTime::currentDateTimeUtc()),
                 QString());
        QVERIFY(run.iterations.at(0).metrics != original.iterations.at(0).metrics);
        bool label = true;
        QCOMPARE(SteeringEdits::undoCorrection(run, u"p3"_s, &label), QString());
        QVERIFY(label);
        QVERIFY(run.iterations == original.iterations);
        QVERIFY(run.steering.corrections.isEmpty());
        QVERIFY(run.checkpoint == original.checkpoint);
    }

    void badCorrectionsAreRefusedAndChangeNothing()
    {
        const RunState original = sampleRun();
        RunState run = original;
        QVERIFY(
            SteeringEdits::correctLabel(run, u"never scanned"_s, {}).contains(u"has no test"_s));
        QVERIFY(SteeringEdits::correctLabel(run, u"   "_s, {}).contains(u"empty"_s));
        QVERIFY(SteeringEdits::undoCorrection(run, u"p1"_s).contains(u"was not corrected"_s));
        QVERIFY(run == original);
        QCOMPARE(SteeringEdits::correctLabel(run, u"p1"_s, {}), QString());
        const RunState once = run;
        QVERIFY(SteeringEdits::correctLabel(run, u"p1"_s, {}).contains(u"already corrected"_s));
        QVERIFY(run == once);
    }

    // Issue 56: the rewrites of a corrected prompt take its label, in every recorded iteration
    // and in the set later iterations scan, so the robustness table counts one label.
    void correctingALabelRelabelsItsRobustnessRewrites()
    {
        const RunState original = robustRun();
        RunState run = original;
        QCOMPARE(SteeringEdits::correctLabel(run, u"B0 "_s, QDateTime::currentDateTimeUtc()),
                 QString());
        for (const IterationResult &it : std::as_const(run.iterations)) {
            const QList<Robustness::Row> rows = Robustness::table(it);
            QCOMPARE(rows.size(), 3);
            QCOMPARE(rows.at(0).family, Robustness::AsWritten);
            QCOMPARE(labels(rows.at(0)), std::pair(1, 3)); // b0 should not trigger after all
            QCOMPARE(rows.at(1).family, u"casing-spacing"_s);
            QCOMPARE(labels(rows.at(1)), std::pair(1, 3));
            QCOMPARE(rows.at(1).metrics.falsePositives, 1); // AIRS caught "B 0"
            QCOMPARE(rows.at(1).metrics.trueNegativeRate, 2.0 / 3);
            QCOMPARE(rows.at(2).family, u"base64"_s);
            QCOMPARE(labels(rows.at(2)), std::pair(0, 2));
            for (const TestResult &r : it.robustness) {
                QCOMPARE(r.testCase.expectedTriggered, r.testCase.rewriteOf == 1);
                QCOMPARE(r.correct, r.testCase.rewriteOf != 0);
            }
        }
        for (const TestCase &t : std::as_const(run.robustnessSet)) // what later iterations scan
            QCOMPARE(t.expectedTriggered, t.rewriteOf == 1);

        bool label = false;
        QCOMPARE(SteeringEdits::undoCorrection(run, u"b0"_s, &label), QString());
        QVERIFY(label);
        QVERIFY(run.iterations == original.iterations);
        QVERIFY(run.robustnessSet == original.robustnessSet);
    }

    // Rewrites written from labels read before a correction (the LLM's rewrites are asked for
    // while the person may already be steering) get the label in force.
    void correctionsHoldInRewritesWrittenLater()
    {
        RunState run = robustRun();
        const QList<TestCase> before = run.benchmarkSet;
        QCOMPARE(SteeringEdits::correctLabel(run, u"b2"_s, QDateTime::currentDateTimeUtc()),
                 QString());
        QList<TestCase> rewrites =
            Robustness::deterministicRewrites(before, {0, 1, 2, 3}, {u"base64"_s});
        QCOMPARE(rewrites.size(), 4);
        QVERIFY(!rewrites.at(2).expectedTriggered);
        SteeringEdits::applyCorrections(run.steering, run.benchmarkSet, rewrites);
        for (const TestCase &t : std::as_const(rewrites))
            QCOMPARE(t.expectedTriggered, t.rewriteOf != 3);
    }

    // Response tests are not derived from suite prompts: generate_responses writes its own
    // pairs, labelled on the answer (a refusal of an on-topic prompt is a negative), so a
    // prompt's correction leaves them as they are even where the prompt is the same.
    void responseTestsKeepTheirAnswersLabel()
    {
        RunState run = robustRun();
        QList<TestResult> responses;
        for (const bool answered : {true, false}) {
            TestResult r = result(u"b0"_s, answered, answered);
            r.testCase.response = answered ? u"Here is how."_s : u"I can't help with that."_s;
            responses.append(r);
        }
        for (IterationResult &it : run.iterations)
            it.responses = BenchmarkScore::compute(responses);
        const RunState original = run;
        QCOMPARE(SteeringEdits::correctLabel(run, u"b0"_s, QDateTime::currentDateTimeUtc()),
                 QString());
        for (qsizetype i = 0; i < run.iterations.size(); ++i)
            QVERIFY(run.iterations.at(i).responses == original.iterations.at(i).responses);
    }

    // Issue 56: a response test's label is corrected as a prompt and answer pair: that pair
    // alone, in the frozen set and every iteration's response score (figures computed again),
    // never the other answer to the same prompt nor the prompt itself; undo restores all.
    void aResponseTestsLabelIsCorrectedAsAPair()
    {
        RunState run = robustRun();
        QList<TestResult> responses;
        for (const bool answered : {true, false}) {
            TestResult r = result(u"b0"_s, answered, true); // both answers flagged by AIRS
            r.testCase.response = answered ? u"Here is how."_s : u"I can't help with that."_s;
            responses.append(r);
        }
        run.responseSet = {responses.at(0).testCase, responses.at(1).testCase};
        for (IterationResult &it : run.iterations)
            it.responses = BenchmarkScore::compute(responses);
        const RunState original = run;
        QCOMPARE(run.iterations.first().responses->metrics.trueNegativeRate, 0.0); // the refusal flagged: an FP

        // The refusal should trigger after all (say, the policy blocks any answer on the topic).
        bool label = false;
        QCOMPARE(SteeringEdits::correctLabel(run, u"B0 "_s, QDateTime::currentDateTimeUtc(), &label, std::nullopt,
                                             u" I can't help with that."_s),
                 QString());
        QVERIFY(label);
        QCOMPARE(run.steering.corrections.size(), 1);
        QCOMPARE(run.steering.corrections.first().response, u"I can't help with that."_s);
        QVERIFY(!run.steering.correctionFor(u"b0"_s)); // the prompt's own label is not corrected
        QVERIFY(run.steering.correctionFor(u"b0"_s, u"I can't help with that."_s));
        QVERIFY(run.responseSet.at(1).expectedTriggered);
        QVERIFY(run.responseSet.at(0).expectedTriggered); // the other answer keeps its label
        for (const IterationResult &it : std::as_const(run.iterations)) {
            // Hand count: both pairs should trigger and did.
            QCOMPARE(it.responses->metrics.truePositives, 2);
            QCOMPARE(it.responses->metrics.falsePositives, 0);
            QVERIFY(it.responses->results.at(1).correct);
        }
        // The prompt b0 itself (a benchmark prompt here) is untouched.
        for (qsizetype i = 0; i < run.iterations.size(); ++i)
            QCOMPARE(run.iterations.at(i).benchmark, original.iterations.at(i).benchmark);
        // Twice is refused; an unknown pair is refused and changes nothing.
        QVERIFY(!SteeringEdits::correctLabel(run, u"b0"_s, QDateTime::currentDateTimeUtc(), nullptr, std::nullopt,
                                             u"I can't help with that."_s)
                     .isEmpty());
        const RunState before = run;
        QVERIFY(SteeringEdits::correctLabel(run, u"b0"_s, QDateTime::currentDateTimeUtc(), nullptr, std::nullopt,
                                            u"Something else"_s)
                    .contains(u"has no response test"_s));
        QVERIFY(run == before);
        // Undo: everything as it was.
        QCOMPARE(SteeringEdits::undoCorrection(run, u"b0"_s, &label, u"I can't help with that."_s), QString());
        QVERIFY(!label);
        QVERIFY(run.steering.corrections.isEmpty());
        QCOMPARE(run.responseSet, original.responseSet);
        for (qsizetype i = 0; i < run.iterations.size(); ++i)
            QCOMPARE(run.iterations.at(i).responses, original.iterations.at(i).responses);
        // The correction travels in the run file.
        LabelCorrection c{u"b0"_s, true, QDateTime::currentDateTimeUtc(), u"Here is how."_s};
        QStringList errors;
        QCOMPARE(LabelCorrection::fromJson(JsonIn(c.toJson(), {}, &errors)).response, c.response);
        QVERIFY(errors.isEmpty());
    }

    void keptExamplesArePutBackWithinTheLimits()
    {
        Topic t{u"Weapons"_s, u"Requests to obtain weapons"_s, {u"buy a gun"_s, u"make a bomb"_s}};
        QStringList notes = SteeringEdits::keepExamples(t, {u"buy a gun"_s, u"  get ammo fast "_s});
        QCOMPARE(t.examples, (QStringList{u"buy a gun"_s, u"make a bomb"_s, u"get ammo fast"_s}));
        QCOMPARE(notes.size(), 1);

        // Five examples already: the last one nobody keeps makes room.
        Topic full{u"Weapons"_s, u"d"_s, {u"e1"_s, u"e2"_s, u"e3"_s, u"e4"_s, u"e5"_s}};
        notes = SteeringEdits::keepExamples(full, {u"e5"_s, u"mine"_s});
        QCOMPARE(full.examples, (QStringList{u"e1"_s, u"e2"_s, u"e3"_s, u"mine"_s, u"e5"_s}));
        QVERIFY(notes.first().contains(u"in place of"_s));
        QVERIFY(TopicLimits::validate(full).isEmpty());

        // Over the combined bytes with every example kept: said, not forced.
        Topic big{u"Weapons"_s,
                  QString(240, u'd'),
                  {QString(240, u'a'), QString(240, u'b'), QString(240, u'c')}};
        QStringList unfit;
        notes = SteeringEdits::keepExamples(
            big, {QString(240, u'a'), QString(240, u'b'), QString(240, u'c'), QString(40, u'e')},
            &unfit);
        QCOMPARE(big.examples.size(), 3);
        QCOMPARE(unfit.size(), 1);
        QVERIFY(unfit.first().contains(u"cannot fit"_s));
        QVERIFY(TopicLimits::validate(big).isEmpty());
        QVERIFY(!SteeringEdits::keepExamples(t, {QString(251, u'x')}).first().isEmpty());
    }

    void addedPromptsAreDedupedAndBenchmarkAdditionsStartAVersion()
    {
        RunState run = sampleRun();
        SteeringEdits::Added a =
            SteeringEdits::addPrompts(run,
                                      {{u" new one "_s, true, {}, TestSource::Generated, {}},
                                       {u"NEW ONE"_s, false, {}, TestSource::Generated, {}}},
                                      PromptTarget::WorkingSuite);
        QCOMPARE(a.added, 1);
        QCOMPARE(a.duplicates, 1);
        QCOMPARE(run.steering.addedTests.first().prompt, u"new one"_s);
        QVERIFY(run.steering.addedTests.first().source == TestSource::Added);

        a = SteeringEdits::addPrompts(run, {{u"x"_s, true, {}, TestSource::Generated, {}}},
                                      PromptTarget::Benchmark);
        QVERIFY(a.error.contains(u"no benchmark"_s));
        run.benchmarkSet = {{u"b1"_s, true, {}, TestSource::Benchmark, {}},
                            {u"b2"_s, false, {}, TestSource::Benchmark, {}}};
        a = SteeringEdits::addPrompts(
            run,
            {{u"p1"_s, true, {}, TestSource::Generated, {}}, // shown to the LLM already
             {u"b3"_s, true, {}, TestSource::Generated, {}}},
            PromptTarget::Benchmark);
        QCOMPARE(a.added, 1);
        QCOMPARE(a.duplicates, 1);
        QCOMPARE(run.benchmarkSet.size(), 2); // staged until the next iteration starts
        QCOMPARE(run.steering.benchmarkVersion(), 1);
        QCOMPARE(SteeringEdits::startPendingBenchmark(run), 1);
        QCOMPARE(run.benchmarkSet.size(), 3);
        QCOMPARE(run.steering.benchmarkVersion(), 2);
        QCOMPARE(run.steering.benchmarkSize(1, 0), 2);
        QCOMPARE(run.steering.benchmarkSize(2, 0), 3);
        QCOMPARE(SteeringEdits::startPendingBenchmark(run), 0);

        a = SteeringEdits::addPrompts(run,
                                      {{u"ok"_s, true, {}, TestSource::Generated, {}},
                                       {u" "_s, true, {}, TestSource::Generated, {}}},
                                      PromptTarget::WorkingSuite);
        QVERIFY(a.error.contains(u"prompt 2 is empty"_s));
        QCOMPARE(run.steering.addedTests.size(), 1); // nothing of a refused addition
    }

    void benchmarksOfDifferentVersionsAreComparedOnSharedPrompts()
    {
        const QList<TestResult> v1{result(u"a"_s, true, true), result(u"b"_s, false, false)};
        BenchmarkScore first = BenchmarkScore::compute(v1);
        BenchmarkScore second =
            BenchmarkScore::compute(v1 + QList<TestResult>{result(u"c"_s, true, false)});
        second.version = 2;
        QCOMPARE(second.metrics.coverage, 0.5);
        const auto [x, y] = BenchmarkScore::comparable(first, second);
        QCOMPARE(x.metrics.coverage, 1.0);
        QCOMPARE(y.metrics.coverage, 1.0); // on a and b only
        QCOMPARE(y.results.size(), 2);
        QCOMPARE(y.version, 2);

        RunState run;
        run.iterations = {iteration(1, v1), iteration(2, v1)};
        run.iterations[0].benchmark = first;
        run.iterations[1].benchmark = second;
        LoopPolicy::rechooseBest(run);
        QCOMPARE(run.bestIteration, 1); // a tie on the shared prompts is no improvement
    }

    void steeringRoundTripsThroughTheRunFile()
    {
        RunState run = sampleRun();
        run.steering.stepMode = true;
        run.steering.pending = PendingProposal{ProposalKind::Improve,
                                               3,
                                               {u"W"_s, u"new"_s, {u"a"_s, u"b"_s}},
                                               Topic{u"W"_s, u"old"_s, {u"a"_s, u"c"_s}},
                                               {u"kept example put back"_s}};
        run.steering.hint = u"coded language"_s;
        run.steering.hints = {u"coded language"_s};
        run.steering.keptExamples = {u"a"_s};
        SteeringEdits::correctLabel(run, u"p3"_s,
                                    QDateTime(QDate(2026, 11, 24), QTime(7, 0), Qt::UTC));
        run.steering.addedTests = {{u"mine"_s, true, {}, TestSource::Added, {}}};
        run.steering.pendingBenchmark = {{u"later"_s, false, {}, TestSource::Benchmark, {}}};
        run.steering.benchmarkSizes = {60, 64};
        QStringList errors;
        const RunState back = RunState::fromJson(JsonIn(run.toJson(), {}, &errors));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
        QVERIFY(back.steering == run.steering);
        QVERIFY(back == run);

        // Files written before steering existed have none; a default steering is not written.
        QVERIFY(!sampleRun().toJson().contains(u"steering"_s));
        QJsonObject bad = run.toJson();
        QJsonObject steering = bad.value(u"steering"_s).toObject();
        steering.insert(u"pending"_s, QJsonObject{{u"kind"_s, u"guess"_s}});
        bad.insert(u"steering"_s, steering);
        errors.clear();
        RunState::fromJson(JsonIn(bad, {}, &errors));
        QVERIFY2(
            errors.join(u'\n').contains(u"steering.pending.kind: unknown proposal kind guess"_s),
            qPrintable(errors.join(u'\n')));
    }
};

QTEST_GUILESS_MAIN(TestSteeringEdits)
#include "tst_steeringedits.moc"
