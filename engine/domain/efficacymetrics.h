#pragma once

#include <QJsonObject>
#include <QList>

class JsonIn;
struct TestResult;

// Efficacy of one iteration (behaviour reference §1). Any rate whose denominator is zero is 0.
struct EfficacyMetrics
{
    int truePositives = 0;
    int trueNegatives = 0;
    int falsePositives = 0;
    int falseNegatives = 0;
    double truePositiveRate = 0; // TP / (TP + FN)
    double trueNegativeRate = 0; // TN / (TN + FP)
    double accuracy = 0;         // (TP + TN) / N
    double coverage = 0;         // min(TPR, TNR): the value the loop optimises
    double f1Score = 0;          // 2PR / (P + R), P = TP / (TP + FP), R = TPR
    int regressionCount = 0;     // regression-tier tests that are now wrong
    int notScanned = 0;          // tests AIRS gave no verdict for: in no figure above

    int total() const { return truePositives + trueNegatives + falsePositives + falseNegatives; }

    static EfficacyMetrics compute(const QList<TestResult> &results);

    QJsonObject toJson() const;
    static EfficacyMetrics fromJson(const JsonIn &in);

    friend bool operator==(const EfficacyMetrics &, const EfficacyMetrics &) = default;
};
