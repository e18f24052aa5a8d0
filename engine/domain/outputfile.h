#pragma once

#include <QByteArray>
#include <QString>

// Files the CLI writes for other tools (`--junit`, experiment results), written so that they
// respect what they replace (issue 57):
// - a new path or an existing regular file is written atomically (a temporary file renamed
//   over it, so a reader never sees half a file and a failed write loses nothing);
// - a character device, a FIFO or a socket (/dev/null, a named pipe) is written in place:
//   opened and written, never replaced by a regular file;
// - a stream of this process (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N) is written
//   in place at its end, so `--junit /dev/stderr 2>log` adds to `log` instead of replacing it;
// - any other symbolic link is refused: it would write into a place the user did not name;
// - a directory is refused.
namespace OutputFile {

enum class Kind { New, Regular, InPlace, Stream, SymbolicLink, Directory, Missing };
// What `path` is, without following a symbolic link except a process stream's.
Kind kindOf(const QString &path);

// Whether `path` can be written as above, checked before any work is done (no scan is wasted
// on a path that cannot take the result): empty, or why not ("cannot write out/r.xml: the
// folder out does not exist").
QString check(const QString &path);

// Writes `bytes` to `path` as above; empty, or why not.
QString write(const QString &path, const QByteArray &bytes);

} // namespace OutputFile
