#include "domain/pairedcomparison.h"

#include "testmain.h"

#include <QJsonObject>

using namespace Qt::StringLiterals;

// Paired outcomes of two iterations: what the counts cover, the p-value and the verdict.
class TestPairedComparison : public QObject
{
    Q_OBJECT

    // An iteration whose prompt "p<i>" (expected to trigger) was judged right when `right`
    // says so.
    static IterationResult iteration(int number, const QList<std::pair<QString, bool>> &outcomes)
    {
        IterationResult it;
        it.iteration = number;
        for (const auto &[prompt, right] : outcomes) {
            TestResult r;
            r.testCase = TestCase{prompt, true, u"direct"_s, TestSource::Generated, {}};
            r.actualTriggered = right;
            r.correct = right;
            it.testResults.append(r);
        }
        return it;
    }

private slots:
    // Issue 39: the split per class. B fixes 10 negatives and breaks 3 positives: pooled,
    // 10 fixed and 3 broken (p = 2 · 378/8192, within noise); per class, negatives 10/0
    // (p = 2/1024) and positives 0/3 (p = 2/8) — exact binomial, computed by hand.
    void thePerClassSplit()
    {
        IterationResult a, b;
        a.iteration = 1;
        b.iteration = 2;
        const auto add = [](IterationResult &it, const QString &prompt, bool positive, bool right) {
            TestResult r;
            r.testCase = TestCase{prompt, positive, u"direct"_s, TestSource::Generated, {}};
            r.actualTriggered = positive == right;
            r.correct = right;
            it.testResults.append(r);
        };
        for (int i = 0; i < 10; ++i) {
            add(a, u"negative %1"_s.arg(i), false, false);
            add(b, u"negative %1"_s.arg(i), false, true);
        }
        for (int i = 0; i < 3; ++i) {
            add(a, u"positive %1"_s.arg(i), true, true);
            add(b, u"positive %1"_s.arg(i), true, false);
        }
        add(a, u"steady"_s, true, true);
        add(b, u"steady"_s, true, true);
        const PairedComparison c = PairedComparison::of(a, b);
        QCOMPARE(c.fixed, 10);
        QCOMPARE(c.broken, 3);
        QVERIFY(std::abs(c.pValue - 756.0 / 8192) < 1e-12);
        QCOMPARE(c.negatives.fixed, 10);
        QCOMPARE(c.negatives.broken, 0);
        QVERIFY(std::abs(c.negatives.pValue - 2.0 / 1024) < 1e-12);
        QCOMPARE(c.positives.fixed, 0);
        QCOMPARE(c.positives.broken, 3);
        QVERIFY(std::abs(c.positives.pValue - 0.25) < 1e-12);
        const QJsonObject perClass = c.toJson().value(u"perClass"_s).toObject();
        QCOMPARE(perClass.value(u"negatives"_s).toObject().value(u"fixed"_s).toInt(), 10);
        QCOMPARE(perClass.value(u"positives"_s).toObject().value(u"broken"_s).toInt(), 3);
        QVERIFY(std::abs(perClass.value(u"positives"_s).toObject().value(u"pValue"_s).toDouble() - 0.25) < 1e-12);
        QCOMPARE(c.toJson().value(u"fixed"_s).toInt(), 10); // the pooled fields stay

        // The verdict is about coverage. A: TPR 4/4, TNR 0/10 (coverage 0); B: TPR 1/4,
        // TNR 10/10 (coverage 0.25). The negatives limited A and gained beyond noise, but B's
        // own limiting class, its positives (1 of 4), is not above A's coverage beyond noise
        // (3 broken against A's positives; against A's 0 of 10 negatives Fisher's p = 4/14):
        // within noise since issue 56 (the rule before called B better).
        QCOMPARE(c.coverageA(), 0.0);
        QCOMPARE(c.coverageB(), 0.25);
        QCOMPARE(c.limiting, PairedComparison::Limiting::Negatives);
        QVERIFY(c.negativesCheck.beyondNoise);
        QVERIFY(!c.positivesCheck.beyondNoise);
        QVERIFY(std::abs(c.positivesCheck.pValue - 4.0 / 14) < 1e-12);
        QCOMPARE(c.verdict, PairedComparison::Verdict::WithinNoise);
        QCOMPARE(c.accuracyVerdict, PairedComparison::Verdict::WithinNoise);
        QCOMPARE(c.toJson().value(u"verdict"_s).toString(), u"within-noise"_s);
        QCOMPARE(c.toJson().value(u"accuracyVerdict"_s).toString(), u"within-noise"_s);
        QCOMPARE(c.toJson().value(u"limiting"_s).toString(), u"negatives"_s);
    }

