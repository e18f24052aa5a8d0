#include "auditcommand.h"
#include "commandspec.h"
#include "flagerror.h"
#include "runcommandsupport.h"

#include "common/configloader.h"
#include "domain/labelledcsv.h"
#include "domain/printable.h"
#include "interruptwatcher.h"
#include "models/session/runenvironment.h"
#include "models/session/sandboxhost.h"
#include "reports/audithtml.h"
#include "runs/auditlock.h"
#include "tenant/auditleftovers.h"
#include "tenant/profileaudit.h"
#include "tenant/tenantcleaner.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QJsonDocument>
#include <QTimer>

#include <cstdio>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace CliRun;

namespace {
// --topic-prompts NAME=FILE: the person's labelled prompts for one topic.
QString readSupplied(const QStringList &values, QHash<QString, QList<TestCase>> *out)
{
    for (const QString &value : values) {
        const qsizetype eq = value.lastIndexOf(u'=');
        if (eq <= 0 || eq == value.size() - 1)
            return u"--topic-prompts takes TOPIC=FILE.csv, not \"%1\""_s.arg(Printable::escaped(value, 200));
        const QString file = value.mid(eq + 1);
        const QString name = Printable::escaped(file, 200);
        const LabelledCsv::Parsed csv = LabelledCsv::readFile(file, name);
        if (!csv.ok())
            return csv.error;
        QList<TestCase> prompts;
        for (const LabelledCsv::Row &row : csv.rows)
            prompts.append(row.test);
        out->insert(value.left(eq), prompts);
    }
    return {};
}

// What earlier audits of the profile whose process is gone (killed) left on AIRS, removed
// before this one starts, each under its own lock and recorded in its file: no scratch copy
// of production stays behind unseen (issue 55). What AIRS refuses stays listed by `cleanup`.
void removeEarlierLeftovers(const Leftovers::Found &found, ManagementClient *management, CliContext &ctx)
{
    if (found.runs.isEmpty())
        return;
    TenantCleaner cleaner(management);
    std::unique_ptr<QLockFile> lock;
    qsizetype next = 0;
    std::function<void()> step = [&] {
        lock.reset();
        if (next == found.runs.size()) {
            QCoreApplication::exit(0);
            return;
        }
        const Leftovers::Run &run = found.runs.at(next++);
        lock = Leftovers::lock(run);
        if (!lock) { // taken by a live process since it was found
            step();
            return;
        }
        ctx.err << "Removing from AIRS what was left by " << Leftovers::heading(run) << '\n';
        ctx.err.flush();
        cleaner.clean(run.footprint, [&ctx, &step, run](const TenantCleaner::Outcome &o) {
            if (const QString e = Leftovers::record(run, o.remaining); !e.isEmpty())
                ctx.err << "daystrom audit: warning: " << run.id << ": its record was not updated: " << e << '\n';
            if (!o.problems.isEmpty())
                ctx.err << "daystrom audit: warning: " << Printable::escaped(o.problems.join(u"; "_s), 2000)
                        << " (`daystrom cleanup` lists what is left)\n";
            step();
        }, [run](const TenantFootprint &f) { Leftovers::record(run, f); });
    };
    QTimer::singleShot(0, &cleaner, [&step] { step(); }); // inside exec(), even if nothing waits
    QCoreApplication::exec();
}

// Asks on the terminal; false without one.
bool confirmOnTerminal(CliContext &ctx)
{
    if (isatty(STDIN_FILENO) == 0)
        return false;
    ctx.err << "Go ahead? [y/N] ";
    ctx.err.flush();
    char line[16] = {};
    if (!std::fgets(line, sizeof line, stdin))
        return false;
    return line[0] == 'y' || line[0] == 'Y';
}
} // namespace

int auditCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    const CommandSpec &spec = CommandSpec::get(u"audit");
    CommandSpec::addTo(p, spec);
    if (!p.parse(QStringList{u"daystrom audit"_s} + arguments)) {
        ctx.err << "daystrom audit: " << flagError(p) << '\n';
        return ExitCode::Usage;
    }
    if (p.isSet(u"help"_s)) {
        ctx.out << spec.helpText();
        return ExitCode::Ok;
    }
    const auto usage = [&](const QString &message) {
        ctx.err << "daystrom audit: " << message << '\n';
        return ExitCode::Usage;
    };
    if (!p.positionalArguments().isEmpty())
        return usage(u"unexpected argument \""_s + Printable::escaped(p.positionalArguments().first(), 200) + u'"');
    const bool sandbox = p.isSet(u"sandbox"_s);
    QString profile = p.value(u"profile"_s);
    if (profile.isEmpty() && sandbox)
        profile = SandboxHost::ProfileName;
    if (profile.isEmpty())
        return usage(u"--profile is required"_s);
    const QString format = p.value(u"format"_s);
    if (format != "text"_L1 && format != "json"_L1 && format != "html"_L1)
        return usage(u"--format must be text, json or html"_s);
    ProfileAudit::Options options;
    QString error;
    if (!readInt(p, u"benchmark"_s, 4, 200, &options.benchmarkSize, &error) || !checkScanFlags(p, &error))
        return usage(error);
    if (const QString e = readSupplied(p.values(u"topic-prompts"_s), &options.supplied); !e.isEmpty())
        return usage(e);
    QHash<QString, QString> flags;
    passServiceFlags(p, &flags);
    const Config::Result config = loadConfig(ctx.env, flags);
    if (!config.ok())
        return usage(config.errors.first());
    SandboxHost host;
    RunEnvironment env;
    if (!environmentFor(sandbox, host, config.config, RunSettings{}, &env, ctx, u"audit"_s))
        return ExitCode::Usage;
    options.concurrency = env.scanConcurrency;
    options.ratePerSecond = env.scanRate;
    options.propagationDelayMs = env.propagationDelayMs;
    const QString home = sandbox ? config.config.sandboxHome() : config.config.home(); // audits/ is under it

    // One audit or impact check of a profile at a time, and this audit's own record held while
    // it runs: only then is what it left on AIRS anyone else's to clean up (issue 55).
    const std::unique_ptr<AuditLock> lock = AuditLock::forProfile(home, profile, u"daystrom audit"_s, &error);
    if (!lock)
        return usage(error);
    bool resumed = false;
    const AuditState state = AuditState::resumeOrStart(home, profile, p.isSet(u"new"_s), &resumed);
    if (!lock->own(state.id, &error))
        return usage(error);

    QObject owner;
    const RunServices services = env.build(&owner);
    ProfileAudit audit(services.management, services.llm, env.airs, home, options);
    if (resumed)
        ctx.err << "Resuming audit " << state.id << " of \"" << Printable::escaped(profile, 200) << "\" (--new starts another)\n";
    int code = ExitCode::Failed;
    QString readError;
    bool read = false;
    audit.read(state, [&](const QString &e) {
        readError = e;
        read = true;
        QCoreApplication::exit(0);
    });
    if (!read)
        QCoreApplication::exec();
    if (!readError.isEmpty()) {
        ctx.err << "daystrom audit: " << readError << '\n';
        return ExitCode::Failed;
    }
    const ProfileAudit::Plan plan = audit.plan();
    ctx.err << "Audit " << audit.state().id << " of \"" << Printable::escaped(profile, 200) << "\": " << plan.topics
            << " topic(s); " << plan.llmCalls << " LLM call(s) to write held-out prompts, " << plan.scans
            << " scan(s) against a scratch copy of the profile";
    if (plan.seconds > 0)
        ctx.err << ", about " << qRound(plan.seconds) << " s at " << options.ratePerSecond << " scans/s";
    ctx.err << ".\n";
    ctx.err.flush();
    if (!p.isSet(u"yes"_s) && !confirmOnTerminal(ctx)) {
        ctx.err << "daystrom audit: not started; add --yes to start it without asking\n";
        return ExitCode::NotConfirmed;
    }
    removeEarlierLeftovers(AuditLeftovers::find(home, profile, state.id), services.management, ctx);
    InterruptWatcher interrupts;
    QObject::connect(&interrupts, &InterruptWatcher::interrupted, &audit, [&](int count) {
        if (count > 1)
            QCoreApplication::exit(ExitCode::Stopped);
        ctx.err << "\nCancelling: removing the scratch profile (Ctrl+C again to quit at once)\n";
        ctx.err.flush();
        audit.cancel();
    });
    QString lastStep;
    QObject::connect(&audit, &ProfileAudit::progress, &audit, [&](const QString &what, int done, int total) {
        if (what != lastStep || done == total) {
            ctx.err << what << (total > 1 ? u" (%1 of %2)"_s.arg(done).arg(total) : QString()) << '\n';
            ctx.err.flush();
            lastStep = what;
        }
    });
    QObject::connect(&audit, &ProfileAudit::finished, &audit, [&](const AuditState &done) {
        switch (done.status) {
        case AuditState::Status::Completed:
            code = ExitCode::Ok;
            break;
        case AuditState::Status::Cancelled:
            code = ExitCode::Stopped;
            break;
        default:
            code = ExitCode::Failed;
        }
        if (code != ExitCode::Ok)
            ctx.err << "daystrom audit: " << Printable::escaped(done.error, 2000) << '\n';
        // Done, but its scratch objects are still on AIRS: the figures stand, the exit says it.
        const bool leftBehind = code == ExitCode::Ok && !done.tenant.isClear();
        if (code == ExitCode::Ok) {
            const AuditFigures figures = done.figures();
            if (format == "json"_L1) {
                QJsonObject o = figures.toJson();
                o.insert(u"audit"_s, done.id);
                o.insert(u"profileName"_s, done.profileName);
                ctx.out << QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented));
            } else if (format == "html"_L1) {
                ctx.out << AuditHtml::page(done, figures);
            } else {
                ctx.out << "Audit " << done.id << " of profile \"" << done.profileName << "\"\n\n" << figures.text();
            }
        }
        if (leftBehind) {
            ctx.err << "daystrom audit: the audit is done, but its scratch objects could not all be removed from AIRS: "
                    << Printable::escaped(done.error, 2000) << "; `daystrom cleanup --yes` removes them\n";
            code = ExitCode::Failed;
        }
        QCoreApplication::exit(code);
    });
    audit.run();
    QCoreApplication::exec();
    return code;
}
