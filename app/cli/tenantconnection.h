#pragma once

#include "applyimpactcommand.h" // ImpactSettings
#include "cli.h"

#include "airs/airssettings.h"
#include "airs/managementclient.h"
#include "domain/runstate.h"
#include "models/session/sandboxhost.h"
#include "runs/profilewritelock.h"

#include <QLockFile>
#include <QNetworkAccessManager>

#include <functional>
#include <memory>
#include <optional>

class QCommandLineParser;
class TopicApplier;

// What apply, revert and cleanup share: the configured AIRS management API (or the sandbox's),
// the run directory, and the locks a change of the tenant is made under.
namespace TenantCli {

struct Tenant
{
    std::unique_ptr<SandboxHost> sandbox; // with --sandbox; outlives the client below
    QString runsDir;
    ImpactSettings impact;
    AirsSettings airs;
    int propagationDelayMs = 10000;
    QNetworkAccessManager nam;
    std::unique_ptr<ManagementClient> management;
};

// Loads the config (warnings to stderr) and connects `t`; false after a one-line error.
bool connect(const QString &command, CliContext &ctx, Tenant *t, bool sandbox);

// Holds the run's lock while the command changes its file; a run being driven refuses (said).
std::unique_ptr<QLockFile> lockRun(const QString &runsDir, const QString &id, const QString &command, CliContext &ctx);

// One writer of a production profile at a time on this machine (issue 57): waits for one that
// is writing it (saying who), then holds the lock until the command ends. Null when not taken (said).
std::unique_ptr<ProfileWriteLock> lockProfile(const Tenant &t, const QString &profile, const QString &command,
                                              const QString &runId, CliContext &ctx);

// The command's options from its table (commandspec.h), then `arguments`; false after a
// one-line error.
bool parse(QCommandLineParser &p, const QString &command, const QStringList &arguments, CliContext &ctx);

// The shared start of apply and revert: flags (--help prints the table's help), one run id, the AIRS
// management API, the run's lock and then its file (read under the lock: a `resume` running
// meanwhile cannot drop what this command records). Returns the exit code to stop with, or -1
// to go on.
int openRun(const QString &command, const QStringList &arguments, CliContext &ctx,
            QCommandLineParser &p, Tenant &t, std::unique_ptr<QLockFile> &lock, std::optional<RunState> &run);

// The run's last apply, when it was interrupted (a pending record): what landed is read back
// from production and recorded, so revert can take it back (issue 57). `done(false)` after a
// failure (said); `done(true)` when there was nothing to settle or it is settled and saved.
void settleInterrupted(RunState &run, const QString &runsDir, TopicApplier &applier, const QString &command,
                       CliContext &ctx, const std::function<void(bool)> &done);
// What settling an interrupted apply did, said as above (ApplyController::interruptedApplySettled
// carries it for apply and revert); false after a failure (said).
bool printSettled(const AirsResult<ApplyRecord> &settled, const QString &recordError, const QString &command,
                  CliContext &ctx);

// A command's asynchronous part, driven by the application's event loop: `start` runs once the
// loop is up and ends by calling finish(); returns the exit code finish() was given.
int drive(QObject *context, const std::function<void()> &start);
void finish(int code);

} // namespace TenantCli
