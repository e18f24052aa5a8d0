#include "tenantconnection.h"
#include "commandspec.h"
#include "flagerror.h"

#include "common/configloader.h"
#include "domain/nanoid.h"
#include "domain/printable.h"
#include "runs/runstore.h"
#include "tenant/leftovers.h"
#include "tenant/topicapplier.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace TenantCli {

bool connect(const QString &command, CliContext &ctx, Tenant *t, bool sandbox)
{
    const Config::Result config = loadConfig(ctx.env);
    for (const QString &w : config.warnings)
        ctx.err << "daystrom: warning: " << w << '\n';
    if (!config.ok()) {
        ctx.err << "daystrom " << command << ": " << config.errors.first() << '\n';
        return false;
    }
    if (sandbox) {
        // The sandbox tenant the app and `generate --sandbox` use (issue 58): its runs, audits
        // and locks live under <home>/sandbox, apart from real ones.
        t->sandbox = std::make_unique<SandboxHost>();
        t->sandbox->setTenantFile(SandboxHost::tenantFileIn(config.config.sandboxHome()));
        QString error;
        if (!t->sandbox->start(&error)) {
            ctx.err << "daystrom " << command << ": " << error << '\n';
            return false;
        }
        if (!t->sandbox->tenantNote().isEmpty())
            ctx.err << "daystrom " << command << ": warning: " << t->sandbox->tenantNote() << '\n';
        const Config sandboxed = config.config.sandboxed();
        t->runsDir = sandboxed.dataDir();
        t->airs = t->sandbox->airsSettings();
        t->propagationDelayMs = 0; // the emulator applies changes at once
        t->impact = {config.config.sandboxHome(), sandboxed.integer(ConfigKeys::ScanConcurrency),
                     sandboxed.number(ConfigKeys::ScanRate), 0};
    } else {
        t->runsDir = config.config.dataDir();
        t->airs = AirsSettings::fromConfig(config.config);
        t->propagationDelayMs = config.config.integer(ConfigKeys::PropagationDelayMs);
        t->impact = {config.config.home(), config.config.integer(ConfigKeys::ScanConcurrency),
                     config.config.number(ConfigKeys::ScanRate), t->propagationDelayMs};
    }
    if (!t->airs.hasManagementCredentials()) {
        ctx.err << "daystrom " << command << ": the AIRS management API needs PANW_MGMT_CLIENT_ID, "
                   "PANW_MGMT_CLIENT_SECRET and PANW_MGMT_TSG_ID\n";
        return false;
    }
    t->management = std::make_unique<ManagementClient>(&t->nam, t->airs);
    return true;
}

std::unique_ptr<QLockFile> lockRun(const QString &runsDir, const QString &id, const QString &command, CliContext &ctx)
{
    if (!QDir(runsDir).exists()) { // no run at all yet: say so, not that a lock failed
        ctx.err << "daystrom " << command << ": " << RunStore(runsDir).load(id).error << '\n';
        return nullptr;
    }
    qint64 pid = 0;
    auto lock = Leftovers::lock(runsDir, id, &pid);
    if (!lock && pid != 0)
        ctx.err << "daystrom " << command << ": run " << id << " is being driven by another process (pid " << pid
                << "); wait until it stops\n";
    else if (!lock)
        ctx.err << "daystrom " << command << ": cannot lock run " << id << " in " << QDir::toNativeSeparators(runsDir)
                << "; check that the folder is writable\n";
    return lock;
}

std::unique_ptr<ProfileWriteLock> lockProfile(const Tenant &t, const QString &profile, const QString &command,
                                              const QString &runId, CliContext &ctx)
{
    QString error;
    auto lock = ProfileWriteLock::acquire(t.impact.home, profile, u"daystrom "_s + command, runId, 10 * 60 * 1000, &error,
                                          [&](const QString &holder) {
                                              ctx.err << "daystrom " << command << ": waiting for profile \"" << profile
                                                      << "\", which another process is writing (" << holder << ")\n";
                                              ctx.err.flush();
                                          });
    if (!lock)
        ctx.err << "daystrom " << command << ": " << error << '\n';
    return lock;
}

