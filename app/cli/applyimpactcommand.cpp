#include "applyimpactcommand.h"

#include "domain/printable.h"
#include "models/session/impactcheck.h"
#include "tenant/applyimpact.h"

using namespace Qt::StringLiterals;

namespace {
QString classText(const char *name, const ApplyImpact::Class &c)
{
    return u"%1 %2 fixed, %3 broken of %4 (p = %5)"_s.arg(QString::fromLatin1(name))
        .arg(c.fixed)
        .arg(c.broken)
        .arg(c.prompts)
        .arg(c.pValue, 0, 'f', 3);
}

// The figures of a finished check; -1 to go on with the apply, else the exit code.
// (ImpactCheck has forgotten the check's footprint where the tenant is clean.)
int printResult(const ApplyImpact::Result &result, CliContext &ctx)
{
    if (!result.cleanupProblems.isEmpty())
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
    // The app's "Check impact" (ImpactCheck), in the steps this command prints: the profile's
    // latest audit, its audit lock (one audit or impact check of a profile at a time: a second
    // one would measure on a tenant the first is changing), what killed checks left removed,
    // then the check itself. It lives until the figures are printed.
    auto *check = new ImpactCheck(management);
    check->setSource({airs, settings.home, settings.concurrency, settings.ratePerSecond, settings.propagationDelayMs});
    check->setLockHolder(u"daystrom apply --impact"_s);
    const auto end = [check, done](int code) {
        check->deleteLater();
        done(code);
    };
    QObject::connect(check, &ImpactCheck::auditFound, check, [check, &plan, &ctx, end] {
        if (!check->audit()) {
            ctx.err << "daystrom apply: --impact measures on the stored prompts of the profile's latest audit, and \""
                    << Printable::escaped(plan.profileName, 200) << "\" has none: run `daystrom audit --profile "
                    << Printable::escaped(plan.profileName, 200) << "` first\n";
            return end(ExitCode::Usage);
        }
        if (const QString error = check->lockProfile(plan.profileName); !error.isEmpty()) {
            ctx.err << "daystrom apply: --impact: " << error << '\n';
            return end(ExitCode::Usage);
        }
        check->cleanEarlierChecks();
    });
    QObject::connect(check, &ImpactCheck::earlierCheckCleaned, check, [&ctx](const TenantCleaner::Outcome &outcome) {
        if (!outcome.remaining.isClear())
            ctx.err << "daystrom apply: an earlier impact check left objects on AIRS: " << outcome.problems.join(u"; "_s)
                    << '\n';
    });
    QObject::connect(check, &ImpactCheck::earlierChecksCleaned, check, [check, &plan, &ctx, end] {
        if (const QString error = check->start(plan); !error.isEmpty()) {
            ctx.err << "daystrom apply: --impact: " << error << '\n';
            return end(ExitCode::Usage);
        }
    });
    QObject::connect(check, &ImpactCheck::measuring, check, [check, &ctx] {
        const AuditState &latest = *check->audit();
        int scans = 0;
        for (const AuditSuite &s : latest.suites)
            scans += int(s.prompts.size());
        ctx.out << "Impact on the profile's topics (audit " << latest.id << " of "
                << latest.updatedAt.toString(Qt::ISODate) << ", " << scans
                << " prompts scanned against a scratch copy of production with the plan in place):\n";
        ctx.out.flush();
    });
    QObject::connect(check, &ImpactCheck::progress, check, [&ctx](const QString &step) {
        ctx.err << step << '\n';
        ctx.err.flush();
    });
    QObject::connect(check, &ImpactCheck::finished, check, [&ctx, end](const ApplyImpact::Result &result) {
        end(printResult(result, ctx));
    });
    check->findAudit(plan.profileName);
}
