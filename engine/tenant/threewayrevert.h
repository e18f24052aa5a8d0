#pragma once

#include "airs/airstypes.h"
#include "domain/tenantfootprint.h"

#include <QJsonObject>
#include <QStringList>

// What reverting an apply may take back when production moved since (issue 38): the apply's
// record holds the policy before it and as it left it, and the revisions it wrote; production
// is read now. Revert removes only the pins the apply added or changed and still stand as it
// left them, puts back the action only if it is still the apply's, gives back earlier text only
// to topics still at the revision the apply wrote, and deletes created topics only when nobody
// changed them since. Everything a colleague changed meanwhile stays, and is named as a
// conflict; with `force`, the apply's side is taken back regardless (the old exact revert).
namespace ThreeWayRevert {

struct Plan
{
    QJsonObject policy;   // the policy to write (the current one when nothing is to change there)
    bool profileChanges = false;
    QList<CreatedObject> deleteTopics;
    QList<ApplyRecord::UpdatedTopic> restoreTexts;
    // Where production moved since the apply, one line each: what the apply wrote, what is
    // there now, what revert would put back. Empty: the revert takes back exactly the apply.
    QStringList conflicts;
};

// `current`: the profile's policy now; `revisions`: every topic's current revision by id (a
// topic missing from it is gone). With `force`, conflicts are still listed, and overwritten.
Plan compute(const ApplyRecord &record, const QJsonObject &current, const QHash<QString, int> &revisions, bool force);

} // namespace ThreeWayRevert
