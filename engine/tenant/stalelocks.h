#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

// Lock files a killed process left in a Daystrom home (issue 57: 16 after 16 kills). Every
// lock there is stale only once its process is gone (LockFiles), and the next command that
// wants one takes it over; until then it sits there, and a person looking at the directory
// cannot tell a live lock from a dead one. `daystrom cleanup` (through Leftovers::findAll)
// lists them, each with the owner its file names, and removes them with --yes.
//
// A lock is stale here by QLockFile's own rule, read without taking it: its file names a
// process on this machine (host id, else host name) that is gone — not running, a different
// program under the pid, or an earlier boot — or it names none and is older than
// LockFiles::OwnerlessGraceMs. A lock of another machine (a home on a network drive) is never
// stale here. Finding one changes nothing; Leftovers removes it by taking it over with
// LockFiles::tryLock, so a lock a live process took meanwhile stays.
namespace StaleLocks {

struct Lock
{
    QString path;
    qint64 pid = 0;  // 0: the file names no process (killed while writing it)
    QString program; // the process name the file gives ("daystrom", "daystrom-studio")
    QString host;
    QDateTime since; // when the file was written
    QString command; // from the `.owner` file beside it ("daystrom apply --impact"), when it is
                     // this pid's
    QString what;    // what it guarded, in a person's words ("run abc", "profile \"p\"")
};

// Stale lock files (`*.lock`, `*.rmlock`) in each of `dirs` and its subdirectories down to
// `depth` levels; each file once, however it is reached.
QList<Lock> find(const QStringList &dirs, int depth = 3);

// Whether `path` is a stale lock, and what its file says (`lock` may be null).
bool isStale(const QString &path, Lock *lock = nullptr);

// "pid 4242 (`daystrom audit`, program daystrom) on this machine, since 2026-12-03 08:00:00 UTC";
// "no process (its file is empty: killed while writing it), since …".
QString owner(const Lock &lock);

// The `.owner` file that may sit beside a lock (AuditLock, ProfileWriteLock): the command
// and profile of whoever holds it.
QString ownerFile(const QString &lockPath);

} // namespace StaleLocks
