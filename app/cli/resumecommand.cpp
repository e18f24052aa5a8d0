#include "generatecommand.h"
#include "commandspec.h"
#include "flagerror.h"
#include "runcommandsupport.h"

#include "common/configloader.h"
#include "domain/lockfiles.h"
#include "loop/resumeplan.h"
#include "models/session/runenvironment.h"
#include "models/session/sandboxhost.h"
#include "runs/runstore.h"
#include "reports/usagetext.h"
#include "stepprompter.h"
#include "tenant/tenantcleaner.h"

#include <QCommandLineParser>
#include <QDir>
#include <QLockFile>

using namespace Qt::StringLiterals;
using namespace CliRun;

namespace {
// The run's lock is probed before anything starts: a run driven by another process, or a runs
// directory where no lock can be written, is a refused request (exit 2), not a failed run.
QString heldByAnotherProcess(const QString &runsDir, const QString &id)
{
    QLockFile lock(QDir(runsDir).filePath(id + u".lock"_s));
    if (LockFiles::tryLock(lock)) // stale only when its process is gone, as the run's own lock
        return {};
    if (lock.error() != QLockFile::LockFailedError)
        return u"cannot write the lock file of run %1 in %2 (%3); check that the directory (DAYSTROM_HOME) is "
               "writable"_s.arg(id, QDir::toNativeSeparators(runsDir),
                                lock.error() == QLockFile::PermissionError ? u"permission denied"_s : u"unknown error"_s);
    const qint64 pid = LockFiles::holder(lock);
    if (pid == 0)
        return u"run %1 is locked by a process that has not written its pid yet; try again in a few seconds"_s.arg(id);
    return u"run %1 is being driven by another process (pid %2); wait for it to end or stop it first"_s.arg(id).arg(pid);
}
} // namespace

