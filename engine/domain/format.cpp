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
