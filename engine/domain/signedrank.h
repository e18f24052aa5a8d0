#pragma once

#include <QList>

// The Wilcoxon signed-rank test for paired differences, exact at every sample size this tool
// sees (a memory experiment has a few dozen pairs at most): whether the differences are
// centred on zero.
namespace SignedRank {

struct Result
{
    int pairs = 0;   // differences given
    int zeros = 0;   // differences of exactly 0: left out of the ranks (Wilcoxon's method)
    int ranked = 0;  // pairs - zeros
    double wPlus = 0;  // sum of the ranks of the positive differences (midranks on ties)
    double wMinus = 0; // sum of the ranks of the negative differences
    // Two-sided exact p-value: the probability, with each ranked difference's sign equally
    // likely + or -, of a W+ at least as far from its mean as the one observed. Computed from
    // the exact permutation distribution of the (mid)ranks, so ties are exact too. 1 when no
    // difference is ranked.
    double pTwoSided = 1;
    double medianDifference = 0; // of all the differences, zeros included; 0 when none
};

// NaN or infinite differences are left out (and not counted in `pairs`).
Result test(const QList<double> &differences);

// The median of `values` (the mean of the middle two for an even count); 0 when empty.
double median(QList<double> values);

} // namespace SignedRank
