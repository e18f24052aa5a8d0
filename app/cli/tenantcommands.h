#pragma once

#include "cli.h"

// What a person does to the tenant on purpose: apply an iteration's topic to the production
// profile, revert the last apply, and remove what stopped runs left behind.
int applyCommand(const QStringList &arguments, CliContext &ctx);
int revertCommand(const QStringList &arguments, CliContext &ctx);
int cleanupCommand(const QStringList &arguments, CliContext &ctx);
