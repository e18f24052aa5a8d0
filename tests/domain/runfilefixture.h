#pragma once

// Shared by the run-file tests: the original tool's fixture, runs built in code with every
// field set, JSON path patching for bad-input rows, and a save/parse round trip.

#include "domain/runstate.h"
#include "runs/runstore.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <variant>

namespace RunFileFixture {

inline const QString FixturePath = QStringLiteral(DAYSTROM_TEST_DATA "/original/run-original.json");
inline const QString FixtureId = QStringLiteral("V1StGXR8_Z5jdHi6B-myT");

QDateTime utc(int y, int mo, int d, int h, int mi, int s, int ms);
QJsonObject readObject(const QString &path);

// A JSON path such as "iterations[0].metrics.coverage", split into keys and array indexes.
using Segment = std::variant<QString, qsizetype>;
QList<Segment> parsePath(const QString &path);
QJsonValue lookup(const QJsonObject &root, const QString &path); // undefined when absent
// `root` with the value at `path` set (or, for an undefined value, removed).
QJsonObject patched(const QJsonObject &root, const QString &path, const QJsonValue &value);

// Every key and value of `original` is present, unchanged, in `ours` (which may add fields).
// Reports through QVERIFY/QCOMPARE.
void verifyContains(const QJsonValue &ours, const QJsonValue &original, const QString &path);

RunStore::Loaded parseFixture();
IterationResult makeIteration(int number, bool everyOptional);
RunState makeRun(bool everyOptional, RunStatus status);
RunState roundTrip(const RunState &run, QString *error); // indented JSON, then RunStore::parse

} // namespace RunFileFixture
