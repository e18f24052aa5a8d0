#pragma once

#include <QLockFile>
#include <QString>

#include <memory>

// One process drives a run at a time: the run holds `<runs directory>/<run id>.lock` while it
// runs. A lock whose process is gone is stale and taken over (LockFiles::tryLock).
namespace RunLock {
// The held lock, or null with `error` saying why in a person's words.
std::unique_ptr<QLockFile> acquire(const QString &runsDirectory, const QString &runId, QString *error);
} // namespace RunLock
