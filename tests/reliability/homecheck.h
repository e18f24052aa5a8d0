#pragma once

#include <QJsonObject>
#include <QProcessEnvironment>
#include <QStringList>

// What the reliability tests check on a DAYSTROM_HOME after kills, faults or bad input.
namespace HomeCheck {
// Every *.json file under `home` that does not parse as a JSON object (relative paths).
QStringList unparseableJson(const QString &home);
// Every file under `home` whose name contains ".corrupt-" or ends in ".lock".
QStringList leftovers(const QString &home, const QString &pattern);
// The run file runs/<id>.json (or sandbox/runs/<id>.json) as an object; empty when absent.
QJsonObject runFile(const QString &home, const QString &runId);
// The ids of the run files under runs/ (no sandbox runs).
QStringList runIds(const QString &home);
// Iteration numbers of a run, in file order.
QList<int> iterationNumbers(const QJsonObject &run);
// Learning objects of every memory/<category>.json file.
QList<QJsonObject> learnings(const QString &home);
// A minimal environment for a child `daystrom`: PATH, HOME and DAYSTROM_HOME only.
QProcessEnvironment childEnv(const QString &home);
} // namespace HomeCheck
