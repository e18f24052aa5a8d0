#include "numbercheck.h"

#include <cmath>

using namespace Qt::StringLiterals;

std::optional<double> NumberCheck::parseFinite(const QString &text)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

bool NumberCheck::within(double value, double min, double max)
{
    return std::isfinite(value) && value >= min && value <= max;
}

QString NumberCheck::rangeText(double min, double max)
{
    return u"%1 to %2"_s.arg(min).arg(max);
}
