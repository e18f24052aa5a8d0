#include "profilewritelock.h"

#include "domain/jsonfile.h"
#include "domain/lockfiles.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

ProfileWriteLock::ProfileWriteLock(const QString &stem)
    : m_lock(stem + u".lock"_s)
    , m_ownerFile(stem + u".owner"_s)
{
}

ProfileWriteLock::~ProfileWriteLock()
{
    if (m_lock.isLocked()) {
        QFile::remove(m_ownerFile); // before the lock goes: the next holder writes its own
        m_lock.unlock();
    }
}

QString ProfileWriteLock::stem(const QString &home, const QString &profile)
{
    // A profile's name may hold any character: the files are named by a digest of it.
    const QByteArray digest = QCryptographicHash::hash(profile.toUtf8(), QCryptographicHash::Sha256).toHex().left(24);
    return home + u"/locks/profile-"_s + QString::fromLatin1(digest);
}

QString ProfileWriteLock::describeHolder(const QString &home, const QString &profile)
{
    const QString base = stem(home, profile);
    QLockFile probe(base + u".lock"_s);
    const qint64 pid = LockFiles::holder(probe);
    QFile file(base + u".owner"_s);
    QJsonObject owner;
    if (file.open(QIODevice::ReadOnly))
        owner = QJsonDocument::fromJson(file.read(64 * 1024)).object();
    if (owner.value(u"pid"_s).toInteger() != pid || pid == 0)
        return pid > 0 ? u"pid %1"_s.arg(pid) : u"a process that has not written its pid yet"_s;
    return u"pid %1: `%2` of run %3, since %4"_s.arg(QString::number(pid), owner.value(u"command"_s).toString(),
                                                     owner.value(u"run"_s).toString(), owner.value(u"since"_s).toString());
}

std::unique_ptr<ProfileWriteLock> ProfileWriteLock::acquire(const QString &home, const QString &profile,
                                                            const QString &command, const QString &runId, int timeoutMs,
                                                            QString *error, const std::function<void(const QString &)> &waiting)
{
    if (!QDir().mkpath(home + u"/locks"_s)) {
        *error = u"cannot create "_s + QDir::toNativeSeparators(home + u"/locks"_s);
        return nullptr;
    }
    std::unique_ptr<ProfileWriteLock> held(new ProfileWriteLock(stem(home, profile)));
    const bool taken = LockFiles::lock(held->m_lock, timeoutMs, 1000, [&](qint64) {
        if (waiting)
            waiting(describeHolder(home, profile));
    });
    if (!taken) {
        *error = held->m_lock.error() == QLockFile::LockFailedError
                     ? u"profile \"%1\" is being written by another process (%2); try again when it is done"_s.arg(
                           profile, describeHolder(home, profile))
                     : u"cannot write the lock file %1; check that DAYSTROM_HOME is writable"_s.arg(
                           QDir::toNativeSeparators(held->m_lock.fileName()));
        return nullptr;
    }
    const QJsonObject owner{{u"pid"_s, QCoreApplication::applicationPid()},
                            {u"command"_s, command},
                            {u"run"_s, runId},
                            {u"profile"_s, profile},
                            {u"since"_s, QDateTime::currentDateTimeUtc().toString(u"yyyy-MM-dd HH:mm:ss 'UTC'"_s)}};
    static_cast<void>(JsonFile::write(held->m_ownerFile, owner)); // a name for whoever waits; the lock holds without it
    return held;
}
