#pragma once

// Moved to engine/reports (issue 59: formats in one room). This forwarder stays only until
// app/cli/tenantcommands.cpp includes "reports/applyplantext.h"; then delete it.
#include "reports/applyplantext.h"
