#pragma once

#include "cli.h"

// daystrom sandbox serve [--port N]: the AIRS emulator on 127.0.0.1 until interrupted.
int sandboxCommand(const QStringList &arguments, CliContext &ctx);
