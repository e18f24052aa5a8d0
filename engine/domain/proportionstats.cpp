#include "proportionstats.h"

#include <algorithm>
#include <cmath>

std::optional<ProportionStats::Interval> ProportionStats::wilson(qint64 successes, qint64 trials, double z)
{
    if (trials <= 0 || successes < 0 || successes > trials)
        return std::nullopt;
    const double n = double(trials);
    const double p = double(successes) / n;
    const double z2 = z * z;
    const double denominator = 1 + z2 / n;
    const double centre = (p + z2 / (2 * n)) / denominator;
    const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator;
    // At 0/n and n/n the formula lands on the bound itself; say so exactly, not 1e-17 off.
    const double low = successes == 0 ? 0.0 : std::max(0.0, centre - half);
    const double high = successes == trials ? 1.0 : std::min(1.0, centre + half);
    return Interval{low, high};
}

double ProportionStats::mcnemarExact(qint64 b, qint64 c)
{
    if (b < 0 || c < 0)
        return 1.0;
    const qint64 n = b + c;
    if (n == 0)
        return 1.0;
    const qint64 k = std::min(b, c);
    // Sum the lower tail in log space: C(n, i) / 2^n overflows doubles for a few thousand pairs.
    const double log2n = double(n) * std::log(2.0);
    double tail = 0;
    for (qint64 i = 0; i <= k; ++i) {
        const double logChoose = std::lgamma(double(n) + 1) - std::lgamma(double(i) + 1) - std::lgamma(double(n - i) + 1);
        tail += std::exp(logChoose - log2n);
    }
    return std::min(1.0, 2 * tail);
}

namespace {
double logChoose(qint64 n, qint64 k)
{
    return std::lgamma(double(n) + 1) - std::lgamma(double(k) + 1) - std::lgamma(double(n - k) + 1);
}
} // namespace

double ProportionStats::fisherGreater(qint64 x1, qint64 n1, qint64 x2, qint64 n2)
{
    if (n1 <= 0 || n2 <= 0 || x1 < 0 || x2 < 0 || x1 > n1 || x2 > n2)
        return 1.0;
    const qint64 successes = x1 + x2, all = n1 + n2;
    const double whole = logChoose(all, n1);
    double tail = 0;
    for (qint64 x = x1; x <= std::min(successes, n1); ++x) {
        if (successes - x > n2)
            continue;
        tail += std::exp(logChoose(successes, x) + logChoose(all - successes, n1 - x) - whole);
    }
    return std::min(1.0, tail);
}
