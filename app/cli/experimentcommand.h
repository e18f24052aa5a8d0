#pragma once

#include "cli.h"

// daystrom experiment memory: does memory help? Every topic of a list runs with memory off and
// with memory on (reading only what the experiment's earlier topics taught), over N random
// orders; the report compares iterations to target with a paired exact test.
int experimentCommand(const QStringList &arguments, CliContext &ctx);
