#pragma once

#include <QtGlobal>

#include <functional>

class QLockFile;

// Taking the QLockFiles that guard a Daystrom home's files (memory categories, the feedback log,
// run files).
//
// Every lock here is stale only when its process is gone (staleLockTime 0): a live writer of a
// large file is waited for, never robbed because it took a while. QLockFile learns whether the
// process is gone from the pid written in the lock file. A lock file without a readable pid
// (its process was killed, or the machine lost power, between creating the file and writing
// the pid) therefore looked held for ever, and blocked every later writer until a person found
// and deleted it.
//
// These helpers take such an ownerless file over once it is OwnerlessGraceMs old. The check
// and the removal run under `<lock>.rmlock`, as QLockFile's own stale removal does, and
// QLockFile::removeStaleLockFile() refuses while any process still holds the file's native
// (flock) lock, which a live owner takes before it writes its pid.
namespace LockFiles {

inline constexpr qint64 OwnerlessGraceMs = 2000;

// Tries once to take `lock`, taking over an ownerless lock file first.
bool tryLock(QLockFile &lock);

// Polls tryLock() in short, jittered steps (rather than QLockFile::tryLock(timeout), whose
// back-off grows to seconds, so that the lock does not sit idle between queued writers) until
// `timeoutMs` have passed. `waiting`, when set, is called once after `noticeAfterMs` with the
// holder's pid (0 when the lock file names none).
bool lock(QLockFile &lock, int timeoutMs, int noticeAfterMs = 0,
          const std::function<void(qint64 holderPid)> &waiting = {});

// The pid in the lock file, or 0 when it names none.
qint64 holder(const QLockFile &lock);

} // namespace LockFiles
