#pragma once

#include "cli.h"

// Shared by the commands: the run directory from the config cascade, or an error line. With
// `sandbox`, the sandbox's own run directory (<home>/sandbox/runs).
QString runsDirectory(CliContext &ctx, int *exitCode, bool sandbox = false);

int runsCommand(const QStringList &arguments, CliContext &ctx);
