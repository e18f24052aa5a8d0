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
// `others` is Drop; topics named in `replaced` are removed (the assignments take their place).
// Missing parts are created (model-type "default"); every other field of the policy is left
// exactly as it was.
QJsonObject withTopicGuardrails(const QJsonObject &policy, const QList<TopicAssignment> &assignments,
                                const QString &guardrailAction, OtherTopics others = OtherTopics::Keep,
                                const QStringList &replaced = {});

// The topics the topic-guardrails entry pins, in order, each with its group's action.
QList<TopicAssignment> assignedTopics(const QJsonObject &policy);

// `policy` without the named topics in its topic-guardrails entry (empty groups dropped).
QJsonObject withoutTopics(const QJsonObject &policy, const QStringList &names);

// `current` with its topic guardrails put back as they were in `before`: exactly `before` when
// nothing else differs between the two, else `current` with only the topic-guardrails entry
// replaced by (or, when `before` had none, stripped of) the earlier one, so a change someone
// else made meanwhile to another part of the policy survives.
QJsonObject withTopicGuardrailsOf(const QJsonObject &current, const QJsonObject &before);

// The topic-guardrails entry of a policy, or {} when there is none.
QJsonObject topicGuardrails(const QJsonObject &policy);
// That entry's action for prompts that match none of its topics ("allow", "block"; empty when
// there is no entry).
QString guardrailAction(const QJsonObject &policy);
} // namespace ProfilePolicy
