#include "applyimpactcommand.h"

#include "domain/jsonfile.h"
#include "domain/nanoid.h"
#include "domain/printable.h"
#include "tenant/applyimpact.h"
#include "tenant/tenantcleaner.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>

using namespace Qt::StringLiterals;

namespace {
// What an earlier check that was killed left on the tenant, taken away first.
void cleanEarlierChecks(const QString &home, ManagementClient *management, CliContext &ctx)
{
    for (const QString &name : QDir(AuditState::directory(home)).entryList({u"impact-*.json"_s}, QDir::Files)) {
        const QString path = AuditState::directory(home) + u'/' + name;
        const JsonFile::ReadResult read = JsonFile::read(path);
        QStringList errors;
        const TenantFootprint footprint = TenantFootprint::fromJson(JsonIn(read.object, name, &errors));
        if (!read.ok() || !errors.isEmpty())
            continue;
        TenantCleaner cleaner(management);
        QEventLoop loop;
        TenantCleaner::Outcome outcome;
        cleaner.clean(footprint, [&](const TenantCleaner::Outcome &o) {
            outcome = o;
            loop.quit();
        });
        loop.exec();
        if (outcome.remaining.isClear())
            QFile::remove(path);
        else
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
    cleanEarlierChecks(settings.home, management, ctx);
    int scans = 0;
    for (const AuditSuite &s : audit->suites)
        scans += int(s.prompts.size());
    ctx.out << "Impact on the profile's topics (audit " << audit->id << " of "
            << audit->updatedAt.toString(Qt::ISODate) << ", " << scans
            << " prompts scanned against a scratch copy of production with the plan in place):\n";
    ctx.out.flush();
    const QString id = NanoId::generate();
    ApplyImpact impact(management, airs, {settings.concurrency, settings.ratePerSecond, settings.propagationDelayMs});
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
                << result.cleanupProblems << "); the next --impact tries again\n";
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
