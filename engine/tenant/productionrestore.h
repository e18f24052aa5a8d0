#pragma once

#include "airs/airserror.h"
#include "airs/airstypes.h"
#include "domain/tenantfootprint.h"

#include <QStringList>

#include <functional>

class ManagementClient;
class QObject;

// Puts an in-place run's production profile back (issue 38: "the in-place restore follows the
// same rule" as revert). With the policy the run last wrote on record, it is three-way
// (ThreeWayRevert): the run's pins and its action are taken back where they still stand as the
// run left them, and whatever a colleague changed meanwhile stays (`kept` names where their
// change and the run's meet). Without that record (a run file from before), the topic
// guardrails are put back exactly as before the run.
namespace ProductionRestore {
using Done = std::function<void(const AirsResult<AirsProfile> &result, const QStringList &kept)>;
void putBack(ManagementClient *management, const TenantFootprint &footprint, QObject *context, Done done);
} // namespace ProductionRestore
