#pragma once

// Moved to engine/reports (issue 59: formats in one room). This forwarder stays only until
// models/session/profileauditcontroller.cpp includes "reports/audithtml.h"; then delete it.
#include "reports/audithtml.h"
