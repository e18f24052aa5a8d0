#include "feedbacklog.h"

#include "memorylog.h"

#include "domain/jsonin.h"
#include "domain/lockfiles.h"
#include "domain/nanoid.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QLockFile>

#include <unistd.h>

using namespace Qt::StringLiterals;

QJsonObject FeedbackLog::Entry::toJson() const
{
    QJsonObject o{{u"timestamp"_s, toIsoString(timestamp)},
                  {u"category"_s, category},
                  {u"learningId"_s, learningId},
                  {u"action"_s, action},
                  {u"before"_s, before.isUndefined() ? QJsonValue() : before},
                  {u"after"_s, after.isUndefined() ? QJsonValue() : after}};
    if (!id.isEmpty())
        o.insert(u"id"_s, id);
    if (!source.isEmpty())
        o.insert(u"source"_s, source);
    if (!stateBefore.isEmpty() || !stateAfter.isEmpty()) {
        o.insert(u"stateBefore"_s, stateBefore);
        o.insert(u"stateAfter"_s, stateAfter);
    }
    return o;
}

FeedbackLog::Entry FeedbackLog::Entry::fromJson(const QJsonObject &object)
{
    Entry e;
    e.id = object.value(u"id"_s).toString();
    e.timestamp = QDateTime::fromString(object.value(u"timestamp"_s).toString(), Qt::ISODateWithMs);
    e.category = object.value(u"category"_s).toString();
    e.learningId = object.value(u"learningId"_s).toString();
    e.action = object.value(u"action"_s).toString();
    e.source = object.value(u"source"_s).toString();
    e.before = object.value(u"before"_s);
    e.after = object.value(u"after"_s);
    e.stateBefore = object.value(u"stateBefore"_s).toString();
    e.stateAfter = object.value(u"stateAfter"_s).toString();
    return e;
}

FeedbackLog::FeedbackLog(QString path, int lockTimeoutMs)
    : m_path(std::move(path))
    , m_lockTimeoutMs(lockTimeoutMs)
{}

QString FeedbackLog::appendChange(QList<Entry> entries, const QDateTime &when, const QString &category,
                                  const QString &source, const QString &stateBefore, const QString &stateAfter) const
{
    const QString id = NanoId::generate();
    for (Entry &e : entries) {
        e.id = id;
        e.timestamp = when;
        e.category = category;
        e.source = source;
        e.stateBefore = stateBefore;
        e.stateAfter = stateAfter;
    }
    return append(entries);
}

QString FeedbackLog::append(const Entry &entry) const
{
    return append(QList<Entry>{entry});
}

QString FeedbackLog::append(const QList<Entry> &entries) const
{
    if (entries.isEmpty())
        return {};
    if (!QDir().mkpath(QFileInfo(m_path).absolutePath()))
        return u"cannot create the directory of "_s + QDir::toNativeSeparators(m_path);
    QLockFile lock(m_path + u".lock"_s);
    // Appends are short, but many writers may queue behind one another (as for memory files).
    if (!LockFiles::lock(lock, m_lockTimeoutMs))
        return lock.error() == QLockFile::LockFailedError
                   ? u"%1 is still locked by another process after %2 s; try again"_s.arg(
                         QDir::toNativeSeparators(m_path)).arg(m_lockTimeoutMs / 1000)
                   : u"cannot create the lock file of %1; check that the memory directory is writable"_s.arg(
                         QDir::toNativeSeparators(m_path));
    QFile f(m_path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered))
        return u"cannot append to %1: %2"_s.arg(QDir::toNativeSeparators(m_path), f.errorString());
    QByteArray lines;
    for (const Entry &entry : entries)
        lines += QJsonDocument(entry.toJson()).toJson(QJsonDocument::Compact) + '\n';
    if (f.write(lines) != lines.size())
        return u"cannot append to %1: %2"_s.arg(QDir::toNativeSeparators(m_path), f.errorString());
    // Write-ahead: the entry must be on disk before the change it announces.
    if (!f.flush() || ::fsync(f.handle()) != 0)
        return u"cannot flush %1"_s.arg(QDir::toNativeSeparators(m_path));
    for (const Entry &entry : entries)
        qCDebug(lcMemory) << "feedback" << entry.action << entry.category << entry.learningId;
    return {};
}

QList<FeedbackLog::Entry> FeedbackLog::read(int *skipped) const
{
    QList<Entry> out;
    int bad = 0;
    QFile f(m_path);
    if (f.open(QIODevice::ReadOnly)) {
        while (!f.atEnd()) {
            const QByteArray line = f.readLine().trimmed();
            if (line.isEmpty())
                continue;
            const QJsonDocument doc = QJsonDocument::fromJson(line);
            if (!doc.isObject()) {
                ++bad;
                continue;
            }
            out.append(Entry::fromJson(doc.object()));
        }
    }
    if (skipped)
        *skipped = bad;
    return out;
}

QString FeedbackLog::stateHash(const QJsonObject &fileObject)
{
    const QByteArray compact = QJsonDocument(fileObject).toJson(QJsonDocument::Compact);
    return QString::fromLatin1(
        QCryptographicHash::hash(compact, QCryptographicHash::Sha256).toHex().left(16));
}

QList<FeedbackLog::Landing>
FeedbackLog::landings(const QList<Entry> &entries,
                      const std::function<QString(const QString &category)> &currentState)
{
    QList<Landing> out(entries.size(), Landing::Unknown);
    QHash<QString, QString> current; // category -> state now, asked once
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const Entry &e = entries.at(i);
        if (e.stateAfter.isEmpty() && e.stateBefore.isEmpty())
            continue; // an old entry: nothing to check against
        // The next write to the same category (entries of this write share its id).
        const Entry *next = nullptr;
        for (qsizetype j = i + 1; j < entries.size() && !next; ++j) {
            const Entry &n = entries.at(j);
            if (n.category == e.category && (n.id.isEmpty() || n.id != e.id) &&
                (!n.stateBefore.isEmpty() || !n.stateAfter.isEmpty()))
                next = &n;
        }
        QString state;
        if (next) {
            state = next->stateBefore;
        } else {
            if (!current.contains(e.category))
                current.insert(e.category, currentState(e.category));
            state = current.value(e.category);
        }
        if (state == e.stateAfter)
            out[i] = Landing::Landed;
        else if (state == e.stateBefore)
            out[i] = Landing::NotLanded;
    }
    return out;
}
