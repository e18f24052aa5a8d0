#pragma once

#include "cli.h"

// `daystrom audit --profile NAME`: every custom topic of a profile measured together (issue 42).
int auditCommand(const QStringList &arguments, CliContext &ctx);
