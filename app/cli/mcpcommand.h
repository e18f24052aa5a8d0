#pragma once

#include "cli.h"

// `daystrom mcp [--allow-writes] [--sandbox]`: serves the engine to agents over the Model
// Context Protocol on standard input and output (app/cli/mcp/).
int mcpCommand(const QStringList &arguments, CliContext &ctx);
