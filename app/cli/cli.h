#pragma once

#include <QProcessEnvironment>
#include <QStringList>
#include <QTextStream>

// Exit codes shared by every command.
namespace ExitCode {
inline constexpr int Ok = 0;
inline constexpr int BelowThreshold = 1; // eval: a gate's threshold was missed (issue 44)
inline constexpr int Usage = 2;     // bad flags, unknown ids, bad input files
inline constexpr int Failed = 3;    // a run failed
inline constexpr int Stopped = 4;   // a run was paused or cancelled
inline constexpr int NotConfirmed = 5; // a change was planned, not made: it needs a confirmation (--yes, …)
                                       // or refused as it stands (the reason on stderr)
} // namespace ExitCode

// What a command needs from the outside world; tests give it strings and a temporary home.
struct CliContext
{
    QTextStream &out;
    QTextStream &err;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
};

// Parses `arguments` (without the program name) and runs the command. Errors are one line
// on `err` starting with "daystrom: " (or "daystrom <command>: " for a command's flags).
int runCli(const QStringList &arguments, CliContext &context);

QString cliUsage();
