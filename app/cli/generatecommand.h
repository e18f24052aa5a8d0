#pragma once

#include "cli.h"
#include "domain/runsettings.h"

#include <QHash>

// Flags of `daystrom generate` (the original's names, plus --seed, --concurrency, --sandbox,
// --events). Parsing is separate from running so tests can check every flag and error.
struct GenerateArgs
{
    RunSettings settings;
    QHash<QString, QString> configFlags; // provider, model, concurrency, rate, memory
    bool sandbox = false;
    bool jsonEvents = false;
    bool step = false; // --step: review each proposal on the terminal
};

// Returns an error message (one line), or empty.
QString parseGenerateArgs(const QStringList &arguments, GenerateArgs *out, bool *helpShown, CliContext &ctx);

int generateCommand(const QStringList &arguments, CliContext &ctx);
int resumeCommand(const QStringList &arguments, CliContext &ctx);
