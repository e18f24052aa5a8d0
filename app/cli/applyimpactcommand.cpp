#include "applyimpactcommand.h"

#include "domain/nanoid.h"
#include "domain/printable.h"
#include "runs/auditlock.h"
#include "tenant/applyimpact.h"
#include "tenant/auditleftovers.h"
#include "tenant/tenantcleaner.h"

#include <QCoreApplication>
#include <QEventLoop>

using namespace Qt::StringLiterals;

namespace {
// What earlier checks whose process is gone (killed) left on the tenant, taken away first;
// a check still running (of another profile) is left alone: its lock is held.
void cleanEarlierChecks(const QString &home, ManagementClient *management, CliContext &ctx)
{
    for (const Leftovers::Run &check : AuditLeftovers::find(home).runs) {
        if (check.kind != Leftovers::Run::Kind::ImpactCheck)
            continue;
        const auto lock = Leftovers::lock(check);
        if (!lock)
            continue; // taken meanwhile by a live process
        TenantCleaner cleaner(management);
        QEventLoop loop;
        TenantCleaner::Outcome outcome;
        cleaner.clean(check.footprint, [&](const TenantCleaner::Outcome &o) {
            outcome = o;
            loop.quit();
        }, [&](const TenantFootprint &f) { Leftovers::record(check, f); });
        loop.exec();
        Leftovers::record(check, outcome.remaining);
        if (!outcome.remaining.isClear())
            ctx.err << "daystrom apply: an earlier impact check left objects on AIRS: " << outcome.problems.join(u"; "_s) << '\n';
    }
}

QString classText(const char *name, const ApplyImpact::Class &c)
{
    return u"%1 %2 fixed, %3 broken of %4 (p = %5)"_s.arg(QString::fromLatin1(name))
        .arg(c.fixed)
        .arg(c.broken)
        .arg(c.prompts)
        .arg(c.pValue, 0, 'f', 3);
}
} // namespace

int printApplyImpact(const TopicApplier::Plan &plan, ManagementClient *management, const AirsSettings &airs,
                     const ImpactSettings &settings, CliContext &ctx)
{
    const std::optional<AuditState> audit = AuditState::latestCompleted(settings.home, plan.profileName);
    if (!audit) {
        ctx.err << "daystrom apply: --impact measures on the stored prompts of the profile's latest audit, and \""
                << Printable::escaped(plan.profileName, 200) << "\" has none: run `daystrom audit --profile "
                << Printable::escaped(plan.profileName, 200) << "` first\n";
        return ExitCode::Usage;
    }
    // One audit or impact check of a profile at a time: a second one would measure on a
    // tenant the first is changing, and (before issue 55) took its scratch objects for a
    // killed check's.
    QString lockError;
    const std::unique_ptr<AuditLock> lock =
        AuditLock::forProfile(settings.home, plan.profileName, u"daystrom apply --impact"_s, &lockError);
    if (!lock) {
        ctx.err << "daystrom apply: --impact: " << lockError << '\n';
        return ExitCode::Usage;
    }
    cleanEarlierChecks(settings.home, management, ctx);
    const QString id = NanoId::generate();
    if (!lock->own(u"impact-"_s + id, &lockError)) { // before its footprint is first written
        ctx.err << "daystrom apply: --impact: " << lockError << '\n';
        return ExitCode::Usage;
    }
    int scans = 0;
    for (const AuditSuite &s : audit->suites)
        scans += int(s.prompts.size());
    ctx.out << "Impact on the profile's topics (audit " << audit->id << " of "
            << audit->updatedAt.toString(Qt::ISODate) << ", " << scans
            << " prompts scanned against a scratch copy of production with the plan in place):\n";
    ctx.out.flush();
    ApplyImpact impact(management, airs, {settings.concurrency, settings.ratePerSecond, settings.propagationDelayMs});
    QObject::connect(&impact, &ApplyImpact::progress, &impact, [&ctx](const QString &step) {
        ctx.err << step << '\n';
        ctx.err.flush();
    });
    QEventLoop loop;
    ApplyImpact::Result result;
    impact.run(id, plan, *audit,
               [&](const TenantFootprint &footprint) { return ApplyImpact::recordFootprint(settings.home, id, footprint); },
               [&](const ApplyImpact::Result &r) {
                   result = r;
                   loop.quit();
               });
    loop.exec();
    if (result.cleanupProblems.isEmpty())
        ApplyImpact::forgetFootprint(settings.home, id);
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
