#pragma once

#include "cli.h"

// What a person does to the tenant on purpose: apply an iteration's topic to the production
// profile (applycommand.cpp), revert the last apply (revertcommand.cpp), and remove what
// stopped runs left behind (cleanupcommand.cpp). Each runs its AIRS calls on the application's
// event loop, one step after the other, and returns the exit code the last step gave.
int applyCommand(const QStringList &arguments, CliContext &ctx);
int revertCommand(const QStringList &arguments, CliContext &ctx);
int cleanupCommand(const QStringList &arguments, CliContext &ctx);
