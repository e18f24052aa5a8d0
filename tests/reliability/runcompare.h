#pragma once

#include <QJsonObject>
#include <QStringList>

// Differences between a run and a reference run of the same settings: iteration numbers,
// metrics (working and benchmark) per iteration, and one result per test (no test lost,
// none duplicated). Empty when they agree.
QStringList compareRuns(const QJsonObject &run, const QJsonObject &reference);

// The prompts of the run's best iteration, distinct and sorted: what its Red Team prompt set
// must hold, each exactly once.
QStringList bestIterationPrompts(const QJsonObject &run);
