// Issue 41, item 4: a test AIRS gave no verdict for is in no figure. It is neither right nor
// wrong in the metrics, the errors the LLM is shown, the category breakdown, the paired
// comparison and the benchmark comparison; it is asked again next iteration, and it reads back
// from a run file as it was written.
#include "domain/benchmarkscore.h"
#include "domain/categorybreakdown.h"
#include "domain/efficacymetrics.h"
#include "domain/iterationresult.h"
#include "domain/jsonin.h"
#include "domain/pairedcomparison.h"
#include "domain/testcomposition.h"
#include "domain/testresult.h"
#include "llm/prompts/promptformat.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

namespace {
TestResult judged(const QString &prompt, bool expected, bool actual)
{
    TestResult r;
    r.testCase = TestCase{prompt, expected, u"direct"_s, TestSource::Generated, {}};
    r.actualTriggered = actual;
    r.correct = expected == actual;
    return r;
}

JsonIn reader(const QJsonObject &o, QStringList *errors)
{
    return JsonIn(o, u"$"_s, errors);
}

TestResult notScanned(const QString &prompt, bool expected)
{
    return TestResult::unscanned(TestCase{prompt, expected, u"direct"_s, TestSource::Generated, {}},
                                 u"AIRS network error: the connection closed"_s);
}
} // namespace

class TestNotScanned final : public QObject
{
    Q_OBJECT

private slots:
    void metricsLeaveItOut()
    {
        // Two positives caught, one negative passed: all right. The unscanned positive would
        // be a false negative if its "not triggered" default were counted.
        const QList<TestResult> results{judged(u"a"_s, true, true), judged(u"b"_s, true, true),
                                        judged(u"c"_s, false, false), notScanned(u"d"_s, true)};
        const EfficacyMetrics m = EfficacyMetrics::compute(results);
        QCOMPARE(m.falseNegatives, 0);
        QCOMPARE(m.total(), 3);
        QCOMPARE(m.notScanned, 1);
        QCOMPARE(m.coverage, 1.0);
        QVERIFY(!results.last().correct);

        QStringList errors;
        const EfficacyMetrics back = EfficacyMetrics::fromJson(reader(m.toJson(), &errors));
        QCOMPARE(errors, QStringList());
        QCOMPARE(back, m);
        QVERIFY(!EfficacyMetrics::compute(results.mid(0, 3)).toJson().contains(u"notScanned"_s));
    }

    void theLlmIsNotShownItAsAnError()
    {
        const QList<TestResult> results{judged(u"caught"_s, true, true), notScanned(u"lost"_s, true),
                                        notScanned(u"lost too"_s, false)};
        QVERIFY(PromptFormat::failures(results, PromptFormat::Error::FalseNegative).isEmpty());
        QVERIFY(PromptFormat::failures(results, PromptFormat::Error::FalsePositive).isEmpty());
        const QList<CategoryBreakdown> categories = CategoryBreakdown::compute(results);
        QCOMPARE(categories.size(), 1);
        QCOMPARE(categories.first().total, 1);
        QCOMPARE(categories.first().fn, 0);
    }

    void itIsAskedAgainNextIteration()
    {
        IterationResult previous;
        previous.iteration = 1;
        previous.testResults = {judged(u"right"_s, true, true), notScanned(u"lost"_s, false)};
        CompositionInput in;
        in.iteration = 2;
        in.previous = &previous;
        in.regressionSample = 0;
        const CompositionResult out = composeTestSuite(in);
        QCOMPARE(out.suite.size(), 1);
        QCOMPARE(out.suite.first().prompt, u"lost"_s);
        QCOMPARE(out.suite.first().source, TestSource::Generated); // not a carried error
        QCOMPARE(out.carriedFailures, 0);
        QCOMPARE(out.notScannedAgain, 1);
    }

    void itReadsBackFromARunFile()
    {
        const TestResult r = notScanned(u"lost"_s, true);
        const QJsonObject json = r.toJson();
        QCOMPARE(json.value(u"notScanned"_s).toString(), u"AIRS network error: the connection closed"_s);
        QStringList errors;
        const TestResult back = TestResult::fromJson(reader(json, &errors));
        QCOMPARE(errors, QStringList());
        QCOMPARE(back, r);
        QVERIFY(!back.counts());
        QVERIFY(!judged(u"x"_s, true, true).toJson().contains(u"notScanned"_s));
        QVERIFY(TestResult::fromJson(reader(judged(u"x"_s, true, true).toJson(), &errors)).counts());
    }

    void pairedComparisonLeavesItOutOfBoth()
    {
        IterationResult a, b;
        a.iteration = 1;
        b.iteration = 2;
        for (int i = 0; i < 4; ++i) {
            a.testResults.append(judged(u"p%1"_s.arg(i), true, i != 0));
            b.testResults.append(judged(u"p%1"_s.arg(i), true, true));
        }
        // p3 was right in A; in B AIRS gave no verdict: not "broken", and out of both.
        b.testResults[3] = notScanned(u"p3"_s, true);
        const PairedComparison c = PairedComparison::of(a, b);
        QCOMPARE(c.shared, 3);
        QCOMPARE(c.notScanned, 1);
        QCOMPARE(c.fixed, 1);
        QCOMPARE(c.broken, 0);
        QCOMPARE(c.onlyInA, 0);
    }

    void benchmarkComparisonUsesThePromptsBothScanned()
    {
        // The same six prompts; A missed p0 and p1, B missed p0 and AIRS gave no verdict for p1.
        QList<TestResult> ra, rb;
        for (int i = 0; i < 6; ++i) {
            ra.append(judged(u"p%1"_s.arg(i), true, i > 1));
            rb.append(judged(u"p%1"_s.arg(i), true, i > 0));
        }
        rb[1] = notScanned(u"p1"_s, true);
        const BenchmarkScore a = BenchmarkScore::compute(ra), b = BenchmarkScore::compute(rb);
        QCOMPARE(b.notScannedIndexes(), QList<int>{1});
        QCOMPARE(b.metrics.total(), 5);
        const auto [ca, cb] = BenchmarkScore::comparable(a, b);
        // On p0, p2–p5 only: A 4 of 5, B 4 of 5 — not A 4 of 6 against B 4 of 5.
        QCOMPARE(ca.metrics.total(), 5);
        QCOMPARE(cb.metrics.total(), 5);
        QCOMPARE(ca.metrics.truePositives, 4);
        QCOMPARE(cb.metrics.truePositives, 4);
        QCOMPARE(ca.metrics.coverage, cb.metrics.coverage);
    }
};

QTEST_GUILESS_MAIN(TestNotScanned)
#include "tst_notscanned.moc"
