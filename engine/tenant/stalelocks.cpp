#include "stalelocks.h"

#include "domain/jsonfile.h"
#include "domain/lockfiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QSysInfo>

#include <cerrno>
#include <signal.h>

using namespace Qt::StringLiterals;

namespace {
struct FileSays
{
    qint64 pid = 0;
    QString program;
    QString host;
    QByteArray hostId;
    QByteArray bootId;
};

// QLockFile's five lines: pid, program, host name, host id, boot id (the last two since Qt 5.10).
FileSays read(const QString &path)
{
    FileSays says;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return says;
    QList<QByteArray> lines;
    for (int i = 0; i < 5; ++i)
        lines.append(file.readLine().trimmed());
    bool ok = false;
    says.pid = lines.at(0).toLongLong(&ok);
    if (!ok || says.pid <= 0) {
        says.pid = 0;
        return says;
    }
    says.program = QString::fromUtf8(lines.at(1));
    says.host = QString::fromUtf8(lines.at(2));
    says.hostId = lines.at(3);
    says.bootId = lines.at(4);
    return says;
}

// Whether `pid` is gone by QLockFile's rule (QLockFilePrivate::isProcessRunning on Linux): no
// such process, or one whose program cannot be read (a zombie) or is another than the file
// names (the pid was reused). Without /proc only the first is known.
bool processGone(qint64 pid, const QString &program)
{
    if (::kill(pid_t(pid), 0) == -1 && errno == ESRCH)
        return true;
    if (!QFileInfo(u"/proc/self/exe"_s).isSymLink())
        return false;
    QString target = QFileInfo(u"/proc/%1/exe"_s.arg(pid)).symLinkTarget();
    if (target.isEmpty())
        return true;
    if (target.endsWith(u" (deleted)"_s))
        target.chop(10);
    return !program.isEmpty() && QFileInfo(target).fileName() != QFileInfo(program).fileName();
}

QString describeWhat(const QString &path, const QJsonObject &owner)
{
    const QFileInfo info(path);
    const QString stem = info.fileName().section(u'.', 0, 0);
    const QString dir = info.dir().dirName();
    if (const QString profile = owner.value(u"profile"_s).toString(); !profile.isEmpty())
        return u"profile \"%1\""_s.arg(profile);
    if (dir == u"audits") {
        if (stem.startsWith(u"impact-"_s))
            return u"impact check "_s + stem.mid(7);
        if (stem.startsWith(u"profile-"_s))
            return u"a profile's audits and impact checks"_s;
        return u"audit "_s + stem;
    }
    if (dir == u"runs")
        return u"run "_s + stem;
    if (dir == u"comparisons")
        return u"comparison "_s + stem;
    if (dir == u"locks")
        return u"a profile's production writes"_s;
    return u"the file \"%1\""_s.arg(info.fileName().chopped(info.suffix().size() + 1));
}
} // namespace

QString StaleLocks::ownerFile(const QString &lockPath)
{
    return lockPath.endsWith(u".lock"_s) ? lockPath.chopped(5) + u".owner"_s : QString();
}

bool StaleLocks::isStale(const QString &path, Lock *lock)
{
    const QFileInfo info(path);
    if (!info.isFile())
        return false;
    const FileSays says = read(path);
    bool stale = false;
    if (says.pid == 0) {
        const qint64 age = info.lastModified().msecsTo(QDateTime::currentDateTime());
        stale = qAbs(age) >= LockFiles::OwnerlessGraceMs; // as LockFiles takes it over
    } else {
        bool sameHost = says.host.isEmpty() || says.host == QSysInfo::machineHostName();
        if (!says.hostId.isEmpty() && !QSysInfo::machineUniqueId().isEmpty())
            sameHost = says.hostId == QSysInfo::machineUniqueId();
        if (sameHost)
            stale = (!says.bootId.isEmpty() && says.bootId != QSysInfo::bootUniqueId()) ||
                    processGone(says.pid, says.program);
    }
    if (lock) {
        *lock = Lock{};
        lock->path = path;
        lock->pid = says.pid;
        lock->program = says.program;
        lock->host = says.host;
        lock->since = info.lastModified().toUTC();
        QJsonObject owner;
        if (const JsonFile::ReadResult r = JsonFile::read(ownerFile(path)); r.ok() && r.exists)
            owner = r.object;
        if (says.pid != 0 &&
            owner.value(u"pid"_s).toInteger() == says.pid) // a killed holder's stays behind
            lock->command = owner.value(u"command"_s).toString();
        lock->what = describeWhat(path, owner);
    }
    return stale;
}

QList<StaleLocks::Lock> StaleLocks::find(const QStringList &dirs, int depth)
{
    QList<Lock> found;
    QSet<QString> seen;
    for (const QString &top : dirs) {
        if (top.isEmpty() || !QFileInfo(top).isDir())
            continue;
        const int base = QDir::cleanPath(QFileInfo(top).absoluteFilePath()).count(u'/');
        QDirIterator it(top, {u"*.lock"_s, u"*.rmlock"_s}, QDir::Files | QDir::Hidden,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            const QString canonical = QFileInfo(path).canonicalFilePath();
            if (QDir::cleanPath(it.fileInfo().absoluteFilePath()).count(u'/') - base > depth + 1 ||
                canonical.isEmpty() || seen.contains(canonical))
                continue;
            seen.insert(canonical);
            Lock lock;
            if (isStale(path, &lock))
                found.append(lock);
        }
    }
    std::sort(found.begin(), found.end(),
              [](const Lock &a, const Lock &b) { return a.path < b.path; });
    return found;
}

QString StaleLocks::owner(const Lock &lock)
{
    const QString since = lock.since.toString(u"yyyy-MM-dd HH:mm:ss 'UTC'"_s);
    if (lock.pid == 0)
        return u"no process (its file is empty: killed while writing it), since %1"_s.arg(since);
    QString who = u"pid %1"_s.arg(lock.pid);
    if (!lock.command.isEmpty())
        who += u" (`%1`)"_s.arg(lock.command);
    else if (!lock.program.isEmpty())
        who += u" (%1)"_s.arg(lock.program);
    const bool here = lock.host.isEmpty() || lock.host == QSysInfo::machineHostName();
    return u"%1 %2, since %3"_s.arg(who, here ? u"on this machine"_s : u"on "_s + lock.host, since);
}
