// Precompiled for the test executables without widgets.
#pragma once

#include "../../engine/precompiled_network.h"
#include "precompiled_test.h"
