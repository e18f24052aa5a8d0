#pragma once

#include <QtGlobal>

#include <optional>

// Small-sample statistics for the efficacy figures: how far a rate measured on a few dozen
// prompts can be trusted, and whether two iterations scored on the same prompts differ by
// more than chance.
namespace ProportionStats {

// The 97.5th percentile of the standard normal distribution (two-sided 95 %).
inline constexpr double Z95 = 1.959963984540054;
// The 98.75th percentile (two-sided 97.5 %): two intervals at this level hold together with at
// least 95 % (Bonferroni), as the coverage interval needs.
inline constexpr double Z975 = 2.241402727604947;

struct Interval
{
    double low = 0;
    double high = 1;
    friend bool operator==(const Interval &, const Interval &) = default;
};

// The Wilson score interval without continuity correction (Wilson 1927; method 3 of Newcombe,
// Statistics in Medicine 17:857-872, 1998) for `successes` out of `trials`. Unlike the Wald
// interval it stays inside [0, 1] and is not empty at 0/n or n/n. No trials: no interval.
std::optional<Interval> wilson(qint64 successes, qint64 trials, double z = Z95);

// The exact (conditional) McNemar test for paired outcomes: of the pairs that disagree, `b`
// went one way and `c` the other; under "no difference" b ~ Binomial(b + c, 1/2). Returns the
// two-sided p-value min(1, 2 · P(X <= min(b, c))); 1 when no pair disagrees.
double mcnemarExact(qint64 b, qint64 c);

// Fisher's exact test, one-sided, for two independent samples: the probability, when both
// have the same rate, of `x1` or more successes in the first sample of `n1` given that the two
// samples of `n1` and `n2` hold `x1 + x2` successes in all (the hypergeometric upper tail).
// Small when the first rate is above the second beyond noise; 1 for an empty sample.
double fisherGreater(qint64 x1, qint64 n1, qint64 x2, qint64 n2);

} // namespace ProportionStats