    // Issue 39, item 2: B fixes 10 negatives and breaks 3 positives while the positives bind.
    // A: TPR 12/20 (0.60), TNR 20/30 (0.667), coverage 0.60; B: TPR 9/20 (0.45), TNR 30/30,
    // coverage 0.45. Pooled, 10 fixed vs 3 broken (p = 756/8192 = 0.092) looks like progress;
    // on coverage B is lower, and the positives that limit it lost 3:0 (exact binomial,
    // p = 2 · 1/8 = 0.25): within noise, never "better".
    void theBindingRateDecides()
    {
        IterationResult a, b;
        a.iteration = 1;
        b.iteration = 2;
        const auto add = [](const QString &prompt, bool positive, bool rightA, bool rightB, IterationResult &x,
                            IterationResult &y) {
            for (auto [it, right] : {std::pair<IterationResult *, bool>{&x, rightA}, {&y, rightB}}) {
                TestResult r;
                r.testCase = TestCase{prompt, positive, u"direct"_s, TestSource::Generated, {}};
                r.actualTriggered = positive == right;
                r.correct = right;
                it->testResults.append(r);
            }
        };
        for (int i = 0; i < 20; ++i) // positives: 9 right in both, 3 broken, 8 wrong in both
            add(u"pos %1"_s.arg(i), true, i < 12, i < 9, a, b);
        for (int i = 0; i < 30; ++i) // negatives: 20 right in both, 10 fixed
            add(u"neg %1"_s.arg(i), false, i < 20, true, a, b);
        const PairedComparison c = PairedComparison::of(a, b);
        QCOMPARE(c.coverageA(), 0.6);
        QCOMPARE(c.coverageB(), 0.45);
        QCOMPARE(c.fixed, 10);
        QCOMPARE(c.broken, 3);
        QVERIFY(std::abs(c.pValue - 756.0 / 8192) < 1e-12);
        QCOMPARE(c.accuracyVerdict, PairedComparison::Verdict::WithinNoise);
        QCOMPARE(c.limiting, PairedComparison::Limiting::Positives);
        QCOMPARE(c.verdict, PairedComparison::Verdict::WithinNoise);
        QVERIFY2(c.sentence().startsWith(u"The difference between iterations 1 and 2 is within noise: coverage 60.0 % → "
                                          "45.0 %; the positives, which limit iteration 2's coverage: 0 fixed, 3 broken, "
                                          "p = 0.250"_s),
                 qPrintable(c.sentence()));

        // With 8 positives broken instead (p = 2/256 < 0.05) the loss is real: A is better.
        IterationResult worse = b;
        for (int i = 0; i < 5; ++i) { // 5 more of the 9 shared-right positives go wrong
            TestResult &r = worse.testResults[i];
            r.actualTriggered = false;
            r.correct = false;
        }
        const PairedComparison d = PairedComparison::of(a, worse);
        QCOMPARE(d.positives.broken, 8);
        QVERIFY(std::abs(d.positives.pValue - 2.0 / 256) < 1e-12);
        QCOMPARE(d.verdict, PairedComparison::Verdict::ABetter);
    }

    void aClearImprovement()
    {
        QList<std::pair<QString, bool>> a, b;
        for (int i = 0; i < 12; ++i) { // fixed
            a.append({u"fixed %1"_s.arg(i), false});
            b.append({u"Fixed %1 "_s.arg(i), true}); // matched on trimmed, lower-cased text
        }
        a.append({u"broken"_s, true});
        b.append({u"broken"_s, false});
        for (int i = 0; i < 30; ++i) { // unchanged
            a.append({u"same %1"_s.arg(i), i % 2 == 0});
            b.append({u"same %1"_s.arg(i), i % 2 == 0});
        }
        a.append({u"gone"_s, true});
        b.append({u"new one"_s, true});
        b.append({u"new two"_s, false});
        const PairedComparison c = PairedComparison::of(iteration(3, a), iteration(5, b));
        QCOMPARE(c.shared, 43);
        QCOMPARE(c.onlyInA, 1);
        QCOMPARE(c.onlyInB, 2);
        QCOMPARE(c.fixed, 12);
        QCOMPARE(c.broken, 1);
        QVERIFY(std::abs(c.pValue - 28.0 / 8192) < 1e-12);
        QCOMPARE(c.verdict, PairedComparison::Verdict::BBetter);
        // Only positives: coverage is their rate, 16/43 → 27/43.
        QCOMPARE(c.sentence(), u"Iteration 5 is better than iteration 3: coverage 37.2 % → 62.8 %; the positives, which "
                                "limited iteration 3's coverage: 12 fixed, 1 broken, p = 0.003 (on the 43 prompts both "
                                "scanned; 1 only in iteration 3, 2 only in iteration 5)"_s);
        QCOMPARE(c.accuracySentence(), u"All prompts (accuracy): 12 fixed, 1 broken, p = 0.003."_s);
        const QJsonObject j = c.toJson();
        QCOMPARE(j.value(u"verdict"_s).toString(), u"b-better"_s);
        QCOMPARE(j.value(u"fixed"_s).toInt(), 12);
        QCOMPARE(j.value(u"shared"_s).toInt(), 43);
    }

