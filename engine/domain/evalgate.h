#pragma once

#include "benchmarkscore.h"
#include "efficacymetrics.h"
#include "testresult.h"

#include <QStringList>

#include <optional>

// `daystrom eval` as a CI gate (issue 44): thresholds on coverage, TPR and TNR, on the point
// figures or on the lower bound of their 95 % intervals (MetricIntervals), and what missed.
struct EvalGate
{
    std::optional<double> minCoverage; // fractions, 0..1
    std::optional<double> minTpr;
    std::optional<double> minTnr;
    bool onLowerBound = false;

    bool isSet() const { return minCoverage || minTpr || minTnr; }

    struct Miss
    {
        QString metric; // "coverage", "tpr", "tnr"
        double value = 0; // the figure compared (the lower bound with onLowerBound)
        double threshold = 0;
    };
    // The thresholds `m` misses, in the order coverage, TPR, TNR; empty = passed. A rate with no
    // prompt of its label misses any threshold on it (nothing was shown to hold).
    QList<Miss> check(const EfficacyMetrics &m) const;
    // "coverage 72.0% is below the 80.0% required" (with "the 95% lower bound of" when asked).
    QString describe(const Miss &miss) const;

    // Each prompt scanned `repeats` times (the scans of all prompts, then again: scan i is prompt
    // i % prompts): one result per prompt, correct only when more than half of its scans gave
    // the expected verdict (a tie is a flaky verdict, and counts as wrong), with that share as
    // its pass rate. A prompt with no scanned repeat stays not scanned.
    struct Folded
    {
        QList<TestResult> results;
        QList<double> passRates;
    };
    static Folded foldRepeats(const QList<TestResult> &scans, qsizetype prompts);
};
