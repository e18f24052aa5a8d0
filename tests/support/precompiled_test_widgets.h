// Precompiled for the test executables that link QtWidgets (the GUI tests).
#pragma once

#include "../../ui/precompiled_widgets.h"
#include "precompiled_test.h"
