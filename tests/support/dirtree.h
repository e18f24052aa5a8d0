#pragma once

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QMap>

// Every directory and file under `dir` (relative paths; a directory ends in "/"), each file
// with its bytes: two snapshots compare equal only when nothing below `dir` changed.
inline QMap<QString, QByteArray> dirTree(const QString &dir)
{
    QMap<QString, QByteArray> entries;
    QDirIterator it(dir, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString name = QDir(dir).relativeFilePath(path);
        if (it.fileInfo().isDir()) {
            entries.insert(name + u'/', {});
            continue;
        }
        QFile file(path);
        entries.insert(name, file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>"));
    }
    return entries;
}
