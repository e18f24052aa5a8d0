#pragma once

#include "airserror.h"
#include "domain/runsettings.h"

#include <QJsonObject>
#include <QMap>

// One sync-scan answer, normalised. `triggered` is the topic-guardrail signal for the run's
// intent (DESIGN.md): block intent -> prompt_detected.topic_violation; allow intent ->
// category == "benign" (the prompt matched the allow topic), falling back to topic_violation
// when the answer has no category.
struct ScanVerdict
{
    QString scanId;
    QString reportId;
    QString category; // "benign" / "malicious"; empty when absent
    QString action;   // "allow" / "block"
    bool topicViolation = false;
    QMap<QString, bool> detections; // every prompt_detected flag present in the answer
    bool triggered = false;
    // The topics AIRS names as matched (prompt_detection_details.topic_guardrails_details):
    // a whole-profile audit tells which topic caught a prompt by them.
    QStringList blockedTopics;
    QStringList allowedTopics;
    bool topicsReported = false; // the answer carried those lists at all
    // The response side of a prompt+response scan (issue 43): response_detected, whose
    // topic_violation flag the vendor SDKs model next to prompt_detected's. A response test is
    // judged on it alone (block intent).
    QMap<QString, bool> responseDetections;
    bool responseTopicViolation = false;

    static bool decideTriggered(Intent intent, const QString &category, bool topicViolation);
    // Parses a 2xx body. A body that is not a JSON object, or has neither action nor category,
    // is an InvalidResponse error; a missing scan_id, report_id or prompt_detected is read as
    // empty (the vendor's SDK models report_id, scan_id, category and action as required).
    static AirsResult<ScanVerdict> parse(const QByteArray &body, Intent intent);
};
