#pragma once

#include "domain/runstate.h"

// The loop's decisions as pure functions over the run state (behaviour reference §2.1,
// §2.5–§2.7), with the §6 fixes: iterations found by number, the first recorded iteration
// is always the first best (so recovery works after a 0-coverage start), a tie is neither an
// improvement nor a regression, and a plateau needs a flat window with no new best in it.
//
// On the held-out benchmark (the default) the decisions allow for noise (issue 39; README
// "Decisions that allow for noise"): an iteration is better or worse than the best only when
// the paired comparison says so (PairedComparison: coverage, decided on the class that limits
// it, exact McNemar p < 0.05, on the prompts both scanned with any prompt unstable in either
// left out of both), the target is reached only by the best iteration with its unstable
// prompts counted as errors, and a plateau is measured on the prompts stable in the whole
// window. On the working suite (runs without a benchmark, or `--decide-on working`) they are
// the original's point estimates: different iterations' suites are different prompts.
namespace LoopPolicy {

inline constexpr int RecoveryThreshold = 2;
inline constexpr double Alpha = 0.05; // the p-value below which a difference is called real

// Whether the run decides on its held-out benchmark (both iterations must have one).
bool decidesOnBenchmark(const RunState &run, const IterationResult &a, const IterationResult &b);
// Whether the weaker of the prompt and response sides decides (RunSettings::decideOnBothDirections;
// both iterations must have response tests). Iterations are then compared on the minimum's value:
// the paired test holds for one set of prompts, not for a minimum over two.
bool decidesOnBothDirections(const RunState &run, const IterationResult &a, const IterationResult &b);

enum class Change { Better, Same, Worse };
// How `b` compares with `a` as the loop judges it (see above).
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

// The figure the target is checked against: the deciding coverage, with the benchmark's
// unstable prompts counted as errors (a prompt that is not reliably right is not right).
EfficacyMetrics targetMetrics(const RunState &run, const IterationResult &it);
// On the benchmark only the best iteration reaches the target; on the working suite, any.
bool targetReached(const RunState &run, const IterationResult &recorded);

} // namespace LoopPolicy
