#pragma once

#include <QJsonObject>
#include <QString>

// Reading and writing the JSON files of a Daystrom home (config, runs, memory).
// Writes are atomic (QSaveFile: write a temporary file, then rename). A file that exists but
// does not parse is never overwritten: it is reported, and a copy goes to
// `<name>.corrupt-<timestamp>` so nothing is lost even if a person later deletes it.
namespace JsonFile {

struct ReadResult
{
    bool exists = false;
    QJsonObject object;
    QString error;         // empty = fine (or the file does not exist)
    QString quarantinedTo; // the corrupt copy, when one was made
    bool ok() const { return error.isEmpty(); }
};

ReadResult read(const QString &path);

// Copies a corrupt file next to itself as <name>.corrupt-<yyyyMMddTHHmmsszzz>, unless an
// identical copy already exists. Returns the copy's path (the existing one if identical).
QString quarantine(const QString &path);

// Atomically writes `object` as 2-space indented JSON (the original's layout). Refuses to
// replace an existing file that does not parse. Returns an error message, or empty.
// `CheckedUnderLock`: the caller has just read and parsed the file under the lock that guards
// it, so it is not parsed a second time (a large memory file's critical section stays short).
enum class Existing { Check, CheckedUnderLock };
QString write(const QString &path, const QJsonObject &object, Existing existing = Existing::Check);

// 2-space indented JSON text, like JSON.stringify(x, null, 2).
QByteArray toIndentedJson(const QJsonObject &object);

} // namespace JsonFile
