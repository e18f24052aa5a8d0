#pragma once

#include "testcase.h"

#include <QJsonObject>
#include <QMap>

class JsonIn;

// A run fails when more than this share of a suite (the working suite, or the benchmark) was
// not scanned in an iteration: its figures would then say too little.
inline constexpr double MaxNotScannedShare = 0.10;

struct TestResult
{
    TestCase testCase;
    bool actualTriggered = false; // the scan signal chosen per intent (DESIGN.md)
    QString scanAction;           // "allow" or "block": informational only
    QString scanId;
    QString reportId;
    bool correct = false; // expectedTriggered == actualTriggered
    // Kept so a person can check which signal fired (extra fields; the original ignores them):
    QString scanCategory;            // the scan's overall verdict, "benign" or "malicious"
    QMap<QString, bool> detections;  // prompt_detected flags, e.g. topic_violation
    // Not scanned (issue 41): AIRS gave no verdict even after the retries and a last try at the
    // end of the scan step. Such a result is neither right nor wrong: it is left out of every
    // figure (EfficacyMetrics counts it in `notScanned`), of the errors the LLM is shown and of
    // comparisons, and named in the report. `notScannedReason` says why (redacted).
    bool scanned = true;
    QString notScannedReason;

    bool counts() const { return scanned; } // in the figures
    static TestResult unscanned(const TestCase &test, const QString &reason);

    QJsonObject toJson() const;
    static TestResult fromJson(const JsonIn &in);

    friend bool operator==(const TestResult &, const TestResult &) = default;
};
