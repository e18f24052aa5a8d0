#include "boundedread.h"

#include "printable.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

using namespace Qt::StringLiterals;

QString BoundedRead::sizeText(qint64 bytes)
{
    if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0)
        return u"%1 MiB"_s.arg(bytes / (1024 * 1024));
    if (bytes >= 1024 && bytes % 1024 == 0)
        return u"%1 KiB"_s.arg(bytes / 1024);
    if (bytes >= 10 * 1024 * 1024) // a size, not a limit: "69.9 MiB"
        return u"%1 MiB"_s.arg(double(bytes) / (1024 * 1024), 0, 'f', 1);
    return u"%1 bytes"_s.arg(bytes);
}

BoundedRead::Result BoundedRead::device(QIODevice &device, const QString &shownName, qint64 limit)
{
    Result r;
    constexpr qint64 Chunk = 1024 * 1024;
    for (;;) {
        if (r.bytes.size() > limit) {
            r.bytes.clear();
            r.error = u"%1 is larger than %2; use a smaller file"_s.arg(shownName, sizeText(limit));
            return r;
        }
        const qint64 want = std::min<qint64>(Chunk, limit + 1 - r.bytes.size());
        const QByteArray part = device.read(want);
        if (part.isEmpty()) // the end (a blocking device such as a file or a FIFO), or an error
            break;
        r.bytes.append(part);
    }
    return r;
}

BoundedRead::Result BoundedRead::file(const QString &path, qint64 limit, const QString &shownName)
{
    const QString name =
        shownName.isEmpty() ? Printable::escaped(QDir::toNativeSeparators(path), 200) : shownName;
    QFile f(path);
    if (!f.exists()) {
        Result r;
        r.exists = false;
        r.error = u"cannot read %1: no such file"_s.arg(name);
        return r;
    }
    if (QFileInfo(path).isDir())
        return Result{true, {}, u"cannot read %1: it is a directory"_s.arg(name)};
    if (!f.open(QIODevice::ReadOnly))
        return Result{true, {}, u"cannot read %1: %2"_s.arg(name, f.errorString())};
    // A regular file's size is known up front: refuse before reading a byte.
    if (!f.isSequential() && f.size() > limit)
        return Result{
            true, {}, u"%1 is larger than %2; use a smaller file"_s.arg(name, sizeText(limit))};
    Result r = device(f, name, limit);
    if (r.ok() && f.error() != QFileDevice::NoError)
        return Result{true, {}, u"cannot read %1: %2"_s.arg(name, f.errorString())};
    return r;
}
