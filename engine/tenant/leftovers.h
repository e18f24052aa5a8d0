#pragma once

#include "domain/runstate.h"

#include <QLockFile>
#include <QStringList>

#include <memory>

// What stopped runs left on the AIRS tenant, from the record in each run file: scratch
// profiles and topics of a run that was killed, or whose clean-up AIRS refused. Shared by
// `daystrom cleanup` and the app's Clean-up dialog. Audits and impact checks leave scratch
// profiles too, recorded in <home>/audits (AuditLeftovers), and killed processes leave stale
// lock files (StaleLocks, issue 57); cross-run comparisons keep their scratch objects in their
// state files in <home>/comparisons (issue 61): findAll() finds all four.
namespace Leftovers {

// One record of objects left on AIRS: a run's file, an audit's, or an impact check's footprint.
struct Run
{
    // StaleLock: a lock file whose process is gone, nothing on AIRS (an empty footprint);
    // `store` is its path. Cleaning it up takes it over (lock()) and removes it with the
    // `.owner` beside it (record()).
    // Comparison: a cross-run comparison's state (<home>/comparisons/<id>.json, issue 61)
    // whose scan of a candidate was killed, or whose clean-up AIRS refused.
    enum class Kind { Run, Audit, ImpactCheck, StaleLock, Comparison };

    QString id;
    RunStatus status = RunStatus::Running; // a run's; an audit or check reads `heading`
    TenantFootprint footprint;
    QString topic; // the run's topic description, for a person to recognise it
    QString note;  // why a paused run is listed (it ran in place), for the person
    Kind kind = Kind::Run;
    QString store;   // where its record is: the runs directory, or the home whose audits/ holds it
    QString heading; // an audit's or check's first line in a listing (a run's is made from the above)
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

// Runs (as find()), what audits and impact checks whose process is gone left
// (AuditLeftovers::find) and what comparisons whose process is gone left (findComparisons),
// with the notes of all, and the stale lock files in `runsDir` and
// `auditsHome` (StaleLocks::find; the lock of a record listed above is not listed again:
// cleaning the record takes it over).
Found findAll(const QString &runsDir, const QString &auditsHome);

// Every cross-run comparison in <home>/comparisons whose process is gone (its lock is free) and
// which left something on AIRS; one held by a live process is passed over with a note.
Found findComparisons(const QString &home);

// How a found run's status reads to a person ("running" there means killed).
QString statusText(RunStatus status);
// A found record's first line in a listing: "Run <id> (<status>, "<topic>")", "Audit <id> …".
QString heading(const Run &run);
// The record's lock (lock() for a run; a stale lock file itself, taken over), or null when a
// live process holds it.
std::unique_ptr<QLockFile> lock(const Run &run, qint64 *holder = nullptr);
// record() for a run; for an audit or an impact check, its own file (AuditLeftovers::record);
// for a stale lock, removes the `.owner` file beside it (the lock file goes when the lock
// lock() returned is released).
QString record(const Run &run, const TenantFootprint &remaining);

// The run's lock, or null when a live process holds it (`holder` then names its pid).
std::unique_ptr<QLockFile> lock(const QString &runsDir, const QString &id, qint64 *holder = nullptr);

// Writes what is still on AIRS into the run file; when nothing is, the checkpoint forgets the
// deleted topics so a resume deploys anew. Returns an error message, or empty.
QString record(const QString &runsDir, const QString &id, const TenantFootprint &remaining);

} // namespace Leftovers
