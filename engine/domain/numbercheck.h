#pragma once

#include <QString>

#include <optional>

// The one number check shared by the CLI flags, the config cascade (flags, environment,
// config.json) and the run-file loader: a value is accepted only when it is finite (no NaN,
// no infinity, which pass every `v < min || v > max` test) and inside its range.
namespace NumberCheck {

// Parses text as a finite number ("nan", "inf", "1e999" and garbage give nullopt).
std::optional<double> parseFinite(const QString &text);

// True when `value` is finite and min <= value <= max.
bool within(double value, double min, double max);

// "0 to 1", "10 to 100": the range as a person reads it.
QString rangeText(double min, double max);

} // namespace NumberCheck
