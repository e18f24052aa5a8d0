#pragma once

#include "runsettings.h"

#include <QString>

// How large a run's file may grow, judged before the run starts (issue 41): a run file holds
// its labelled prompts once and every scanned prompt of every iteration again, and the tool
// reads back no JSON file over BoundedRead::JsonLimit. A suite whose run would outgrow what
// can be read back is refused up front, with the figures, instead of being scanned and then
// lost.
namespace RunSize {

// The most a run file is planned to reach: three quarters of what is read back, so that what
// an estimate leaves out (the analysis, the event log, a longer stop reason) still fits.
qint64 plannedLimit();

// Bytes a run of these settings needs at most, from its prompts' lengths: the imported ones
// and the benchmark once, and per iteration every scanned prompt (a generated suite counted at
// its usual size, 50 prompts of 200 characters) with its result's fields.
qint64 estimate(const RunSettings &settings);

// Empty when the run fits; else why not, with the figures and what to change.
QString problem(const RunSettings &settings);

} // namespace RunSize
