#pragma once

#include "runsettings.h"

// The tests a run may add beside its benchmark (issue 43): response tests and the robustness
// set. Both are off by default and cost scans in every iteration.
namespace ExtraTests {

// Why these settings cannot run, or empty: response tests need block intent (for an allow
// topic AIRS's answer gives no per-direction match signal we could confirm); "both" needs
// response tests; robustness rewrites a sample of the benchmark, so it needs one.
QString problem(const RunSettings &s);

struct Cost
{
    int responseScans = 0; // per iteration
    int rewriteScans = 0;  // per iteration, at most (a rewrite that changes nothing is not scanned)
    int llmCalls = 0;      // once, at the start
};
Cost costOf(const RunSettings &s);
// One line for the CLI, before the run; empty when neither is on.
QString costLine(const RunSettings &s);

} // namespace ExtraTests
