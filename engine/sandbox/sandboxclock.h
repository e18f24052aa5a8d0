#pragma once

#include <QString>

// Timestamps for emulator objects: ISO-8601 UTC with milliseconds ("…T10:00:00.123Z"),
// strictly increasing within the process so an update always gets a newer value.
namespace SandboxClock {
QString nowIso();
} // namespace SandboxClock