bool parse(QCommandLineParser &p, const QString &command, const QStringList &arguments, CliContext &ctx)
{
    CommandSpec::addTo(p, CommandSpec::get(command));
    if (!p.parse(QStringList{u"daystrom "_s + command} + arguments)) {
        ctx.err << "daystrom " << command << ": " << flagError(p) << '\n';
        return false;
    }
    return true;
}

int openRun(const QString &command, const QStringList &arguments, CliContext &ctx,
            QCommandLineParser &p, Tenant &t, std::unique_ptr<QLockFile> &lock, std::optional<RunState> &run)
{
    if (!parse(p, command, arguments, ctx))
        return ExitCode::Usage;
    if (p.isSet(u"help"_s)) {
        ctx.out << CommandSpec::get(command).helpText();
        return ExitCode::Ok;
    }
    if (p.positionalArguments().size() != 1) {
        ctx.err << "daystrom " << command << ": expected one run id; see daystrom " << command << " --help\n";
        return ExitCode::Usage;
    }
    if (!connect(command, ctx, &t, p.isSet(u"sandbox"_s)))
        return ExitCode::Usage;
    const QString id = p.positionalArguments().first();
    if (!NanoId::isValid(id)) {
        ctx.err << "daystrom " << command << ": \"" << Printable::escaped(id)
                << "\" is not a run id (ids are at most 64 of A-Z a-z 0-9 _ -)\n";
        return ExitCode::Usage;
    }
    lock = lockRun(t.runsDir, id, command, ctx);
    if (!lock)
        return ExitCode::Usage;
    const RunStore::Loaded loaded = RunStore(t.runsDir).load(id);
    if (!loaded.ok()) {
        ctx.err << "daystrom " << command << ": " << loaded.error << '\n';
        return ExitCode::Usage;
    }
    run = loaded.run;
    return -1;
}

bool printSettled(const AirsResult<ApplyRecord> &settled, const QString &recordError, const QString &command,
                  CliContext &ctx)
{
    if (!settled.ok()) {
        ctx.err << "daystrom " << command << ": an earlier apply of this run was interrupted, and what it did could "
                   "not be read back: " << settled.error.toString() << '\n';
        return false;
    }
    if (!recordError.isEmpty()) {
        ctx.err << "daystrom " << command << ": the run file could not be saved: " << recordError << '\n';
        return false;
    }
    const ApplyRecord &r = settled.value;
    const bool changed = r.policyBefore || !r.createdTopics.isEmpty() || !r.updatedTopics.isEmpty();
    ctx.out << (changed ? "An earlier apply of this run was interrupted; what it had written is now recorded "
                          "(`daystrom revert` takes it back).\n"
                        : "An earlier apply of this run was interrupted before it wrote anything; its entry is gone.\n");
    return true;
}

void settleInterrupted(RunState &run, const QString &runsDir, TopicApplier &applier, const QString &command,
                       CliContext &ctx, const std::function<void(bool)> &done)
{
    if (run.applies.isEmpty() || !run.applies.last().pending)
        return done(true);
    applier.settle(run.applies.last(), [&run, runsDir, command, &ctx, done](const AirsResult<ApplyRecord> &settled) {
        QString error;
        if (settled.ok()) {
            ApplyRecord &last = run.applies.last();
            last = settled.value;
            if (!last.policyBefore && last.createdTopics.isEmpty() && last.updatedTopics.isEmpty())
                run.applies.removeLast(); // it had written nothing
            error = RunStore(runsDir).save(run);
        }
        done(printSettled(settled, error, command, ctx));
    });
}

int drive(QObject *context, const std::function<void()> &start)
{
    QTimer::singleShot(0, context, start); // inside exec(), even when the work ends at once
    return QCoreApplication::exec();
}

void finish(int code)
{
    QCoreApplication::exit(code);
}

} // namespace TenantCli
