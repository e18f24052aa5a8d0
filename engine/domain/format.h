#pragma once

#include <QString>

namespace Format {
// ×100 with one decimal and a percent sign: 0.8754 -> "87.5%".
QString percent(double fraction);
// A signed percentage-point delta: +2.5% / -0.3% ("+" when >= 0).
QString signedPercent(double fraction);
} // namespace Format
