#include "auditleftovers.h"

#include "applyimpact.h"
#include "domain/jsonfile.h"
#include "runs/auditlock.h"
#include "runs/auditstate.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace {
QString auditStatusText(AuditState::Status status)
{
    switch (status) {
    case AuditState::Status::Running:
        return u"stopped without finishing: killed?"_s;
    case AuditState::Status::Completed:
        return u"completed; AIRS refused part of its clean-up"_s;
    default:
        return auditStatusName(status);
    }
}

// Whether a live process holds the record `stem`; notes it if so.
bool heldByLiveProcess(const QString &home, const QString &stem, const QString &what, QStringList *notes)
{
    qint64 pid = 0;
    if (AuditLock::footprint(home, stem, &pid))
        return false; // released again at once: the cleaner takes it when it cleans
    notes->append(u"%1 is being worked on by another process (pid %2)"_s.arg(what).arg(pid));
    return true;
}

void findImpactChecks(const QString &home, const QString &profile, Leftovers::Found *found)
{
    const QString dir = AuditState::directory(home);
    for (const QString &name : QDir(dir).entryList({u"impact-*.json"_s}, QDir::Files)) {
        const QString id = name.mid(7).chopped(5);
        const JsonFile::ReadResult read = JsonFile::read(dir + u'/' + name);
        QStringList errors;
        const TenantFootprint footprint = TenantFootprint::fromJson(JsonIn(read.object, name, &errors));
        if (!read.ok() || !errors.isEmpty()) {
            found->notes.append(read.ok() ? u"%1: %2"_s.arg(name, errors.join(u"; "_s)) : read.error);
            continue;
        }
        if (footprint.isClear() || (!profile.isEmpty() && footprint.productionProfile != profile))
            continue;
        const QString what = u"impact check "_s + id;
        if (heldByLiveProcess(home, u"impact-"_s + id, what, &found->notes))
            continue;
        Leftovers::Run run;
        run.id = id;
        run.footprint = footprint;
        run.kind = Leftovers::Run::Kind::ImpactCheck;
        run.store = home;
        run.heading = u"Impact check %1 of profile \"%2\" (stopped without finishing: killed?, or AIRS refused its "
                      "clean-up)"_s.arg(id, footprint.productionProfile);
        found->runs.append(run);
    }
}
} // namespace

Leftovers::Found AuditLeftovers::find(const QString &home, const QString &profile, const QString &except)
{
    Leftovers::Found found;
    for (const AuditState &a : AuditState::all(home, &found.notes)) {
        if (a.tenant.isClear() || a.id == except || (!profile.isEmpty() && a.profileName != profile))
            continue;
        if (heldByLiveProcess(home, a.id, u"audit "_s + a.id, &found.notes))
            continue;
        Leftovers::Run run;
        run.id = a.id;
        run.footprint = a.tenant;
        run.kind = Leftovers::Run::Kind::Audit;
        run.store = home;
        run.heading = u"Audit %1 of profile \"%2\" (%3)"_s.arg(a.id, a.profileName, auditStatusText(a.status));
        found.runs.append(run);
    }
    findImpactChecks(home, profile, &found);
    return found;
}

QString AuditLeftovers::record(const Leftovers::Run &run, const TenantFootprint &remaining)
{
    if (run.kind == Leftovers::Run::Kind::ImpactCheck) {
        if (remaining.isClear()) {
            ApplyImpact::forgetFootprint(run.store, run.id);
            return QFileInfo::exists(ApplyImpact::footprintPath(run.store, run.id))
                       ? u"cannot remove "_s + QDir::toNativeSeparators(ApplyImpact::footprintPath(run.store, run.id))
                       : QString();
        }
        return ApplyImpact::recordFootprint(run.store, run.id, remaining)
                   ? QString()
                   : u"cannot write "_s + QDir::toNativeSeparators(ApplyImpact::footprintPath(run.store, run.id));
    }
    QString error;
    std::optional<AuditState> audit = AuditState::load(run.store, run.id, &error);
    if (!audit)
        return error;
    audit->tenant = remaining;
    return audit->save(run.store);
}
