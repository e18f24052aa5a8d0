#include "format.h"

using namespace Qt::StringLiterals;

QString Format::percent(double fraction)
{
    return QString::number(fraction * 100.0, 'f', 1) + u'%';
}

QString Format::signedPercent(double fraction)
{
    return (fraction >= 0 ? u"+"_s : QString()) + percent(fraction);
}

QString Format::withInterval(double fraction, const std::optional<ProportionStats::Interval> &interval)
{
    if (!interval)
        return percent(fraction);
    return u"%1 [%2–%3]"_s.arg(percent(fraction), percent(interval->low), percent(interval->high));
}
