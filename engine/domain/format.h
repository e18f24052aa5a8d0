#pragma once

#include "proportionstats.h"

#include <QString>

#include <optional>

namespace Format {
// ×100 with one decimal and a percent sign: 0.8754 -> "87.5%".
QString percent(double fraction);
// A signed percentage-point delta: +2.5% / -0.3% ("+" when >= 0).
QString signedPercent(double fraction);
// "73.3% [55.6–85.8]" (a 95 % interval), or the bare figure when there is none.
QString withInterval(double fraction, const std::optional<ProportionStats::Interval> &interval);
} // namespace Format
