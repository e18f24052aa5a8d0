#pragma once

#include "airserror.h"
#include "domain/runsettings.h"

#include <QJsonObject>
#include <QMap>

// What a profile's topic guardrail does with a prompt none of its topics matches (its own
// "action"): "allow" makes it a block list, "block" an allow list.
enum class ProfileKind { BlockList, AllowList };
ProfileKind profileKindOf(const QString &guardrailAction);

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

    // Allow intent without a category (which the vendor's SDKs model as required): matched
    // unless topic_violation says the prompt broke the allow list.
    static bool decideTriggered(Intent intent, const QString &category, bool topicViolation);
    // Whether a profile acted on the prompt (blocked or rejected it), read the way the loop
    // reads a topic hit (decideTriggered) for the profile's kind: a block list (guardrail
    // "allow": what no topic matches passes) acts on a topic hit; an allow list (guardrail
    // "block") acts on what matched no allowed topic. Either acts on action "block" (any
    // detector). The one reading of "acted on" for audits, impact checks and benign rates.
    static bool actedOn(ProfileKind kind, const QString &category, const QString &action, bool topicViolation);
    bool actedOn(ProfileKind kind) const { return actedOn(kind, category, action, topicViolation); }
    // Parses a 2xx body. A body that is not a JSON object, or has neither action nor category,
    // is an InvalidResponse error; a missing scan_id, report_id or prompt_detected is read as
    // empty (the vendor's SDK models report_id, scan_id, category and action as required).
    static AirsResult<ScanVerdict> parse(const QByteArray &body, Intent intent);
};
