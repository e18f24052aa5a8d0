#pragma once

#include "cli.h"

// `daystrom completion bash|zsh|fish`: the completion script, from the option tables.
int completionCommand(const QStringList &arguments, CliContext &context);
// `daystrom __complete runs|profiles|categories [--sandbox]`: what the scripts offer as run
// ids, profile names and memory categories, one a line, read from local files only (never the
// network: it runs at every Tab). Nothing on stderr, and exit 0 also when there is nothing.
int completeCommand(const QStringList &arguments, CliContext &context);
