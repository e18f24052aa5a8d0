#pragma once

#include <QList>
#include <QString>

struct TestResult;

// Per-category error rates of one iteration; computed, never persisted.
struct CategoryBreakdown
{
    QString category;
    int total = 0;
    int fp = 0;
    int fn = 0;
    double errorRate = 0; // (fp + fn) / total

    // One entry per category present in `results` (error-free ones included), highest error
    // rate first; ties keep first-seen order.
    static QList<CategoryBreakdown> compute(const QList<TestResult> &results);

    friend bool operator==(const CategoryBreakdown &, const CategoryBreakdown &) = default;
};
