#include "tenantcommands.h"
#include "flagerror.h"
#include "applyimpactcommand.h"

#include "domain/printable.h"

#include "airs/airssettings.h"
#include "airs/managementclient.h"
#include "common/configloader.h"
#include "domain/nanoid.h"
#include "models/session/sandboxhost.h"
#include "runs/profilewritelock.h"
#include "runs/runstore.h"
#include "tenant/leftovers.h"
#include "tenant/tenantcleaner.h"
#include "tenant/applyplantext.h"
#include "tenant/topicapplier.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QLockFile>
#include <QNetworkAccessManager>

#include <memory>

using namespace Qt::StringLiterals;

namespace {
// The configured AIRS management API, and the run directory.
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

bool connectTenant(const QString &command, CliContext &ctx, Tenant *t, bool sandbox)
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

// Holds the run's lock while the command changes its file; a run being driven refuses.
std::unique_ptr<QLockFile> lockRun(const QString &runsDir, const QString &id, const QString &command, CliContext &ctx)
{
    qint64 pid = 0;
    auto lock = Leftovers::lock(runsDir, id, &pid);
    if (!lock)
        ctx.err << "daystrom " << command << ": run " << id << " is being driven by another process (pid " << pid
                << "); wait until it stops\n";
    return lock;
}

// One writer of a production profile at a time on this machine (issue 57): waits for one that
// is writing it (saying who), then holds the lock until the command ends.
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

// The run's last apply, when it was interrupted (a pending record): what landed is read back
// from production and recorded, so revert can take it back (issue 57). False on a failure
// (said); true when there was nothing to settle or it is settled and saved.
template<typename Wait>
bool settleInterrupted(RunState &run, const QString &runsDir, TopicApplier &applier, const QString &command,
                       CliContext &ctx, Wait wait)
{
    if (run.applies.isEmpty() || !run.applies.last().pending)
        return true;
    ApplyRecord &last = run.applies.last();
    const auto settled = wait([&](auto done) { applier.settle(last, done); });
    if (!settled.ok()) {
        ctx.err << "daystrom " << command << ": an earlier apply of this run was interrupted, and what it did could not "
                   "be read back: " << settled.error.toString() << '\n';
        return false;
    }
    last = settled.value;
    const bool changed = last.policyBefore || !last.createdTopics.isEmpty() || !last.updatedTopics.isEmpty();
    if (!changed)
        run.applies.removeLast(); // it had written nothing
    if (const QString error = RunStore(runsDir).save(run); !error.isEmpty()) {
        ctx.err << "daystrom " << command << ": the run file could not be saved: " << error << '\n';
        return false;
    }
    ctx.out << (changed ? "An earlier apply of this run was interrupted; what it had written is now recorded "
                          "(`daystrom revert` takes it back).\n"
                        : "An earlier apply of this run was interrupted before it wrote anything; its entry is gone.\n");
    return true;
}

// Runs `start` and waits for the callback it is given.
template<typename T>
T waitFor(std::function<void(std::function<void(const T &)>)> start)
{
    QEventLoop loop;
    std::optional<T> result;
    start([&](const T &r) {
        result = r;
        loop.quit();
    });
    if (!result)
        loop.exec();
    return *result;
}

bool parse(QCommandLineParser &p, const QString &command, const QStringList &arguments, CliContext &ctx)
{
    p.addHelpOption();
    p.addOption({u"sandbox"_s, u"Act on the built-in sandbox's tenant and runs (the one the app's sandbox shows)"_s});
    if (!p.parse(QStringList{u"daystrom "_s + command} + arguments)) {
        ctx.err << "daystrom " << command << ": " << flagError(p) << '\n';
        return false;
    }
    return true;
}

// The shared start of apply and revert: flags (with `help` for --help), one run id, the AIRS
// management API, the run's lock and then its file (read under the lock: a `resume` running
// meanwhile cannot drop what this command records). Returns the exit code to stop with, or -1
// to go on.
int openRun(const QString &command, const QString &help, const QStringList &arguments, CliContext &ctx,
            QCommandLineParser &p, Tenant &t, std::unique_ptr<QLockFile> &lock, std::optional<RunState> &run)
{
    if (!parse(p, command, arguments, ctx))
        return ExitCode::Usage;
    if (p.isSet(u"help"_s)) {
        ctx.out << help;
        return ExitCode::Ok;
    }
    if (p.positionalArguments().size() != 1) {
        ctx.err << "daystrom " << command << ": expected one run id; see daystrom " << command << " --help\n";
        return ExitCode::Usage;
    }
    if (!connectTenant(command, ctx, &t, p.isSet(u"sandbox"_s)))
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
} // namespace

int applyCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    p.addOption({u"iteration"_s, u"The iteration to apply (default: the run's best)"_s, u"N"_s});
    p.addOption({u"yes"_s, u"Write the plan (without it, only print it)"_s});
    p.addOption({u"impact"_s, u"First measure what the plan does to the profile's other topics, on the prompts of "
                              "its latest audit, in a scratch copy of production"_s});
    p.addOption({u"change-action"_s, u"Agree to change the profile's action for prompts that match none of its "
                                     "topics, where the plan does"_s});
    Tenant t;
    std::unique_ptr<QLockFile> lock;
    std::optional<RunState> run;
    const int stop = openRun(u"apply"_s,
                             u"Usage: daystrom apply <run-id> [--iteration N] [--impact] [--yes] [--change-action] [--sandbox]\n\n"
                             "Prints the plan for writing that iteration's topic (and, for block intent, its companion)\n"
                             "to the run's production profile, and writes it with --yes: a topic of the same name is\n"
                             "updated (the plan shows the word diff), else created; every other topic and policy field\n"
                             "stays; the latest revisions are pinned. Where the plan changes the profile's action for\n"
                             "prompts that match none of its topics (an allow list becoming a block list, or the other way\n"
                             "round), it is written only with --change-action as well. A run that still holds objects of\n"
                             "its own on the tenant cannot be applied until it is finished or cleaned up.\n\n"
                             "Exit status: 0 when production holds the plan (applied now, or already); 5 when the plan\n"
                             "was only printed or needs --change-action; 3 when AIRS refused or failed. What changed is\n"
                             "recorded in the run file, for `daystrom revert`. With --sandbox it acts on a sandbox run and\n"
                             "the sandbox's own tenant, which keeps what is applied to it between runs of the program.\n"_s,
                             arguments, ctx, p, t, lock, run);
    if (stop >= 0)
        return stop;
    const QString id = run->id;
    int iteration = run->bestResult() ? run->bestResult()->iteration : 0;
    if (p.isSet(u"iteration"_s)) {
        bool ok = false;
        iteration = p.value(u"iteration"_s).toInt(&ok);
        if (!ok || !run->iterationByNumber(iteration)) {
            ctx.err << "daystrom apply: run " << id << " has no iteration \"" << p.value(u"iteration"_s) << "\"\n";
            return ExitCode::Usage;
        }
    }

