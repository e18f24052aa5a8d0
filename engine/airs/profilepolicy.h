#pragma once

#include "airstypes.h"

#include <QJsonObject>
#include <QList>

namespace ProfilePolicy {
enum class OtherTopics { Keep, Drop };

// Returns a copy of `policy` whose first ai-security-profiles[].model-configuration
// .model-protection "topic-guardrails" entry has `guardrailAction` and a topic-list where each
// assigned topic sits, pinned at its revision, in the group of its action (groups in
// first-appearance order, empty groups omitted). Topics already on the profile that are not
// assigned are kept where they were (the original wiped them, reference §6 item 18) unless
// `others` is Drop. Missing parts are created (model-type "default"); every other field of the
// policy is left exactly as it was.
QJsonObject withTopicGuardrails(const QJsonObject &policy, const QList<TopicAssignment> &assignments,
                                const QString &guardrailAction, OtherTopics others = OtherTopics::Keep);

// The topic-guardrails entry of a policy, or {} when there is none.
QJsonObject topicGuardrails(const QJsonObject &policy);
} // namespace ProfilePolicy
