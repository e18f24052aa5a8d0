#pragma once

#include "airsoptions.h"

#include <functional>

#include <QJsonObject>
#include <QStringList>

#include <optional>

class TopicStore;
class TopicMatcher;

// What a test may impose on the match of the run's topics (the block bucket when the profile
// has one, else the allow bucket): the topic's true behaviour (`truth`, given the prompt and
// the bucket's first topic; AirsEmulatorOptions::trueMatch) and verdict noise (`flip` inverts
// the result).
struct GuardrailOverride
{
    const std::function<std::optional<bool>(const QString &, const Topic &)> *truth = nullptr;
    bool flip = false;
};

// The topic-guardrail verdict for one prompt against one profile revision.
struct GuardrailVerdict
{

    bool topicViolation = false;
    QString category = QStringLiteral("benign"); // "benign" or "malicious"
    QString action = QStringLiteral("allow");    // "allow" or "block"
    QStringList blockedTopics;                   // names of matched block-bucket topics
    QStringList allowedTopics;                   // names of matched allow-bucket topics

    // Evaluates `prompt` with the profile's "topic-guardrails" entry, each topic at the
    // revision the profile pins:
    //  1. a block topic matched and its best score >= the best allow score: blocked;
    //  2. else an allow topic matched: allowed;
    //  3. else the guardrail's own action applies: "allow" gives benign/allow; "block" gives
    //     malicious/block, with topic_violation only under AirsAllowSignal::TopicViolation.
    // Allow intent (guardrail "block", allow bucket only) follows DESIGN.md: with
    // AirsAllowSignal::Category, topic_violation is never set and action stays "allow";
    // category is "benign" on a match and "malicious" otherwise. With TopicViolation, no match
    // sets topic_violation and action "block". No guardrail, or one without topics: benign.
    static GuardrailVerdict evaluate(const QJsonObject &policy, const QString &prompt,
                                const TopicStore &topics, const TopicMatcher &matcher,
                                AirsAllowSignal allowSignal, const GuardrailOverride &override = {});

    QJsonObject promptDetected() const;
    QJsonObject responseDetected() const; // the response side adds db_security and ungrounded
    QJsonObject promptDetectionDetails() const;
};
