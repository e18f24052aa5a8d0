#pragma once

#include <QString>

// How precise a benchmark of a given size can be, and what size a wanted precision needs
// (issue 39): the figures shown where the benchmark size is chosen (New run, `--benchmark N`).
// Coverage is min(TPR, TNR) and its interval (MetricIntervals) takes each rate's Wilson
// interval at 97.5 %; with both rates at `rate` its half width is that interval's for the
// smaller class. An LLM-written benchmark is half positives, half negatives.
namespace SampleSize {

inline constexpr double TypicalRate = 0.9; // a topic near a usual 90 % target
inline constexpr double DefaultHalfWidth = 0.05;

// Half the width of coverage's interval when the classes have `positives` and `negatives`
// prompts and both rates are `rate` (0 when a class is empty: no interval).
double coverageHalfWidth(int positives, int negatives, double rate = TypicalRate);
// The same for an LLM-written benchmark of `size` prompts (half each).
double coverageHalfWidth(int size, double rate = TypicalRate);
// The smallest even benchmark size whose coverage half width at `rate` is at most `halfWidth`
// (searching up to `limit`; limit + 1 when even that is not enough).
int benchmarkFor(double halfWidth, double rate = TypicalRate, int limit = 100000);

// "A 60-prompt benchmark (30 per class) measures a coverage near 90% to about ±12.7 points
// (95% interval); ±5 points needs 370 prompts."
QString guidance(int size, double halfWidth = DefaultHalfWidth);

} // namespace SampleSize
