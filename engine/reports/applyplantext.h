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
} // namespace ApplyPlanText
