#pragma once

#include "cli.h"

#include <QHash>

class Config;
class QCommandLineParser;
class SandboxHost;
struct RunEnvironment;
struct RunSettings;
struct RunState;

// What `generate` and `resume` share: flag checks, where a run's services point, and driving a
// run to its end on the main event loop.
namespace CliRun {

// A flag's value within [min, max] (absent: `out` untouched, true); false with a one-line error.
bool readInt(const QCommandLineParser &p, const QString &name, int min, int max, int *out, QString *error);
bool readDouble(const QCommandLineParser &p, const QString &name, double min, double max, double *out,
                QString *error); // finite only: NaN and infinity are refused
// --rate and --concurrency go to the config cascade; checked here so the message names the flag.
bool checkScanFlags(const QCommandLineParser &p, QString *error);
// --provider, --model, --concurrency and --rate, when given, into `configFlags` under their
// config keys (the cascade's command-line layer).
void passServiceFlags(const QCommandLineParser &p, QHash<QString, QString> *configFlags);
// --max-tokens (a whole number, 1 to RunFileCheck::MaxBudgetTokens) and --max-cost (US dollars,
// above 0, at most RunFileCheck::MaxBudgetCost) into `settings` when given.
bool readBudget(const QCommandLineParser &p, RunSettings *settings, QString *error);

// Runs to the end and maps the outcome to an exit code: 0 completed with an iteration at the
// target, 1 completed below it, 3 failed, 4 paused or cancelled. Ctrl+C pauses cleanly after
// the checkpoint.
int drive(const RunEnvironment &env, const RunState &run, bool jsonEvents, CliContext &ctx);

// Where the run's services point: the built-in sandbox (started in `host`), or the configured
// AIRS and LLM, with the prices of config.json llmPrices. False after printing a one-line error
// for `command` (also when `settings` has a --max-cost and the model has no price).
bool environmentFor(bool sandbox, SandboxHost &host, const Config &config, const RunSettings &settings,
                    RunEnvironment *env, CliContext &ctx, const QString &command);

// Step mode asks on the terminal: without one it would wait for ever.
extern const char *const StepNeedsTerminal;

} // namespace CliRun
