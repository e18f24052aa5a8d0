#pragma once

#include "runsettings.h"

#include "analysisreport.h"
#include "benchmarkscore.h"
#include "efficacymetrics.h"
#include "runusage.h"
#include "testresult.h"
#include "topic.h"

#include <QDateTime>

#include <optional>

struct IterationResult
{
    int iteration = 0; // the loop counter; numbers can have gaps (duplicates are not recorded)
    QDateTime timestamp;
    Topic topic;
    QList<TestCase> testCases;
    QList<TestResult> testResults; // same order as testCases
    EfficacyMetrics metrics;
    AnalysisReport analysis;
    qint64 durationMs = 0;
    std::optional<BenchmarkScore> benchmark; // ours: absent in runs without a benchmark set
    // Ours (issue 43): the response tests' score (judged on the response side; absent without
    // response tests) and the robustness set's results (never in a decision figure).
    std::optional<BenchmarkScore> responses;
    QList<TestResult> robustness;
    RunUsage usage; // ours: the LLM calls and scans this iteration made (zero in older files)
    // Ours: how the loop judged this iteration when it recorded it, against the best of that
    // moment (LoopPolicy::judgement; empty in older files): "first", "better", "within-noise",
    // "equal" or "worse".
    QString judgement;
    int judgedAgainst = 0; // that best's number (0 for the first)

    // The figure a run decides on is Decision's (engine/domain/decision.h), not the iteration's.

    QJsonObject toJson() const;
    static IterationResult fromJson(const JsonIn &in);

    friend bool operator==(const IterationResult &, const IterationResult &) = default;
};
