#pragma once

#include "tenant/topicapplier.h"

#include <QStringList>

// An apply plan as plain text for a person to confirm (`daystrom apply`): each topic created,
// updated (its description as a word diff, [-removed-]{+added+}, and the examples removed and
// added) or already as written; the pins; and the profile's action for prompts that match
// none of its topics, in words when it changes.
namespace ApplyPlanText {
QStringList lines(const TopicApplier::Plan &plan);
QString wordDiff(const QString &before, const QString &after); // "a [-b-]{+c+} d"
// What reverting `record` takes back, as the lines `daystrom revert --plan` prints: the apply
// (iteration, profile, when), the topics it created and updated, and the policy it changed.
QStringList revertLines(const ApplyRecord &record);
// The plan's fingerprint: SHA-256 (64 lower-case hex digits) of the lines as shown, one '\n'
// after each. `apply --plan-hash` and `revert --plan-hash` write only the plan that hashes to it,
// so what is written is what was shown (the MCP server's apply and revert need it).
QString hash(const QStringList &lines);
} // namespace ApplyPlanText
