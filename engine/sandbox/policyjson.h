#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

class TopicStore;

// Reading and editing a security profile's `policy` (airs-api.md §5.4). Everything not named
// here is kept verbatim.
namespace PolicyJson {
struct TopicRef
{
    QString bucketAction; // "allow" or "block"
    QString topicId;
    QString topicName;
    int revision = 0; // 0 when the entry carries none (§5.6)
};

// The §5.4 example shape (prompt-injection and toxic-content siblings, latency, app and data
// protection) with a "topic-guardrails" entry whose action is "allow" and topic-list is empty.
QJsonObject defaultPolicy();

// The first model-protection element named "topic-guardrails", if any.
std::optional<QJsonObject> guardrail(const QJsonObject &policy);
QList<TopicRef> topicRefs(const QJsonObject &guardrail);
QList<TopicRef> allTopicRefs(const QJsonObject &policy);

// Empty when the policy may be written; otherwise a message naming the offending field:
// an empty or null `topic` bucket, a bad bucket action, a topic entry without a known id.
QString validate(const QJsonObject &policy, const TopicStore &topics);

// The policy with `topicId` removed from every bucket; buckets left empty are dropped.
QJsonObject withoutTopic(const QJsonObject &policy, const QString &topicId);
} // namespace PolicyJson
