#pragma once

#include <QByteArray>
#include <QString>

class QIODevice;

// Reads a whole file, device or FIFO with a byte limit, so `--prompts /dev/zero` or a huge
// file ends in a clear message instead of exhausting memory.
namespace BoundedRead {

inline constexpr qint64 CsvLimit = 16 * 1024 * 1024;  // labelled prompt CSV files
inline constexpr qint64 JsonLimit = 64 * 1024 * 1024; // run, memory, config and bundle files

struct Result
{
    bool exists = true;
    QByteArray bytes;
    QString error; // "prompts.csv is larger than 16 MiB; ..." or "cannot read ...: ..."
    bool ok() const { return error.isEmpty(); }
};

// `shownName` names the file in messages (default: the path as given).
Result file(const QString &path, qint64 limit, const QString &shownName = {});

// Reads an open device to its end; fails once more than `limit` bytes arrive.
Result device(QIODevice &device, const QString &shownName, qint64 limit);

// "16 MiB", "512 KiB", "300 bytes".
QString sizeText(qint64 bytes);

} // namespace BoundedRead
