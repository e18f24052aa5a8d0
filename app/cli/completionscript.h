#pragma once

#include <QString>

// Shell completion scripts for daystrom, written from the CLI's option tables (commandspec.h):
// commands, subcommands, flags, the values of flags that take a fixed set, files, and run ids,
// profile and category names, which the scripts ask the binary for (`daystrom __complete
// runs|profiles|categories [--sandbox]`, local files only, never the network).
namespace CompletionScript {
QString bash();
QString zsh();
QString fish();
// The script for `shell` (bash, zsh or fish); empty for another name.
QString forShell(const QString &shell);
// The `daystrom __complete` word for a value kind ("runs", "profiles", "categories"), empty
// where the script completes by itself (files) or not at all.
QString dynamicWord(int valueKind);
} // namespace CompletionScript
