#include "homecheck.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {
QJsonObject readObject(const QString &path, bool *ok)
{
    QFile file(path);
    *ok = false;
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    *ok = error.error == QJsonParseError::NoError && doc.isObject();
    return doc.object();
}
} // namespace

QStringList HomeCheck::unparseableJson(const QString &home)
{
    QStringList bad;
    QDirIterator it(home, {u"*.json"_s}, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        bool ok = false;
        readObject(path, &ok);
        if (!ok)
            bad.append(QDir(home).relativeFilePath(path));
    }
    return bad;
}

QStringList HomeCheck::leftovers(const QString &home, const QString &pattern)
{
    QStringList found;
    QDirIterator it(home, {pattern}, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        found.append(QDir(home).relativeFilePath(it.next()));
    return found;
}

QJsonObject HomeCheck::runFile(const QString &home, const QString &runId)
{
    for (const QString &dir : {u"/runs/"_s, u"/sandbox/runs/"_s}) {
        bool ok = false;
        const QJsonObject o = readObject(home + dir + runId + u".json"_s, &ok);
        if (ok)
            return o;
    }
    return {};
}

QStringList HomeCheck::runIds(const QString &home)
{
    QStringList ids;
    for (const QString &name : QDir(home + u"/runs"_s).entryList({u"*.json"_s}, QDir::Files))
        ids.append(name.chopped(5));
    return ids;
}

QList<int> HomeCheck::iterationNumbers(const QJsonObject &run)
{
    QList<int> numbers;
    for (const QJsonValue &v : run.value(u"iterations"_s).toArray())
        numbers.append(v.toObject().value(u"iteration"_s).toInt());
    return numbers;
}

QList<QJsonObject> HomeCheck::learnings(const QString &home)
{
    QList<QJsonObject> all;
    const QDir dir(home + u"/memory"_s);
    for (const QString &name : dir.entryList({u"*.json"_s}, QDir::Files)) {
        bool ok = false;
        const QJsonObject o = readObject(dir.filePath(name), &ok);
        for (const QJsonValue &v : o.value(u"learnings"_s).toArray())
            all.append(v.toObject());
    }
    return all;
}

QProcessEnvironment HomeCheck::childEnv(const QString &home)
{
    QProcessEnvironment env;
    env.insert(u"PATH"_s, qEnvironmentVariable("PATH", u"/usr/bin:/bin"_s));
    env.insert(u"HOME"_s, home);
    env.insert(u"DAYSTROM_HOME"_s, home);
    env.insert(u"LANG"_s, u"C.UTF-8"_s);
    return env;
}
