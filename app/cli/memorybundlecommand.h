#pragma once

#include "cli.h"

// `daystrom memory export [--category KEY]... FILE` and `daystrom memory import [--yes] FILE`:
// team bundles (memorystore/memorybundle.h). Import is a dry run unless --yes is given.
int memoryBundleCommand(const QString &subcommand, const QStringList &arguments,
                        CliContext &context);
