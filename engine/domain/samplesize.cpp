#include "samplesize.h"

#include "proportionstats.h"

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {
// The Wilson interval at an expected rate (not a count): the precision a size gives before
// anything is measured.
ProportionStats::Interval wilsonAt(double rate, int trials)
{
    const double n = trials, z = ProportionStats::Z975, z2 = z * z;
    const double denominator = 1 + z2 / n;
    const double centre = (rate + z2 / (2 * n)) / denominator;
    const double half = z * std::sqrt(rate * (1 - rate) / n + z2 / (4 * n * n)) / denominator;
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}
} // namespace

double SampleSize::coverageHalfWidth(int positives, int negatives, double rate)
{
    if (positives <= 0 || negatives <= 0)
        return 0;
    const auto p = wilsonAt(rate, positives), n = wilsonAt(rate, negatives);
    return (std::min(p.high, n.high) - std::min(p.low, n.low)) / 2;
}

double SampleSize::coverageHalfWidth(int size, double rate)
{
    return coverageHalfWidth(size / 2, size - size / 2, rate);
}

int SampleSize::benchmarkFor(double halfWidth, double rate, int limit)
{
    if (!(halfWidth > 0))
        return limit + 1;
    // The half width shrinks as the size grows: bisect over even sizes.
    int low = 1, high = limit / 2; // per class
    if (coverageHalfWidth(2 * high, rate) > halfWidth)
        return limit + 1;
    while (low < high) {
        const int mid = (low + high) / 2;
        if (coverageHalfWidth(2 * mid, rate) <= halfWidth)
            high = mid;
        else
            low = mid + 1;
    }
    return 2 * low;
}

QString SampleSize::guidance(int size, double halfWidth)
{
    const auto points = [](double x) { return QString::number(100 * x, 'f', 1); };
    const QString wanted = u"±%1 points needs %2 prompts"_s.arg(QString::number(100 * halfWidth, 'g', 3))
                               .arg(benchmarkFor(halfWidth));
    if (size <= 1)
        return u"Without a benchmark, iterations are compared on their own tests only; %1 (--benchmark N)."_s.arg(wanted);
    return u"A %1-prompt benchmark (%2 per class) measures a coverage near %3% to about ±%4 points (95% interval); %5."_s
        .arg(QString::number(size), QString::number(size / 2), QString::number(qRound(100 * TypicalRate)),
             points(coverageHalfWidth(size)), wanted);
}
