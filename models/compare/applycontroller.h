#pragma once

// Moved to models/session/ (issue 59). Kept only while ui/compare/applyplanhtml.h, which
// another change owns, still includes this path; remove it once that include is updated.
#include "models/session/applycontroller.h"
