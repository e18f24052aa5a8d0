#pragma once

#include "cli.h"

// daystrom library list [--format text|json] | show NAME: the starter topic library (issue 44).
int libraryCommand(const QStringList &arguments, CliContext &ctx);
