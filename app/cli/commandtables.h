#pragma once

#include "commandspec.h"

// The table's parts, one file each (commandspec.cpp joins them in CommandSpec::all()'s order).
namespace CommandTables {
QList<CommandSpec> runCommands();    // generate, resume, eval, audit, experiment
QList<CommandSpec> storeCommands();  // runs, report, compare, library, apply, revert, cleanup
QList<CommandSpec> memoryCommands(); // memory and its subcommands
QList<CommandSpec> toolCommands();   // sandbox, mcp, completion, __complete

// Options several commands share, worded as each command's --help has always worded them.
OptionSpec provider(const QString &description);
OptionSpec model();
OptionSpec rate();
OptionSpec concurrency(const QString &description);
OptionSpec sandbox(const QString &description);
OptionSpec intent(const QString &description);
OptionSpec format(const QStringList &allowed, const QString &description, bool parserDefault);
} // namespace CommandTables
