#include "signedrank.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <vector>

namespace {

struct Ranked
{
    double magnitude;
    bool positive;
};

} // namespace

SignedRank::Result SignedRank::test(const QList<double> &differences)
{
    Result result;
    QList<double> finite;
    std::vector<Ranked> nonZero;
    for (const double d : differences) {
        if (!std::isfinite(d))
            continue;
        finite.append(d);
        if (d == 0)
            ++result.zeros;
        else
            nonZero.push_back({std::abs(d), d > 0});
    }
    result.pairs = int(finite.size());
    result.ranked = int(nonZero.size());
    result.medianDifference = median(finite);
    if (nonZero.empty())
        return result;

    // Ranks are kept doubled: a midrank (i + j) / 2 of 1-based positions i..j is then the
    // integer i + j, so the permutation distribution below is a count over integer sums and
    // the observed statistic is compared exactly, with no floating-point tolerance needed.
    std::sort(nonZero.begin(), nonZero.end(), [](const Ranked &a, const Ranked &b) { return a.magnitude < b.magnitude; });
    const int n = int(nonZero.size());
    std::vector<int> doubledRanks(n);
    for (int first = 0; first < n;) {
        int last = first;
        while (last + 1 < n && nonZero[last + 1].magnitude == nonZero[first].magnitude)
            ++last;
        for (int k = first; k <= last; ++k)
            doubledRanks[k] = (first + 1) + (last + 1);
        first = last + 1;
    }
    int observed = 0; // doubled W+
    for (int k = 0; k < n; ++k)
        if (nonZero[k].positive)
            observed += doubledRanks[k];
    const int total = std::accumulate(doubledRanks.begin(), doubledRanks.end(), 0); // n (n + 1)
    result.wPlus = observed / 2.0;
    result.wMinus = (total - observed) / 2.0;

    // probability[s]: the chance that the positive ranks sum to s (doubled) when each sign is
    // a fair coin. Halving at every step keeps it a probability, where a count of subsets would
    // reach 2^n; long double keeps the tail sums accurate at a few hundred pairs.
    std::vector<long double> probability(total + 1, 0.0L);
    probability[0] = 1.0L;
    int reach = 0;
    for (const int rank : doubledRanks) {
        reach += rank;
        for (int s = reach; s >= 0; --s)
            probability[s] = 0.5L * (probability[s] + (s >= rank ? probability[s - rank] : 0.0L));
    }

    // Two-sided: every sum at least as far from the mean (total / 2) as the observed one. Twice
    // the distance keeps it an integer even when total / 2 is not.
    const int distance = std::abs(2 * observed - total);
    long double p = 0;
    for (int s = 0; s <= total; ++s)
        if (std::abs(2 * s - total) >= distance)
            p += probability[s];
    result.pTwoSided = std::clamp(double(p), 0.0, 1.0);
    return result;
}

double SignedRank::median(QList<double> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype middle = values.size() / 2;
    if (values.size() % 2 == 1)
        return values[middle];
    return (values[middle - 1] + values[middle]) / 2;
}