    TopicApplier applier(t.management.get());
    applier.setPropagationDelayMs(t.propagationDelayMs);
    // With --yes the plan is made and written under the profile's lock: a second apply waits,
    // then plans against production as this one left it. A plan only printed needs no lock.
    std::unique_ptr<ProfileWriteLock> profileLock;
    if (p.isSet(u"yes"_s)) {
        profileLock = lockProfile(t, run->userInput.profileName, u"apply"_s, id, ctx);
        if (!profileLock)
            return ExitCode::Failed;
    }
    const auto waitSettled = [](auto start) { return waitFor<AirsResult<ApplyRecord>>(start); };
    if (!settleInterrupted(*run, t.runsDir, applier, u"apply"_s, ctx, waitSettled))
        return ExitCode::Failed;
    auto plan = waitFor<AirsResult<TopicApplier::Plan>>([&](auto done) { applier.plan(*run, iteration, done); });
    if (!plan.ok()) {
        ctx.err << "daystrom apply: " << plan.error.toString() << '\n';
        return plan.error.kind == AirsError::Kind::Validation ? ExitCode::NotConfirmed : ExitCode::Failed;
    }
    ctx.out << "Plan for iteration " << iteration << " of run " << id << " on profile \"" << plan.value.profileName << "\":\n";
    for (const QString &line : ApplyPlanText::lines(plan.value))
        ctx.out << "  " << line << '\n';
    if (plan.value.changesNothing()) {
        ctx.out << "Production already holds this plan: nothing to write.\n";
        return ExitCode::Ok;
    }
    if (p.isSet(u"impact"_s)) {
        if (const int code = printApplyImpact(plan.value, t.management.get(), t.airs, t.impact, ctx); code >= 0)
            return code;
    }
    if (!p.isSet(u"yes"_s)) {
        ctx.out << "Nothing was written. Apply it with --yes"
                << (plan.value.changesAction() ? " --change-action" : "") << ".\n";
        return ExitCode::NotConfirmed;
    }
    if (plan.value.changesAction() && !p.isSet(u"change-action"_s)) {
        ctx.err << "daystrom apply: not applied: it would " << plan.value.actionChangeText()
                << "; add --change-action to agree to that\n";
        return ExitCode::NotConfirmed;
    }
    plan.value.actionChangeConsented = p.isSet(u"change-action"_s);
    ctx.out.flush();
    // The journal (issue 57): the record goes into the run file before the first write and
    // after every step, so a kill at any moment leaves what `revert` needs.
    const qsizetype entry = run->applies.size();
    const auto journal = [&](const ApplyRecord &record) -> QString {
        const bool nothing = !record.pending && !record.policyBefore && record.createdTopics.isEmpty()
                             && record.updatedTopics.isEmpty();
        if (run->applies.size() > entry)
            run->applies.resize(entry);
        if (!nothing)
            run->applies.append(record);
        return RunStore(t.runsDir).save(*run);
    };
    applier.progress = [&ctx](const QString &line) {
        ctx.out << "  " << line << '\n';
        ctx.out.flush();
    };
    const auto outcome = waitFor<TopicApplier::Outcome>([&](auto done) { applier.apply(plan.value, done, journal); });
    for (const QString &line : outcome.done)
        ctx.out << "  done: " << line << '\n';
    if (outcome.record || run->applies.size() > entry) {
        // The final state of the entry (also after an error part way: what did change).
        if (const QString error = journal(outcome.record.value_or(ApplyRecord{})); !error.isEmpty()) {
            ctx.err << "daystrom apply: the change was made but not recorded in the run file (" << error
                    << "); `daystrom revert` cannot undo it\n";
            return ExitCode::Failed;
        }
    }
    if (outcome.planStale) {
        // Never written over: the plan again, against production as it is now.
        ctx.err << "daystrom apply: " << outcome.error << '\n';
        auto again = waitFor<AirsResult<TopicApplier::Plan>>([&](auto done) { applier.plan(*run, iteration, done); });
        if (again.ok()) {
            ctx.out << "The plan against production as it is now:\n";
            for (const QString &line : ApplyPlanText::lines(again.value))
                ctx.out << "  " << line << '\n';
            ctx.out << "Nothing more was written. Apply it with --yes again.\n";
        }
        return ExitCode::NotConfirmed;
    }
    if (!outcome.error.isEmpty()) {
        ctx.err << "daystrom apply: " << outcome.error
                << (outcome.record ? u" (what did change is recorded: `daystrom revert "_s + id + u"` undoes it)"_s : QString())
                << '\n';
        return ExitCode::Failed;
    }
    if (outcome.record)
        ctx.out << "Applied. `daystrom revert " << id << "` undoes it.\n";
    else
        ctx.out << "Production already holds this plan: nothing was written.\n";
    return ExitCode::Ok;
}

int revertCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    p.addOption({u"force"_s, u"Take back the apply's side also where production changed since"_s});
    Tenant t;
    std::unique_ptr<QLockFile> lock;
    std::optional<RunState> run;
    const int stop = openRun(u"revert"_s,
                             u"Usage: daystrom revert <run-id> [--force] [--sandbox]\n\n"
                             "Undoes the run's last apply, three-way: the pins it added or changed are taken back where\n"
                             "they still stand as it left them, the action for unmatched prompts goes back if it is still\n"
                             "the apply's, topics it updated get their earlier text and topics it created are deleted if\n"
                             "they are still at the revision it wrote. What colleagues changed since stays. Where they\n"
                             "changed what the apply wrote, nothing is reverted and the difference is printed (exit 5);\n"
                             "--force then takes back the apply's side regardless. --sandbox: a sandbox run, on the\n"
                             "sandbox's tenant.\n"_s,
                             arguments, ctx, p, t, lock, run);
    if (stop >= 0)
        return stop;
    const QString id = run->id;
    TopicApplier settler(t.management.get());
    const ApplyRecord *pendingOn = run->applies.isEmpty() ? nullptr : &run->applies.last();
    const auto profileLock = lockProfile(t, pendingOn ? pendingOn->profileName : run->userInput.profileName, u"revert"_s, id, ctx);
    if (!profileLock)
        return ExitCode::Failed;
    const auto waitSettled = [](auto start) { return waitFor<AirsResult<ApplyRecord>>(start); };
    if (!settleInterrupted(*run, t.runsDir, settler, u"revert"_s, ctx, waitSettled))
        return ExitCode::Failed;
    const ApplyRecord *last = TopicApplier::lastApplied(*run);
    if (!last) {
        ctx.err << "daystrom revert: run " << id << " has no apply to revert\n";
        return ExitCode::Usage;
    }
    const qsizetype index = last - run->applies.constData();
    TopicApplier applier(t.management.get());
    const bool force = p.isSet(u"force"_s);
    const auto outcome = waitFor<TopicApplier::Outcome>([&](auto done) { applier.revert(*last, done, force); });
    if (!outcome.conflicts.isEmpty()) {
        ctx.out << "Production changed since the apply:\n";
        for (const QString &line : outcome.conflicts)
            ctx.out << "  " << line << '\n';
        if (!force) {
            ctx.err << "daystrom revert: nothing was reverted; `daystrom revert " << id
                    << " --force` takes back the apply's side anyway\n";
            return ExitCode::NotConfirmed;
        }
    }
    for (const QString &line : outcome.done)
        ctx.out << "  done: " << line << '\n';
    ApplyRecord &record = run->applies[index];
    if (outcome.error.isEmpty()) {
        record.revertedAt = QDateTime::currentDateTimeUtc();
    } else if (outcome.record) { // keep what is still to undo
        record.policyBefore = outcome.record->policyBefore;
        record.createdTopics = outcome.record->createdTopics;
        record.updatedTopics = outcome.record->updatedTopics;
    }
    if (const QString error = RunStore(t.runsDir).save(*run); !error.isEmpty())
        ctx.err << "daystrom revert: the run file was not updated: " << error << '\n';
    if (!outcome.error.isEmpty()) {
        ctx.err << "daystrom revert: " << outcome.error << " (run it again to finish)\n";
        return ExitCode::Failed;
    }
    ctx.out << "Reverted the apply of iteration " << record.iteration << " to profile \"" << record.profileName << "\".\n";
    return ExitCode::Ok;
}

int cleanupCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    p.addOption({u"yes"_s, u"Delete (without it, only list what would be deleted)"_s});
    p.addOption({u"run"_s, u"Only this run (also a paused one)"_s, u"id"_s});
    if (!parse(p, u"cleanup"_s, arguments, ctx))
        return ExitCode::Usage;
    if (p.isSet(u"help"_s)) {
        ctx.out << "Usage: daystrom cleanup [--yes] [--run ID] [--sandbox]\n\n"
                   "Finds what stopped runs left on AIRS — scratch profiles, their topics, a production profile\n"
                   "a killed in-place run had changed — by the record in each run file, and lists it. With --yes\n"
                   "it deletes them (and puts the production profile back). Paused runs keep theirs unless named\n"
                   "with --run, except paused in-place runs (their objects are on production), which are listed\n"
                   "too; runs still being driven are never touched. Without --run it also lists (and with --yes\n"
                   "removes) the scratch profiles of audits and `apply --impact` checks whose process is gone\n"
                   "(killed, or AIRS refused their clean-up), from their records in <home>/audits; an audit or\n"
                   "check still running is never touched. --sandbox: the sandbox's runs, audits and tenant.\n";
        return ExitCode::Ok;
    }
    if (!p.positionalArguments().isEmpty()) {
        ctx.err << "daystrom cleanup: unexpected argument \"" << p.positionalArguments().first() << "\"\n";
        return ExitCode::Usage;
    }
    Tenant t;
    if (!connectTenant(u"cleanup"_s, ctx, &t, p.isSet(u"sandbox"_s)))
        return ExitCode::Usage;
    const QStringList only = p.isSet(u"run"_s) ? QStringList{p.value(u"run"_s)} : QStringList();
    if (p.isSet(u"yes"_s)) {
        // Interrupted applies (issue 57): what each wrote is read back from production and
        // recorded, so `daystrom revert` can take it back; nothing on AIRS is changed here.
        const RunStore store(t.runsDir);
        QStringList ids = only;
        if (ids.isEmpty()) {
            for (const RunSummary &s : store.list().runs)
                ids.append(s.id);
        }
        for (const QString &id : std::as_const(ids)) {
            RunStore::Loaded loaded = store.load(id);
            if (!loaded.ok() || loaded.run.applies.isEmpty() || !loaded.run.applies.last().pending)
                continue;
            qint64 pid = 0;
            const auto runLock = Leftovers::lock(t.runsDir, id, &pid);
            if (!runLock)
                continue; // being driven: its own process settles it
            loaded = store.load(id); // again, under the lock
            TopicApplier applier(t.management.get());
            const auto waitSettled = [](auto start) { return waitFor<AirsResult<ApplyRecord>>(start); };
            if (!loaded.ok())
                continue;
            ctx.out << "Run " << id << ": ";
            settleInterrupted(loaded.run, t.runsDir, applier, u"cleanup"_s, ctx, waitSettled);
        }
    }
    const Leftovers::Found leftovers =
        only.isEmpty() ? Leftovers::findAll(t.runsDir, t.impact.home) : Leftovers::find(t.runsDir, only);
    for (const QString &note : leftovers.notes)
        ctx.out << "Passed over: " << note << '\n';
    if (!p.isSet(u"run"_s) && std::any_of(leftovers.notes.cbegin(), leftovers.notes.cend(),
                                          [](const QString &n) { return n.contains(u"is paused"_s); }))
        ctx.out << "(A paused run is cleaned up when named: daystrom cleanup --run <id> --yes.)\n";
    if (p.isSet(u"run"_s) && leftovers.runs.isEmpty() && !RunStore(t.runsDir).exists(only.first())) {
        ctx.err << "daystrom cleanup: no run with id " << Printable::escaped(only.first()) << '\n';
        return ExitCode::Usage;
    }
    const bool yes = p.isSet(u"yes"_s);
    const qsizetype found = leftovers.runs.size();
    int left = 0;
    TenantCleaner cleaner(t.management.get());
    for (const Leftovers::Run &run : leftovers.runs) {
        ctx.out << Leftovers::heading(run) << ":\n";
        if (!run.note.isEmpty())
            ctx.out << "  " << run.note << '\n';
        for (const QString &line : TenantCleaner::describe(run.footprint))
            ctx.out << "  " << line << '\n';
        ctx.out.flush();
        if (!yes)
            continue;
        qint64 pid = 0;
        const auto lock = Leftovers::lock(run, &pid); // held while its record changes
        if (!lock) {
            ctx.err << "daystrom cleanup: " << Leftovers::heading(run) << " is being worked on by another process (pid "
                    << pid << "); wait until it stops\n";
            ++left;
            continue;
        }
        const auto outcome = waitFor<TenantCleaner::Outcome>([&](auto done) {
            cleaner.clean(run.footprint, done, [&](const TenantFootprint &f) { Leftovers::record(run, f); });
        });
        for (const QString &line : outcome.done)
            ctx.out << "  done: " << line << '\n';
        for (const QString &line : outcome.problems)
            ctx.err << "daystrom cleanup: " << line << '\n';
        if (const QString error = Leftovers::record(run, outcome.remaining); !error.isEmpty())
            ctx.err << "daystrom cleanup: " << run.id << ": its record was not updated: " << error << '\n';
        left += !outcome.remaining.isClear();
    }
    if (found == 0) {
        ctx.out << "Nothing to clean up.\n";
        return ExitCode::Ok;
    }
    if (!yes) {
        ctx.out << "Nothing was changed; `daystrom cleanup --yes` removes these.\n";
        return ExitCode::Ok;
    }
    if (left > 0) {
        ctx.err << "daystrom cleanup: " << left << " run(s), audit(s) or check(s) still have objects on AIRS; see above\n";
        return ExitCode::Failed;
    }
    ctx.out << "Cleaned up.\n";
    return ExitCode::Ok;
}
