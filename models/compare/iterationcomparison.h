#pragma once

#include "domain/worddiff.h"

#include "domain/iterationresult.h"
#include "domain/decision.h"
#include "domain/pairedcomparison.h"

#include <optional>

// How one metric moved from iteration A to iteration B.
struct MetricDelta
{
    enum class Metric {
        Coverage,
        TruePositiveRate,
        TrueNegativeRate,
        Accuracy,
        F1,
        FalsePositives,
        FalseNegatives,
        // The response side (issue 43): when both iterations have response tests.
        ResponseCoverage,
        ResponseTruePositiveRate,
        ResponseTrueNegativeRate
    };
    enum class Direction { Better, Worse, Same };

    Metric metric = Metric::Coverage;
    double a = 0; // a fraction (rates) or a count (FP/FN)
    double b = 0;
    double delta = 0; // b - a
    Direction direction = Direction::Same;

    bool isCount() const
    {
        return metric == Metric::FalsePositives || metric == Metric::FalseNegatives;
    }
    bool lowerIsBetter() const { return isCount(); }
};

// One test (matched on its dedup key: the trimmed, lower-cased prompt) in A and/or B.
struct TestFlip
{
    enum class Kind { Fixed, Broken, StillRight, StillWrong, OnlyInA, OnlyInB };

    Kind kind = Kind::StillRight;
    QString prompt; // as B has it (A's for tests only in A)
    bool expectedTriggered = false;
    QString category;
    std::optional<bool> actualA; // the scan signal in A; empty when not in A
    std::optional<bool> actualB;
    std::optional<bool> correctA;
    std::optional<bool> correctB;
};

// Everything that changed between two recorded iterations of a run: the description at word
// level, the examples, the metrics (B - A) and the per-test outcomes. Pure logic.
class IterationComparison final
{
public:
    IterationComparison() = default;
    // `settings`: the run's, so the verdict is the one the loop made (Decision::judge).
    IterationComparison(const IterationResult &a, const IterationResult &b, const RunSettings &settings = {});

    int iterationA() const { return m_iterationA; }
    int iterationB() const { return m_iterationB; }

    const QList<DiffSpan> &nameDiff() const { return m_nameDiff; }
    const QList<DiffSpan> &descriptionDiff() const { return m_descriptionDiff; }
    const QStringList &examplesAdded() const { return m_examplesAdded; }     // in B, not in A
    const QStringList &examplesRemoved() const { return m_examplesRemoved; } // in A, not in B
    const QStringList &examplesKept() const { return m_examplesKept; }

    // On the held-out benchmark when both iterations have one, else on their working suites.
    // Benchmarks of different versions (a person added prompts in between) are compared on the
    // prompts both were asked (BenchmarkScore::comparable), never figure against figure.
    const QList<MetricDelta> &metrics() const { return m_metrics; } // in Metric order
    bool metricsOnBenchmark() const { return m_onBenchmark; }
    int benchmarkVersionA() const { return m_versionA; } // 0 without a benchmark
    int benchmarkVersionB() const { return m_versionB; }
    // The benchmarks differ (version or size): the metrics are on the shared prompts only.
    bool benchmarkVersionsDiffer() const { return m_versionsDiffer; }
    int benchmarkPromptsCompared() const { return m_benchmarkPrompts; } // 0 off the benchmark
    const EfficacyMetrics &metricsA() const { return m_metricsA; }
    const EfficacyMetrics &metricsB() const { return m_metricsB; }
    // The response side of both, on the response tests both scanned; absent unless both
    // iterations have response tests (their deltas then follow the prompt side's in metrics()).
    const std::optional<EfficacyMetrics> &responsesA() const { return m_responsesA; }
    const std::optional<EfficacyMetrics> &responsesB() const { return m_responsesB; }
    // Fixed and broken on the prompts both scanned, with the exact McNemar verdict.
    const PairedComparison &paired() const { return m_paired; }
    // The run's decision between A and B (issue 56): the paired verdict on the benchmark, or
    // the measured values on the working suite or under --directions both.
    const Decision::Verdict &decision() const { return m_decision; }
    MetricDelta metric(MetricDelta::Metric which) const;

    // Every test of A and B: B's order first, then tests only in A in A's order.
    const QList<TestFlip> &tests() const { return m_tests; }
    QList<TestFlip> tests(TestFlip::Kind kind) const;
    int count(TestFlip::Kind kind) const;

    // Example-list difference on exact strings, keeping each list's order.
    static void diffExamples(const QStringList &a, const QStringList &b, QStringList *added,
                             QStringList *removed, QStringList *kept);
    static QString dedupKey(const QString &prompt) { return PairedComparison::key(prompt); }
    static QList<MetricDelta> metricDeltas(const EfficacyMetrics &a, const EfficacyMetrics &b);

private:
    void compareTests(const IterationResult &a, const IterationResult &b);

    int m_iterationA = 0;
    int m_iterationB = 0;
    QList<DiffSpan> m_nameDiff;
    QList<DiffSpan> m_descriptionDiff;
    QStringList m_examplesAdded;
    QStringList m_examplesRemoved;
    QStringList m_examplesKept;
    QList<MetricDelta> m_metrics;
    QList<TestFlip> m_tests;
    PairedComparison m_paired;
    Decision::Verdict m_decision;
    bool m_onBenchmark = false;
    bool m_versionsDiffer = false;
    int m_versionA = 0;
    int m_versionB = 0;
    int m_benchmarkPrompts = 0;
    EfficacyMetrics m_metricsA;
    EfficacyMetrics m_metricsB;
    std::optional<EfficacyMetrics> m_responsesA;
    std::optional<EfficacyMetrics> m_responsesB;
};
