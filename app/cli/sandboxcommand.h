#pragma once

#include "cli.h"

// daystrom sandbox serve [--port N] [--faults SPEC]: the AIRS and LLM emulators on 127.0.0.1
// until interrupted, optionally injecting faults at the given rates.
int sandboxCommand(const QStringList &arguments, CliContext &ctx);
