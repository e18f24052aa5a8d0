#pragma once

#include "efficacymetrics.h"
#include "proportionstats.h"
#include "testresult.h"

#include <QJsonObject>

class JsonIn;

// An iteration's score on the run's held-out benchmark set: the same prompts, in the same
// order, in every iteration, never shown to the LLM that analyses and improves the topic.
struct BenchmarkScore
{
    QList<TestResult> results; // in the benchmark set's order
    EfficacyMetrics metrics;   // over the stable prompts only when some were unstable
    // Prompts whose verdict changed between repeated scans of this iteration (scan stability,
    // RunSettings::scanRepeats > 1): flagged in `unstableIndexes`, left out of the metrics and
    // of paired significance.
    QList<int> unstableIndexes;
    // The benchmark's version (RunSteering): a person's additions start a new one. Versions
    // only append prompts, so version n's set is the first prompts of every later one.
    int version = 1;

    static BenchmarkScore compute(const QList<TestResult> &results, const QList<int> &unstableIndexes = {});
    // The score on the first `count` prompts only (what an earlier version asked).
    BenchmarkScore firstPrompts(qsizetype count) const;
    // The two scores on the prompts both were asked (the larger cut to the smaller one's
    // prompts when their versions differ), with a prompt unstable in either left out of both
    // (issue 39: the flakier iteration must not lose its likely errors alone). Never compare
    // figures of different versions, or of different stable subsets, directly.
    static std::pair<BenchmarkScore, BenchmarkScore> comparable(const BenchmarkScore &a, const BenchmarkScore &b);
    // The same for any number of scores: on the prompts all were asked, stable in all.
    static QList<BenchmarkScore> comparable(const QList<BenchmarkScore> &scores);
    // The prompts AIRS gave no verdict for (TestResult::scanned): out of the metrics, and of
    // every comparison with another score.
    QList<int> notScannedIndexes() const;
    // The metrics with every unstable prompt counted as an error instead of left out.
    EfficacyMetrics unstableAsErrors() const;

    QJsonObject toJson() const;
    static BenchmarkScore fromJson(const JsonIn &in);
    friend bool operator==(const BenchmarkScore &, const BenchmarkScore &) = default;
};

// Wilson 95 % intervals of one iteration's rates; a rate with no prompts has none.
struct MetricIntervals
{
    std::optional<ProportionStats::Interval> truePositiveRate;
    std::optional<ProportionStats::Interval> trueNegativeRate;
    std::optional<ProportionStats::Interval> accuracy;
    // min(TPR, TNR), with the uncertainty of both rates (issue 39): each rate's Wilson interval
    // at 97.5 %, so both hold together with at least 95 % (Bonferroni); min is monotone in each,
    // so coverage then lies in [min(low TPR, low TNR), min(high TPR, high TNR)]. On an unbalanced
    // suite this is wider than the binding rate's own interval, as it should be.
    std::optional<ProportionStats::Interval> coverage;

    static MetricIntervals of(const EfficacyMetrics &m);
    QJsonObject toJson() const; // {"tpr": [lo, hi], "tnr": […], "coverage": […], "accuracy": […]}
};
