#include "auditlock.h"

#include "auditstate.h"
#include "domain/jsonfile.h"
#include "domain/lockfiles.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>

using namespace Qt::StringLiterals;

namespace {
// Why `lock` could not be taken when the reason is not a live holder that named itself; empty
// when it is.
QString lockProblem(const QLockFile &lock, const QString &what)
{
    if (lock.error() != QLockFile::LockFailedError)
        return u"cannot write the lock file %1 (%2); check that the directory (DAYSTROM_HOME) is writable"_s.arg(
            QDir::toNativeSeparators(lock.fileName()),
            lock.error() == QLockFile::PermissionError ? u"permission denied"_s : u"unknown error"_s);
    if (LockFiles::holder(lock) == 0)
        return u"%1 is locked by a process that has not written its pid yet; try again in a few seconds"_s.arg(what);
    return {};
}

QString footprintName(const QString &stem)
{
    return stem.startsWith(u"impact-"_s) ? u"impact check "_s + stem.mid(7) : u"audit "_s + stem;
}
} // namespace

AuditLock::AuditLock(const QString &home, const QString &profile)
    : m_home(home)
    , m_profile(profileStem(home, profile) + u".lock"_s)
    , m_ownerFile(profileStem(home, profile) + u".owner"_s)
{
}

AuditLock::~AuditLock()
{
    m_footprint.reset();
    if (m_profile.isLocked()) {
        QFile::remove(m_ownerFile); // before the lock goes: whoever takes it next writes its own
        m_profile.unlock();
    }
}

QString AuditLock::profileStem(const QString &home, const QString &profile)
{
    // A profile's name may hold any character: the files are named by a digest of it.
    const QByteArray digest = QCryptographicHash::hash(profile.toUtf8(), QCryptographicHash::Sha256).toHex().left(24);
    return AuditState::directory(home) + u"/profile-"_s + QString::fromLatin1(digest);
}

std::unique_ptr<AuditLock> AuditLock::forProfile(const QString &home, const QString &profile, const QString &command,
                                                 QString *error)
{
    if (!QDir().mkpath(AuditState::directory(home))) {
        *error = u"cannot create "_s + QDir::toNativeSeparators(AuditState::directory(home));
        return nullptr;
    }
    std::unique_ptr<AuditLock> lock(new AuditLock(home, profile));
    if (!LockFiles::tryLock(lock->m_profile)) {
        const QString what = u"profile \"%1\""_s.arg(profile);
        *error = lockProblem(lock->m_profile, what);
        if (error->isEmpty()) {
            const std::optional<Holder> h = holderOf(home, profile);
            QString who = u"pid %1"_s.arg(h ? h->pid : LockFiles::holder(lock->m_profile));
            if (h && !h->command.isEmpty())
                who += u": `%1`, since %2"_s.arg(h->command, h->since.toString(u"yyyy-MM-dd HH:mm:ss 'UTC'"_s));
            *error = u"%1 is already being audited or impact-checked by another process (%2); wait for it to end "
                     "or stop it first"_s.arg(what, who);
        }
        return nullptr;
    }
    const QJsonObject owner{{u"pid"_s, QCoreApplication::applicationPid()},
                            {u"command"_s, command},
                            {u"profile"_s, profile},
                            {u"since"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}};
    JsonFile::write(lock->m_ownerFile, owner); // a message's detail only: the lock is what counts
    return lock;
}

bool AuditLock::own(const QString &stem, QString *error)
{
    qint64 pid = 0;
    m_footprint = footprint(m_home, stem, &pid);
    if (m_footprint)
        return true;
    *error = u"%1 is being worked on by another process (pid %2), such as `daystrom cleanup`; wait for it to end"_s
                 .arg(footprintName(stem))
                 .arg(pid);
    return false;
}

std::unique_ptr<QLockFile> AuditLock::footprint(const QString &home, const QString &stem, qint64 *holder)
{
    QDir().mkpath(AuditState::directory(home));
    auto lock = std::make_unique<QLockFile>(AuditState::directory(home) + u'/' + stem + u".lock"_s);
    if (LockFiles::tryLock(*lock))
        return lock;
    if (holder)
        *holder = LockFiles::holder(*lock);
    return nullptr;
}

std::optional<AuditLock::Holder> AuditLock::holderOf(const QString &home, const QString &profile)
{
    QLockFile lock(profileStem(home, profile) + u".lock"_s);
    if (LockFiles::tryLock(lock)) {
        lock.unlock();
        return std::nullopt;
    }
    Holder h;
    h.pid = LockFiles::holder(lock);
    const JsonFile::ReadResult owner = JsonFile::read(profileStem(home, profile) + u".owner"_s);
    // The owner file counts only when it is the holder's: a killed holder's stays behind.
    if (owner.ok() && owner.exists && owner.object.value(u"pid"_s).toInteger() == h.pid) {
        h.command = owner.object.value(u"command"_s).toString();
        h.since = QDateTime::fromString(owner.object.value(u"since"_s).toString(), Qt::ISODate);
    }
    return h;
}
