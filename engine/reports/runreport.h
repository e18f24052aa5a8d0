#pragma once

#include "domain/runstate.h"

#include <QJsonObject>

// Reports of one run (behaviour reference §5.3): the chosen iteration is looked up by its
// number (the best one by default), never by array position.
namespace RunReport {

struct Options
{
    int iteration = 0;         // 0 = the best (or, without a best, the last recorded)
    bool includeTests = false; // per-test lines / a "tests" array
};

// The iteration a report shows, or null with `error` set ("run X has no iteration 4 …").
const IterationResult *chosenIteration(const RunState &run, int iteration, QString *error);

QString text(const RunState &run, const Options &options);
// {"version":1,"generatedAt","run":{…},"iterations":[…]}: every recorded iteration, or only
// the chosen one when options.iteration is set.
QJsonObject json(const RunState &run, const Options &options, const QDateTime &generatedAt);
// The chosen iteration's tests as CSV, in the original's --save-tests format:
// prompt,expected_triggered,category,source,actual_triggered,correct (prompt and category
// quoted with "" escaping, source "generated" when absent, no trailing newline).
QString testsCsv(const IterationResult &iteration);

} // namespace RunReport
