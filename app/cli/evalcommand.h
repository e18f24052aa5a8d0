#pragma once

#include "cli.h"

// daystrom eval --prompts FILE.csv --profile P [--intent block|allow]: scores what the
// profile enforces now against labelled prompts, without calling the LLM.
int evalCommand(const QStringList &arguments, CliContext &ctx);
