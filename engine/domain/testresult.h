#pragma once

#include "testcase.h"

#include <QJsonObject>
#include <QMap>

class JsonIn;

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

    QJsonObject toJson() const;
    static TestResult fromJson(const JsonIn &in);

    friend bool operator==(const TestResult &, const TestResult &) = default;
};
