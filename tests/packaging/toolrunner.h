#pragma once

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

// Runs an external tool (a validator, cpack, dpkg-deb, an installed binary) to completion and
// keeps what it printed, so a test can assert on it and show it when it fails.
struct ToolRun
{
    bool started = false;
    bool finished = false; // false: it did not start, crashed or timed out
    int exitCode = -1;
    QString out;  // stdout
    QString err;  // stderr
    QString what; // "<program> <args>: exit N" plus its output, for failure messages

    bool ok() const { return finished && exitCode == 0; }
};

namespace ToolRunner {
// The tool's absolute path from PATH, or an empty string when it is not installed.
QString find(const QString &program);
ToolRun run(const QString &program, const QStringList &arguments, int timeoutMs = 60000,
            const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment(),
            const QString &workingDirectory = {});
} // namespace ToolRunner
