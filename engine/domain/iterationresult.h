#pragma once

#include "analysisreport.h"
#include "efficacymetrics.h"
#include "testresult.h"
#include "topic.h"

#include <QDateTime>

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

    QJsonObject toJson() const;
    static IterationResult fromJson(const JsonIn &in);

    friend bool operator==(const IterationResult &, const IterationResult &) = default;
};
