#pragma once

// Fixture helpers shared by the memory tests: the fixture files live in
// tests/data/memory/<set>/, in the exact shape the original tool writes.
#include "testhome.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QUuid>

namespace MemoryTestData {

inline QString fixture(const QString &set, const QString &name)
{
    return QStringLiteral(DAYSTROM_TEST_DATA) + QStringLiteral("/memory/") + set + u'/' + name;
}

inline QByteArray readBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline QJsonObject readObject(const QString &path)
{
    return QJsonDocument::fromJson(readBytes(path)).object();
}

inline bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// Sets the file's modification time an hour back, as if it had been written long ago (so the
// cache trusts its stamp at once).
inline bool backdate(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadWrite) &&
           f.setFileTime(QDateTime::currentDateTimeUtc().addSecs(-3600),
                         QFileDevice::FileModificationTime);
}

// A fresh, empty memory directory inside the test's temporary home.
inline QString freshDir()
{
    const QString dir = TestHome::path() + QStringLiteral("/memory-") +
                        QUuid::createUuid().toString(QUuid::Id128).left(12);
    QDir().mkpath(dir);
    return dir;
}

// A fresh memory directory holding copies of the named fixture files (without ".json").
inline QString dirWith(const QString &set, const QStringList &categories)
{
    const QString dir = freshDir();
    for (const QString &c : categories)
        QFile::copy(fixture(set, c + QStringLiteral(".json")),
                    dir + u'/' + c + QStringLiteral(".json"));
    return dir;
}

} // namespace MemoryTestData
