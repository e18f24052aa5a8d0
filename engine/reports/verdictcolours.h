#pragma once

#include <QLatin1StringView>

// The reports' verdict colours, as CSS colour names: good / fair / poor figures, and correct
// (good) / wrong (poor) results. Plain strings, so the reports need no Qt GUI.
namespace VerdictColours {
inline constexpr QLatin1StringView good("#007a58");
inline constexpr QLatin1StringView fair("#9a6700");
inline constexpr QLatin1StringView poor("#c03a00");
} // namespace VerdictColours
