#include "applyimpactcommand.h"

#include "domain/nanoid.h"
#include "domain/printable.h"
#include "runs/auditlock.h"
#include "tenant/applyimpact.h"
#include "tenant/auditleftovers.h"
#include "tenant/tenantcleaner.h"

using namespace Qt::StringLiterals;

namespace {
// What earlier checks whose process is gone (killed) left on the tenant, taken away first, one
// after the other from `next`; a check still running (of another profile) is left alone: its
// lock is held. `done` follows the last.
void cleanEarlierChecks(const QList<Leftovers::Run> &checks, qsizetype next, ManagementClient *management,
                        CliContext &ctx, const std::function<void()> &done)
{
    while (next < checks.size() && checks.at(next).kind != Leftovers::Run::Kind::ImpactCheck)
        ++next;
    if (next == checks.size())
        return done();
    const Leftovers::Run &check = checks.at(next);
    // Held while the check's record changes; released before the next one is taken.
    const auto lock = std::make_shared<std::unique_ptr<QLockFile>>(Leftovers::lock(check));
    if (!*lock) // taken meanwhile by a live process
        return cleanEarlierChecks(checks, next + 1, management, ctx, done);
    auto *cleaner = new TenantCleaner(management);
    cleaner->clean(
        check.footprint,
        [=, &ctx](const TenantCleaner::Outcome &outcome) {
            cleaner->deleteLater();
            Leftovers::record(check, outcome.remaining);
            if (!outcome.remaining.isClear())
                ctx.err << "daystrom apply: an earlier impact check left objects on AIRS: " << outcome.problems.join(u"; "_s)
                        << '\n';
            lock->reset();
            cleanEarlierChecks(checks, next + 1, management, ctx, done);
        },
        [check](const TenantFootprint &f) { Leftovers::record(check, f); });
}

QString classText(const char *name, const ApplyImpact::Class &c)
{
    return u"%1 %2 fixed, %3 broken of %4 (p = %5)"_s.arg(QString::fromLatin1(name))
        .arg(c.fixed)
        .arg(c.broken)
        .arg(c.prompts)
        .arg(c.pValue, 0, 'f', 3);
}

// The figures of a finished check; -1 to go on with the apply, else the exit code.
int printResult(const ApplyImpact::Result &result, const QString &home, const QString &id, CliContext &ctx)
{
    if (result.cleanupProblems.isEmpty())
        ApplyImpact::forgetFootprint(home, id);
    else
        ctx.err << "daystrom apply: the impact check's scratch objects could not all be removed ("
                << result.cleanupProblems << "); the next --impact, or `daystrom cleanup --yes`, tries again\n";
    if (!result.error.isEmpty()) {
        ctx.err << "daystrom apply: the impact check failed: " << Printable::escaped(result.error, 2000) << '\n';
        return ExitCode::Failed;
    }
    int hurt = 0;
    for (const ApplyImpact::TopicImpact &t : std::as_const(result.topics)) {
        const QString name = t.topic.isEmpty() ? u"(general benign prompts)"_s : u"\""_s + t.topic + u'"';
        ctx.out << "  " << (t.hurt() ? "HURT " : "     ") << name << ": ";
        if (t.topic.isEmpty())
            ctx.out << classText("prompts", t.negatives) << '\n';
        else
            ctx.out << classText("positives", t.positives) << "; " << classText("negatives", t.negatives) << '\n';
        for (const QString &p : t.newlyCaught)
            ctx.out << "        now acted on: \"" << p << "\"\n";
        hurt += t.hurt();
    }
    ctx.out << (hurt == 0 ? u"No topic loses a prompt it got right."_s
                          : u"%1 topic(s) would get prompts wrong that they get right now."_s.arg(hurt))
            << '\n';
    ctx.out.flush();
    return -1;
}
} // namespace

void printApplyImpact(const TopicApplier::Plan &plan, ManagementClient *management, const AirsSettings &airs,
                      const ImpactSettings &settings, CliContext &ctx, const std::function<void(int)> &done)
{
    const std::optional<AuditState> audit = AuditState::latestCompleted(settings.home, plan.profileName);
    if (!audit) {
        ctx.err << "daystrom apply: --impact measures on the stored prompts of the profile's latest audit, and \""
                << Printable::escaped(plan.profileName, 200) << "\" has none: run `daystrom audit --profile "
                << Printable::escaped(plan.profileName, 200) << "` first\n";
        return done(ExitCode::Usage);
    }
    // One audit or impact check of a profile at a time: a second one would measure on a
    // tenant the first is changing, and (before issue 55) took its scratch objects for a
    // killed check's.
    // Held until the figures are printed, whatever holds a copy of the callbacks.
    QString lockError;
    const auto lock = std::make_shared<std::unique_ptr<AuditLock>>(
        AuditLock::forProfile(settings.home, plan.profileName, u"daystrom apply --impact"_s, &lockError));
    if (!*lock) {
        ctx.err << "daystrom apply: --impact: " << lockError << '\n';
        return done(ExitCode::Usage);
    }
    const auto measure = [&plan, management, airs, settings, &ctx, done, lock, latest = *audit] {
        const QString id = NanoId::generate();
        QString error;
        if (!(*lock)->own(u"impact-"_s + id, &error)) { // before its footprint is first written
            ctx.err << "daystrom apply: --impact: " << error << '\n';
            lock->reset();
            return done(ExitCode::Usage);
        }
        int scans = 0;
        for (const AuditSuite &s : latest.suites)
            scans += int(s.prompts.size());
        ctx.out << "Impact on the profile's topics (audit " << latest.id << " of "
                << latest.updatedAt.toString(Qt::ISODate) << ", " << scans
                << " prompts scanned against a scratch copy of production with the plan in place):\n";
        ctx.out.flush();
        auto *impact = new ApplyImpact(management, airs,
                                       {settings.concurrency, settings.ratePerSecond, settings.propagationDelayMs});
        QObject::connect(impact, &ApplyImpact::progress, impact, [&ctx](const QString &step) {
            ctx.err << step << '\n';
            ctx.err.flush();
        });
        const QString home = settings.home;
        impact->run(id, plan, latest,
                    [home, id](const TenantFootprint &footprint) { return ApplyImpact::recordFootprint(home, id, footprint); },
                    [impact, home, id, &ctx, done, lock](const ApplyImpact::Result &result) {
                        impact->deleteLater();
                        const int code = printResult(result, home, id, ctx);
                        lock->reset();
                        done(code);
                    });
    };
    cleanEarlierChecks(AuditLeftovers::find(settings.home).runs, 0, management, ctx, measure);
}
