#include "outputfile.h"

#include "printable.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

QString shown(const QString &path)
{
    return Printable::escaped(QDir::toNativeSeparators(path), 200);
}

// /dev/stdout, /dev/stderr, /dev/stdin, /dev/fd/N, /proc/self/fd/N, /proc/<pid>/fd/N: a
// stream the process already has, however the shell set it up.
bool isProcessStream(const QString &path)
{
    const QString clean = QDir::cleanPath(path);
    return clean == "/dev/stdout"_L1 || clean == "/dev/stderr"_L1 || clean.startsWith("/dev/fd/"_L1)
           || (clean.startsWith("/proc/"_L1) && clean.contains("/fd/"_L1));
}

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// Writes all of `bytes` to an open descriptor; empty, or why not.
QString writeAll(int fd, const QByteArray &bytes, const QString &path)
{
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + done, size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return u"cannot write %1: %2"_s.arg(shown(path), systemError(errno));
        done += n;
    }
    return {};
}

} // namespace

OutputFile::Kind OutputFile::kindOf(const QString &path)
{
    struct stat st;
    const QByteArray native = QFile::encodeName(path);
    if (::lstat(native.constData(), &st) != 0)
        return errno == ENOENT ? Kind::New : Kind::Missing;
    if (S_ISLNK(st.st_mode))
        return isProcessStream(path) ? Kind::Stream : Kind::SymbolicLink;
    if (S_ISDIR(st.st_mode))
        return Kind::Directory;
    if (S_ISREG(st.st_mode))
        return Kind::Regular;
    return Kind::InPlace; // a character device, a FIFO, a socket
}

QString OutputFile::check(const QString &path)
{
    if (path.trimmed().isEmpty())
        return u"no file name was given"_s;
    const QByteArray native = QFile::encodeName(path);
    switch (kindOf(path)) {
    case Kind::Directory:
        return u"cannot write %1: it is a folder; name a file in it"_s.arg(shown(path));
    case Kind::SymbolicLink:
        return u"cannot write %1: it is a symbolic link (to %2); name the file itself"_s.arg(
            shown(path), shown(QFileInfo(path).symLinkTarget()));
    case Kind::Missing:
        return u"cannot write %1: %2"_s.arg(shown(path), systemError(errno));
    case Kind::Stream:
    case Kind::InPlace:
        // Opening a FIFO would wait for a reader: ask for permission only.
        if (::access(native.constData(), W_OK) != 0)
            return u"cannot write %1: %2"_s.arg(shown(path), systemError(errno));
        return {};
    case Kind::Regular:
        if (::access(native.constData(), W_OK) != 0)
            return u"cannot write %1: %2"_s.arg(shown(path), systemError(errno));
        [[fallthrough]];
    case Kind::New: {
        // Written atomically: the folder must take a new file.
        const QString folder = QFileInfo(path).absolutePath();
        const QFileInfo dir(folder);
        if (!dir.exists())
            return u"cannot write %1: the folder %2 does not exist"_s.arg(shown(path), shown(folder));
        if (!dir.isDir())
            return u"cannot write %1: %2 is not a folder"_s.arg(shown(path), shown(folder));
        if (::access(QFile::encodeName(folder).constData(), W_OK | X_OK) != 0)
            return u"cannot write %1: the folder %2 is not writable (%3)"_s.arg(shown(path), shown(folder),
                                                                                systemError(errno));
        return {};
    }
    }
    return {};
}

QString OutputFile::write(const QString &path, const QByteArray &bytes)
{
    if (const QString problem = check(path); !problem.isEmpty())
        return problem;
    const Kind kind = kindOf(path);
    if (kind == Kind::Stream || kind == Kind::InPlace) {
        // In place: never truncated, never replaced; a stream is added to at its end.
        const int flags = O_WRONLY | O_CLOEXEC | (kind == Kind::Stream ? O_APPEND : 0);
        int fd;
        do {
            fd = ::open(QFile::encodeName(path).constData(), flags);
        } while (fd < 0 && errno == EINTR);
        if (fd < 0)
            return u"cannot write %1: %2"_s.arg(shown(path), systemError(errno));
        const QString error = writeAll(fd, bytes, path);
        ::close(fd);
        return error;
    }
    QSaveFile file(path);
    file.setDirectWriteFallback(false);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return u"cannot write %1: %2"_s.arg(shown(path), file.errorString());
    return {};
}
