#include "iterationcomparison.h"

#include <QHash>

#include <cmath>

namespace {

// Rates closer than this count as unchanged (they come from small integer ratios).
constexpr double Epsilon = 1e-9;

MetricDelta delta(MetricDelta::Metric metric, double a, double b)
{
    MetricDelta d;
    d.metric = metric;
    d.a = a;
    d.b = b;
    d.delta = b - a;
    if (std::abs(d.delta) < Epsilon)
        d.direction = MetricDelta::Direction::Same;
    else if ((d.delta > 0) != d.lowerIsBetter())
        d.direction = MetricDelta::Direction::Better;
    else
        d.direction = MetricDelta::Direction::Worse;
    return d;
}

// The results of an iteration by dedup key (first occurrence wins), and their key order.
struct Indexed
{
    QHash<QString, const TestResult *> byKey;
    QStringList order;
};

Indexed index(const IterationResult &it)
{
    Indexed out;
    for (const TestResult &r : it.testResults) {
        const QString key = IterationComparison::dedupKey(r.testCase.prompt);
        if (!r.counts() || out.byKey.contains(key)) // not scanned: a test of the other one only
            continue;
        out.byKey.insert(key, &r);
        out.order.append(key);
    }
    return out;
}

} // namespace

IterationComparison::IterationComparison(const IterationResult &a, const IterationResult &b, const RunSettings &settings)
    : m_iterationA(a.iteration)
    , m_iterationB(b.iteration)
    , m_nameDiff(WordDiff::diff(a.topic.name, b.topic.name))
    , m_descriptionDiff(WordDiff::diff(a.topic.description, b.topic.description))
    , m_decision(Decision(settings).judge(a, b))
    , m_onBenchmark(a.benchmark && b.benchmark)
    , m_versionA(a.benchmark ? a.benchmark->version : 0)
    , m_versionB(b.benchmark ? b.benchmark->version : 0)
    , m_metricsA(a.metrics)
    , m_metricsB(b.metrics)
{
    if (m_onBenchmark) {
        const auto [onA, onB] = BenchmarkScore::comparable(*a.benchmark, *b.benchmark);
        m_metricsA = onA.metrics;
        m_metricsB = onB.metrics;
        m_benchmarkPrompts = int(onA.results.size());
        m_versionsDiffer = a.benchmark->version != b.benchmark->version
                           || a.benchmark->results.size() != b.benchmark->results.size();
    }
    m_paired = m_decision.paired ? *m_decision.paired : PairedComparison::of(a, b, Decision(settings).alpha());
    m_metrics = metricDeltas(m_metricsA, m_metricsB);
    if (a.responses && b.responses) {
        const auto [ra, rb] = BenchmarkScore::comparable(*a.responses, *b.responses);
        m_responsesA = ra.metrics;
        m_responsesB = rb.metrics;
        using M = MetricDelta::Metric;
        m_metrics += {delta(M::ResponseCoverage, ra.metrics.coverage, rb.metrics.coverage),
                      delta(M::ResponseTruePositiveRate, ra.metrics.truePositiveRate, rb.metrics.truePositiveRate),
                      delta(M::ResponseTrueNegativeRate, ra.metrics.trueNegativeRate, rb.metrics.trueNegativeRate)};
    }
    diffExamples(a.topic.examples, b.topic.examples, &m_examplesAdded, &m_examplesRemoved,
                 &m_examplesKept);
    compareTests(a, b);
}

void IterationComparison::diffExamples(const QStringList &a, const QStringList &b,
                                       QStringList *added, QStringList *removed, QStringList *kept)
{
    ExampleChanges c = ExampleChanges::between(a, b);
    *added = std::move(c.added);
    *removed = std::move(c.removed);
    *kept = std::move(c.kept);
}

QList<MetricDelta> IterationComparison::metricDeltas(const EfficacyMetrics &a,
                                                     const EfficacyMetrics &b)
{
    using M = MetricDelta::Metric;
    return {delta(M::Coverage, a.coverage, b.coverage),
            delta(M::TruePositiveRate, a.truePositiveRate, b.truePositiveRate),
            delta(M::TrueNegativeRate, a.trueNegativeRate, b.trueNegativeRate),
            delta(M::Accuracy, a.accuracy, b.accuracy),
            delta(M::F1, a.f1Score, b.f1Score),
            delta(M::FalsePositives, a.falsePositives, b.falsePositives),
            delta(M::FalseNegatives, a.falseNegatives, b.falseNegatives)};
}

MetricDelta IterationComparison::metric(MetricDelta::Metric which) const
{
    for (const MetricDelta &d : m_metrics) {
        if (d.metric == which)
            return d;
    }
    return {};
}

void IterationComparison::compareTests(const IterationResult &a, const IterationResult &b)
{
    const Indexed ia = index(a);
    const Indexed ib = index(b);
    for (const QString &key : ib.order) {
        const TestResult *rb = ib.byKey.value(key);
        const TestResult *ra = ia.byKey.value(key);
        TestFlip f;
        f.prompt = rb->testCase.prompt;
        f.expectedTriggered = rb->testCase.expectedTriggered;
        f.category = rb->testCase.category;
        f.actualB = rb->actualTriggered;
        f.correctB = rb->correct;
        if (!ra) {
            f.kind = TestFlip::Kind::OnlyInB;
        } else {
            f.actualA = ra->actualTriggered;
            f.correctA = ra->correct;
            if (ra->correct == rb->correct)
                f.kind = rb->correct ? TestFlip::Kind::StillRight : TestFlip::Kind::StillWrong;
            else
                f.kind = rb->correct ? TestFlip::Kind::Fixed : TestFlip::Kind::Broken;
        }
        m_tests.append(f);
    }
    for (const QString &key : ia.order) {
        if (ib.byKey.contains(key))
            continue;
        const TestResult *ra = ia.byKey.value(key);
        TestFlip f;
        f.kind = TestFlip::Kind::OnlyInA;
        f.prompt = ra->testCase.prompt;
        f.expectedTriggered = ra->testCase.expectedTriggered;
        f.category = ra->testCase.category;
        f.actualA = ra->actualTriggered;
        f.correctA = ra->correct;
        m_tests.append(f);
    }
}

QList<TestFlip> IterationComparison::tests(TestFlip::Kind kind) const
{
    QList<TestFlip> out;
    for (const TestFlip &f : m_tests) {
        if (f.kind == kind)
            out.append(f);
    }
    return out;
}

int IterationComparison::count(TestFlip::Kind kind) const
{
    return int(std::count_if(m_tests.cbegin(), m_tests.cend(),
                             [kind](const TestFlip &f) { return f.kind == kind; }));
}
