#pragma once

#include "cli.h"
#include "domain/runsettings.h"
#include "domain/runstate.h"
#include "models/session/runenvironment.h"

#include <QHash>

#include <optional>

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

// What starting a run needs once its flags are read: where its services point and the new run.
struct RunLaunch
{
    RunEnvironment environment;
    RunState run;
};
class SandboxHost;
namespace CliRun {
// The config cascade with the run's flags, the environment (the sandbox started in `host` when
// it is not running yet) and the new run's state: what `generate` and the MCP server's
// design_start both start from. Nothing after a one-line error printed for `command`.
std::optional<RunLaunch> prepareLaunch(GenerateArgs &args, SandboxHost &host, CliContext &ctx, const QString &command);
// `daystrom resume`'s flags and checks (the run's file, its lock, its budget) up to the run to
// start again: -1 with `launch` filled, or the exit code to stop with (also 0 after --help),
// the reason printed. `stepsOnTerminal`: step mode asks on this terminal (the MCP server steers
// through run_steer instead).
int prepareResume(const QStringList &arguments, SandboxHost &host, CliContext &ctx, RunLaunch *launch, bool *jsonEvents,
                  bool stepsOnTerminal);
} // namespace CliRun

int generateCommand(const QStringList &arguments, CliContext &ctx);
int resumeCommand(const QStringList &arguments, CliContext &ctx);