int CliRun::prepareResume(const QStringList &arguments, SandboxHost &host, CliContext &ctx, RunLaunch *launch,
                          bool *jsonEvents, bool stepsOnTerminal)
{
    QCommandLineParser p;
    const CommandSpec &spec = CommandSpec::get(u"resume");
    CommandSpec::addTo(p, spec);
    if (!p.parse(QStringList{u"daystrom resume"_s} + arguments)) {
        ctx.err << "daystrom resume: " << flagError(p) << '\n';
        return ExitCode::Usage;
    }
    if (p.isSet(u"help"_s)) {
        ctx.out << spec.helpText();
        return ExitCode::Ok;
    }
    if (p.positionalArguments().size() != 1) {
        ctx.err << "daystrom resume: expected exactly one run id\n";
        return ExitCode::Usage;
    }
    int more = 0;
    QString error;
    RunSettings budget;
    if (!readInt(p, u"max-iterations"_s, 1, 100, &more, &error) || !checkScanFlags(p, &error)
        || !readBudget(p, &budget, &error)) {
        ctx.err << "daystrom resume: " << error << '\n';
        return ExitCode::Usage;
    }
    if (p.isSet(u"events"_s) && p.value(u"events"_s) != "jsonl"_L1) {
        ctx.err << "daystrom resume: --events supports only jsonl\n";
        return ExitCode::Usage;
    }
    QHash<QString, QString> flags;
    if (p.isSet(u"concurrency"_s))
        flags.insert(u"scanConcurrency"_s, p.value(u"concurrency"_s));
    if (p.isSet(u"rate"_s))
        flags.insert(u"scanRate"_s, p.value(u"rate"_s));
    if (p.isSet(u"no-memory"_s))
        flags.insert(u"memoryEnabled"_s, u"false"_s);
    const Config::Result config = loadConfig(ctx.env, flags);
    if (!config.ok()) {
        ctx.err << "daystrom resume: " << config.errors.first() << '\n';
        return ExitCode::Usage;
    }
    // A sandbox run is resumed in the sandbox, a real run outside it: each in its own data.
    const bool sandbox = p.isSet(u"sandbox"_s);
    const QString runId = p.positionalArguments().first();
    const Config data = sandbox ? config.config.sandboxed() : config.config;
    const RunStore::Loaded loaded = RunStore(data.dataDir()).load(runId);
    if (!loaded.ok()) {
        const Config other = sandbox ? config.config : config.config.sandboxed();
        if (RunStore(other.dataDir()).load(runId).ok())
            ctx.err << "daystrom resume: run " << runId << " is "
                    << (sandbox ? "a real run; resume it without --sandbox\n" : "sandbox data; resume it with --sandbox\n");
        else
            ctx.err << "daystrom resume: " << loaded.error << '\n';
        return ExitCode::Usage;
    }
    RunState run = loaded.run;
    if (run.status == RunStatus::Completed) {
        ctx.err << "daystrom resume: run " << run.id << " is already completed (" << run.stopReason << ")";
        if (run.tenant && !run.tenant->isClear()) // killed while it cleaned up
            ctx.err << "; it left " << TenantCleaner::describe(*run.tenant).join(u"; "_s) << " on AIRS: `daystrom cleanup --run "
                    << run.id << " --yes` removes it";
        ctx.err << '\n';
        return ExitCode::Usage;
    }
    if (!run.checkpoint) {
        ctx.err << "daystrom resume: run " << run.id << " has no checkpoint (it was written by the original tool)\n";
        return ExitCode::Usage;
    }
    if (const QString held = heldByAnotherProcess(data.dataDir(), run.id); !held.isEmpty()) {
        ctx.err << "daystrom resume: " << held << '\n';
        return ExitCode::Usage;
    }
    if (p.isSet(u"step"_s) && p.isSet(u"auto"_s)) {
        ctx.err << "daystrom resume: --step and --auto contradict each other\n";
        return ExitCode::Usage;
    }
    if (p.isSet(u"step"_s) || p.isSet(u"auto"_s))
        run.steering.stepMode = p.isSet(u"step"_s);
    if (stepsOnTerminal && run.steering.stepMode && !StepPrompter::stdinIsTerminal()) {
        ctx.err << "daystrom resume" << StepNeedsTerminal;
        if (!p.isSet(u"step"_s))
            ctx.err << "(run " << run.id << " was left in step mode; --auto lets it go on by itself)\n";
        return ExitCode::Usage;
    }
    ResumePlan::extendIterations(run, more);
    // A new budget replaces the stored one; it must leave room above what the run has used.
    if (budget.maxTokens && *budget.maxTokens <= run.usage.totalTokens()) {
        ctx.err << "daystrom resume: --max-tokens " << UsageText::count(*budget.maxTokens) << " is not above the "
                << UsageText::count(run.usage.totalTokens()) << " tokens run " << run.id << " has used; give a higher budget\n";
        return ExitCode::Usage;
    }
    if (budget.maxCost && run.usage.estimatedCost && *budget.maxCost <= *run.usage.estimatedCost) {
        ctx.err << "daystrom resume: --max-cost " << UsageText::money(*budget.maxCost) << " is not above the "
                << UsageText::money(*run.usage.estimatedCost) << " run " << run.id << " has cost; give a higher budget\n";
        return ExitCode::Usage;
    }
    if (budget.maxTokens)
        run.userInput.maxTokens = budget.maxTokens;
    if (budget.maxCost)
        run.userInput.maxCost = budget.maxCost;
    if (flags.contains(u"scanConcurrency"_s))
        run.userInput.scanConcurrency = config.config.integer(ConfigKeys::ScanConcurrency);
    if (flags.contains(u"scanRate"_s))
        run.userInput.scanRate = config.config.number(ConfigKeys::ScanRate);
    if (!environmentFor(sandbox, host, config.config, run.userInput, &launch->environment, ctx, u"resume"_s))
        return ExitCode::Usage;
    launch->run = run;
    *jsonEvents = p.isSet(u"events"_s);
    return -1;
}

int resumeCommand(const QStringList &arguments, CliContext &ctx)
{
    SandboxHost host;
    RunLaunch launch;
    bool json = false;
    if (const int stop = CliRun::prepareResume(arguments, host, ctx, &launch, &json, true); stop >= 0)
        return stop;
    const RunState &run = launch.run;
    if (!json && ResumePlan::isFinishing(run))
        ctx.out << "Resuming run " << run.id << " to finish it (" << run.checkpoint->finishReason
                << "): learnings and prompt set\n";
    else if (!json)
        ctx.out << "Resuming run " << run.id << " at iteration " << run.checkpoint->nextIteration << " of "
                << run.userInput.maxIterations << '\n';
    ctx.out.flush();
    return drive(launch.environment, run, json, ctx);
}
