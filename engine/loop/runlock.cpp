#include "runlock.h"

#include "domain/lockfiles.h"
#include "runs/runstore.h"

#include <QDir>

using namespace Qt::StringLiterals;

std::unique_ptr<QLockFile> RunLock::acquire(const QString &runsDirectory, const QString &runId, QString *error)
{
    const QString runsDir = QDir::toNativeSeparators(runsDirectory);
    if (!QDir().mkpath(runsDirectory)) {
        *error = u"cannot create the runs directory %1; check that it is writable"_s.arg(runsDir);
        return nullptr;
    }
    RunStore(runsDirectory).removeStaleLocks();
    auto lock = std::make_unique<QLockFile>(QDir(runsDirectory).filePath(runId + u".lock"_s));
    if (LockFiles::tryLock(*lock)) // stale only when its process is gone
        return lock;
    const qint64 pid = LockFiles::holder(*lock);
    if (lock->error() == QLockFile::LockFailedError && pid != 0)
        *error = u"run %1 is already being driven by another process (pid %2)"_s.arg(runId).arg(pid);
    else if (lock->error() == QLockFile::LockFailedError)
        *error = u"run %1 is locked by a process that has not written its pid yet; try again in a few seconds"_s.arg(runId);
    else
        *error = u"cannot write the run's lock file in %1 (%2); check that the directory is writable"_s.arg(
            runsDir, lock->error() == QLockFile::PermissionError ? u"permission denied"_s : u"unknown error"_s);
    return nullptr;
}
