#pragma once

#include "cli.h"

// `daystrom compare <run> <A> <B>`: whether iteration B is better than A on the prompts both
// scanned (fixed, broken, exact McNemar p-value, a plain verdict), as text or JSON.
int compareCommand(const QStringList &arguments, CliContext &ctx);
