#pragma once

#include "leftovers.h"

// What audits and impact checks left on the AIRS tenant (issue 55), from their records in
// <home>/audits: an audit's `tenant` (<id>.json) and an impact check's footprint
// (impact-<id>.json). One is an orphan only when its owner is gone, i.e. its lock
// (AuditLock::footprint) is not held by a live process; a file's existence says nothing.
namespace AuditLeftovers {

// Every audit (of `profile` only, when set; never `except`) and, without `profile`, every
// impact check, whose owner is gone and which left something on AIRS. A record held by a live
// process is passed over with a note.
Leftovers::Found find(const QString &home, const QString &profile = {}, const QString &except = {});

// Writes what is still on AIRS into the record: the audit's `tenant`, or the check's
// footprint (its file removed once nothing is left). Returns an error message, or empty.
QString record(const Leftovers::Run &run, const TenantFootprint &remaining);

} // namespace AuditLeftovers
