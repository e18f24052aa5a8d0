#pragma once

#include <QLockFile>
#include <QString>

#include <functional>
#include <memory>

// Held while a process writes a production profile (apply, revert; issue 57): two applies of
// different runs on one profile at once lost an update, since each read, changed and wrote
// back the profile. One writer per profile per Daystrom home: the next one waits for it (and
// then plans against production as the first left it). `<home>/locks/profile-<key>.lock`, with
// `.owner` beside it naming the holder (pid, command, run, since) for whoever waits. Stale only
// when its process is gone (LockFiles).
class ProfileWriteLock final
{
    Q_DISABLE_COPY_MOVE(ProfileWriteLock)
public:
    ~ProfileWriteLock();

    // Takes `profile`'s lock, waiting up to `timeoutMs`; `waiting` is told once, after a
    // second, who holds it. Null with `error` when it could not be taken.
    static std::unique_ptr<ProfileWriteLock> acquire(const QString &home, const QString &profile, const QString &command,
                                                     const QString &runId, int timeoutMs, QString *error,
                                                     const std::function<void(const QString &holder)> &waiting = {});

    // "pid 4242: `daystrom apply` of run abc, since 2026-12-03 08:00:00 UTC", or "pid 4242".
    static QString describeHolder(const QString &home, const QString &profile);

private:
    explicit ProfileWriteLock(const QString &stem);
    static QString stem(const QString &home, const QString &profile);

    QLockFile m_lock;
    QString m_ownerFile;
};
