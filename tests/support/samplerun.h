#pragma once

#include "domain/runstate.h"

namespace SampleRun {
// A completed two-iteration block-intent run (iterations 1 and 3: numbers have a gap, as
// after a skipped duplicate). Iteration 3 is the best one.
RunState make(const QString &id = QStringLiteral("Vx3kP9_qLm2-ZtR8aB4cD"));
TestResult result(const QString &prompt, bool expected, bool actual, const QString &category,
                  TestSource source = TestSource::Generated);
} // namespace SampleRun
