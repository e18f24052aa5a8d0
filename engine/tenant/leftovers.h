#pragma once

#include "domain/runstate.h"

#include <QLockFile>
#include <QStringList>

#include <memory>

// What stopped runs left on the AIRS tenant, from the record in each run file: scratch
// profiles and topics of a run that was killed, or whose clean-up AIRS refused. Shared by
// `daystrom cleanup` and the app's Clean-up dialog.
namespace Leftovers {

struct Run
{
    QString id;
    RunStatus status = RunStatus::Running;
    TenantFootprint footprint;
    QString topic; // the run's topic description, for a person to recognise it
    QString note;  // why a paused run is listed (it ran in place), for the person
};

struct Found
{
    QList<Run> runs;
    QStringList notes; // runs passed over and why (paused, being driven, unreadable)
};

// Every run in `runsDir` with something on AIRS. A run being driven by a process is passed
// over, and so is a paused one (it keeps its objects for resume) unless `ids` names it or it
// ran in place (its objects are on production); non-empty `ids` limits the search to those runs.
Found find(const QString &runsDir, const QStringList &ids = {});

// How a found run's status reads to a person ("running" there means killed).
QString statusText(RunStatus status);

// The run's lock, or null when a live process holds it (`holder` then names its pid).
std::unique_ptr<QLockFile> lock(const QString &runsDir, const QString &id, qint64 *holder = nullptr);

// Writes what is still on AIRS into the run file; when nothing is, the checkpoint forgets the
// deleted topics so a resume deploys anew. Returns an error message, or empty.
QString record(const QString &runsDir, const QString &id, const TenantFootprint &remaining);

} // namespace Leftovers
