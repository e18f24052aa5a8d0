#include "lockfiles.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLockFile>
#include <QRandomGenerator>
#include <QThread>

using namespace Qt::StringLiterals;

namespace {

// An existing lock file that names no process and is older than the grace period.
bool isOwnerless(const QLockFile &lock)
{
    const QFileInfo info(lock.fileName());
    if (!info.exists() || LockFiles::holder(lock) != 0)
        return false;
    const qint64 age = info.lastModified().msecsTo(QDateTime::currentDateTime());
    return qAbs(age) >= LockFiles::OwnerlessGraceMs; // a clock set back counts as old too
}

void removeIfOwnerless(QLockFile &lock)
{
    if (!isOwnerless(lock))
        return;
    QLockFile guard(lock.fileName() + u".rmlock"_s);
    if (guard.tryLock(0) && isOwnerless(lock))
        lock.removeStaleLockFile();
}

} // namespace

qint64 LockFiles::holder(const QLockFile &lock)
{
    qint64 pid = 0;
    QString host, app;
    return lock.getLockInfo(&pid, &host, &app) ? pid : 0;
}

bool LockFiles::tryLock(QLockFile &lock)
{
    lock.setStaleLockTime(0);
    if (lock.tryLock(0))
        return true;
    if (lock.error() != QLockFile::LockFailedError)
        return false;
    removeIfOwnerless(lock);
    return lock.tryLock(0);
}

bool LockFiles::lock(QLockFile &lock, int timeoutMs, int noticeAfterMs,
                     const std::function<void(qint64)> &waiting)
{
    QElapsedTimer waited;
    waited.start();
    bool noticed = false;
    for (;;) {
        if (tryLock(lock))
            return true;
        if (lock.error() != QLockFile::LockFailedError)
            return false;
        if (!noticed && waiting && waited.elapsed() >= noticeAfterMs) {
            noticed = true;
            waiting(holder(lock));
        }
        if (waited.elapsed() >= timeoutMs)
            return false;
        QThread::msleep(10 + QRandomGenerator::global()->bounded(20));
    }
}
