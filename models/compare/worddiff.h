#pragma once
// Moved to engine/domain (the CLI shows word diffs too); this forwarder goes once every include is updated.
#include "domain/worddiff.h"
