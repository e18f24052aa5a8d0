#pragma once

#include "cli.h"

// Shared by the commands: the run directory from the config cascade, or an error line.
QString runsDirectory(CliContext &ctx, int *exitCode);

int runsCommand(const QStringList &arguments, CliContext &ctx);
