#include "feedbacklog.h"

#include "memorylog.h"

#include "domain/jsonin.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLockFile>

using namespace Qt::StringLiterals;

QJsonObject FeedbackLog::Entry::toJson() const
{
    return QJsonObject{{u"timestamp"_s, toIsoString(timestamp)},
                       {u"category"_s, category},
                       {u"learningId"_s, learningId},
                       {u"action"_s, action},
                       {u"before"_s, before.isUndefined() ? QJsonValue() : before},
                       {u"after"_s, after.isUndefined() ? QJsonValue() : after}};
}

FeedbackLog::Entry FeedbackLog::Entry::fromJson(const QJsonObject &object)
{
    Entry e;
    e.timestamp = QDateTime::fromString(object.value(u"timestamp"_s).toString(), Qt::ISODateWithMs);
    e.category = object.value(u"category"_s).toString();
    e.learningId = object.value(u"learningId"_s).toString();
    e.action = object.value(u"action"_s).toString();
    e.before = object.value(u"before"_s);
    e.after = object.value(u"after"_s);
    return e;
}

FeedbackLog::FeedbackLog(QString path)
    : m_path(std::move(path))
{}

QString FeedbackLog::append(const Entry &entry) const
{
    if (!QDir().mkpath(QFileInfo(m_path).absolutePath()))
        return u"cannot create the directory of "_s + QDir::toNativeSeparators(m_path);
    QLockFile lock(m_path + u".lock"_s);
    if (!lock.tryLock(10000))
        return u"cannot lock %1 (error %2)"_s.arg(QDir::toNativeSeparators(m_path))
            .arg(int(lock.error()));
    QFile f(m_path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered))
        return u"cannot append to %1: %2"_s.arg(QDir::toNativeSeparators(m_path), f.errorString());
    const QByteArray line = QJsonDocument(entry.toJson()).toJson(QJsonDocument::Compact) + '\n';
    if (f.write(line) != line.size())
        return u"cannot append to %1: %2"_s.arg(QDir::toNativeSeparators(m_path), f.errorString());
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
