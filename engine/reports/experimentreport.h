#pragma once

#include <QJsonObject>
#include <QString>

struct ExperimentOutcome;

// The memory experiment's report in three forms. Each states, per topic and arm: iterations to
// target (and whether the target was reached), LLM calls, tokens, scans and the final benchmark
// coverage with its interval; and overall: the median change in iterations to target, the
// Wilcoxon signed-rank test on the paired differences, and the plain sentence of
// ExperimentOutcome::summary(). A sandbox experiment's report says ExperimentOutcome::
// sandboxCaveat() in each form.
namespace ExperimentReport {

QString text(const ExperimentOutcome &outcome);
QJsonObject json(const ExperimentOutcome &outcome);
// One self-contained page: inline CSS and an inline SVG chart (iterations to target per topic,
// both arms side by side), no script, no external file, font or URL, so it opens offline.
// Every text from a run (topics) is HTML-escaped.
QString html(const ExperimentOutcome &outcome);

} // namespace ExperimentReport