    void fewFlipsAreNoise()
    {
        const PairedComparison c = PairedComparison::of(iteration(1, {{u"x"_s, false}, {u"y"_s, false}, {u"z"_s, true}}),
                                                        iteration(2, {{u"x"_s, true}, {u"y"_s, true}, {u"z"_s, true}}));
        QCOMPARE(c.fixed, 2);
        QCOMPARE(c.broken, 0);
        QCOMPARE(c.pValue, 0.5);
        QCOMPARE(c.verdict, PairedComparison::Verdict::WithinNoise);
        QVERIFY(c.sentence().startsWith(u"The difference between iterations 1 and 2 is within noise"_s));
    }

    void aRegression()
    {
        QList<std::pair<QString, bool>> a, b;
        for (int i = 0; i < 8; ++i) {
            a.append({u"p%1"_s.arg(i), true});
            b.append({u"p%1"_s.arg(i), false});
        }
        const PairedComparison c = PairedComparison::of(iteration(1, a), iteration(2, b));
        QCOMPARE(c.verdict, PairedComparison::Verdict::ABetter);
        QVERIFY2(c.sentence().startsWith(u"Iteration 2 is worse than iteration 1: coverage 100.0 % → 0.0 %; the "
                                          "positives, which limit iteration 2's coverage: 0 fixed, 8 broken, p = 0.008"_s),
                 qPrintable(c.sentence()));
    }

    void theBenchmarkWhenBothHaveIt()
    {
        IterationResult a = iteration(1, {{u"w1"_s, false}, {u"w2"_s, false}});
        IterationResult b = iteration(2, {{u"w1"_s, true}, {u"w2"_s, true}});
        // On the benchmark B broke one prompt; a second flipped between scans and is left out.
        a.benchmark = BenchmarkScore::compute(iteration(1, {{u"h1"_s, true}, {u"h2"_s, true}, {u"h3"_s, true}}).testResults);
        b.benchmark = BenchmarkScore::compute(iteration(2, {{u"h1"_s, false}, {u"h2"_s, false}, {u"h3"_s, true}}).testResults, {1});
        const PairedComparison c = PairedComparison::of(a, b);
        QVERIFY(c.onBenchmark);
        QCOMPARE(c.shared, 2);
        QCOMPARE(c.unstable, 1);
        QCOMPARE(c.fixed, 0);
        QCOMPARE(c.broken, 1);
        QVERIFY2(c.sentence().endsWith(u"(on the 2 held-out benchmark prompts; 1 unstable left out)"_s), qPrintable(c.sentence()));
        QCOMPARE(c.toJson().value(u"suite"_s).toString(), u"benchmark"_s);
        b.benchmark.reset(); // one without: the working suites
        QVERIFY(!PairedComparison::of(a, b).onBenchmark);
        QCOMPARE(PairedComparison::of(a, b).fixed, 2);
    }

    void nothingInCommon()
    {
        const PairedComparison c = PairedComparison::of(iteration(1, {{u"a"_s, true}}), iteration(2, {{u"b"_s, true}}));
        QCOMPARE(c.shared, 0);
        QCOMPARE(c.verdict, PairedComparison::Verdict::NothingShared);
        QCOMPARE(c.pValue, 1.0);
        QVERIFY(c.sentence().contains(u"no prompt in common"_s));
        const PairedComparison empty = PairedComparison::of(IterationResult{}, IterationResult{});
        QCOMPARE(empty.verdict, PairedComparison::Verdict::NothingShared);
    }
};

QTEST_GUILESS_MAIN(TestPairedComparison)
#include "tst_pairedcomparison.moc"
