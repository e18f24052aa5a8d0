#pragma once

#include "domain/decision.h"
#include "domain/runstate.h"

// The loop's decisions as pure functions over the run state (behaviour reference §2.1,
// §2.5–§2.7), with the §6 fixes: iterations found by number, the first recorded iteration
// is always the first best (so recovery works after a 0-coverage start), a tie is neither an
// improvement nor a regression, and a plateau needs a flat window with no new best in it.
//
// What is better, the best and the target are Decision's (engine/domain/decision.h, issue 56):
// these functions apply its verdicts to the run state. A plateau is measured on the prompts
// stable in the whole window.
namespace LoopPolicy {

inline constexpr int RecoveryThreshold = 2;
using Change = Decision::Change;
// How `b` compares with `a` as the loop judges it (Decision::judge).
Change judge(const RunState &run, const IterationResult &a, const IterationResult &b);

// How a just-recorded iteration compares with the run's best so far, for the run's story
// (IterationResult::judgement): "first", "better", "within-noise" (on the benchmark, a
// different figure the paired comparison does not call real), "equal" or "worse".
QString judgement(const RunState &run, const IterationResult &recorded);

// Updates bestIteration/bestCoverage/consecutiveRegressions for a just-recorded iteration.
// Returns true when it became the new best.
bool updateBest(RunState &run, const IterationResult &recorded);
// Chooses the best iteration again over every recorded one, in order, by the same rule (after
// a person corrected a label the figures change); the consecutive-regression count is left as
// the loop counted it.
void rechooseBest(RunState &run);
// a's and b's deciding coverage on figures that can be compared: on the benchmark, on the
// prompts both were asked with any prompt unstable in either left out of both.
std::pair<double, double> comparableCoverage(const RunState &run, const IterationResult &a, const IterationResult &b);

// The number of the first recorded iteration with exactly this description and examples
// (the name is ignored), or 0.
int duplicateOf(const RunState &run, const Topic &topic);

enum class Recovery { None, Revert, Simplify };
// Tier 1 (revert to the best) before tier 2 (simplify), each once per run, only after
// RecoveryThreshold consecutive regressions and only when there is a best.
Recovery chooseRecovery(const RunState &run);
// Tier 3: stop after maxRegressions consecutive regressions (0 = never).
bool shouldStopEarly(const RunState &run);

struct Plateau
{
    bool reached = false;
    double min = 0;
    double max = 0;
};
// Opt-in (plateauWindow > 0): the last `window` recorded coverages stay within `band` and
// none of those iterations set a new best.
Plateau checkPlateau(const RunState &run);

// Whether the just-recorded iteration reaches the target (Decision::targetReached).
bool targetReached(const RunState &run, const IterationResult &recorded);

} // namespace LoopPolicy
