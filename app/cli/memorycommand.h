#pragma once

#include "cli.h"

#include "config/config.h"

#include <optional>

class QCommandLineParser;

// `daystrom memory list | show | preview | confirm | reject | approve | delete | add`: the
// learnings memory in the config's memory directory. Errors are one line on stderr and exit 2.
int memoryCommand(const QStringList &arguments, CliContext &context);
QString memoryUsage();

// memorycurationcommand.cpp: confirm, reject, approve, delete and add.
int memoryCurationCommand(const QString &subcommand, const QStringList &arguments,
                          CliContext &context);

// Shared by the subcommands.
namespace MemoryCli {
// "daystrom memory <sub>: <message>" on stderr; returns ExitCode::Usage.
int error(CliContext &context, const QString &subcommand, const QString &message);
// Parses `arguments` (help and errors included). `positionals` is the exact number of
// positional arguments wanted. Returns false when the command should return *exitCode.
bool parse(QCommandLineParser &parser, const QString &subcommand, const QStringList &arguments,
           int positionals, const QString &positionalName, CliContext &context, int *exitCode);
// The config cascade; nothing (after an error line) when a value is invalid. With --sandbox
// (which parse() adds to every subcommand) the sandbox's config: its memory, not the real one.
std::optional<Config> config(const QCommandLineParser &parser, const QString &subcommand,
                             CliContext &context);
} // namespace MemoryCli
