#pragma once

#include "cli.h"

int reportCommand(const QStringList &arguments, CliContext &ctx);
