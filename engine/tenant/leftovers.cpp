#include "leftovers.h"

#include "auditleftovers.h"
#include "domain/lockfiles.h"
#include "runs/auditlock.h"
#include "runs/auditstate.h"
#include "runs/comparisonstate.h"
#include "runs/runstore.h"
#include "stalelocks.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

using namespace Qt::StringLiterals;

std::unique_ptr<QLockFile> Leftovers::lock(const QString &runsDir, const QString &id, qint64 *holder)
{
    auto lock = std::make_unique<QLockFile>(QDir(runsDir).filePath(id + u".lock"_s));
    if (LockFiles::tryLock(*lock)) // stale only when its process is gone (as RefinementRun locks)
        return lock;
    if (holder)
        *holder = LockFiles::holder(*lock);
    return nullptr;
}

Leftovers::Found Leftovers::find(const QString &runsDir, const QStringList &ids)
{
    Found found;
    const RunStore store(runsDir);
    QStringList candidates = ids;
    if (candidates.isEmpty()) {
        const RunStore::Listing listing = store.list();
        found.notes += listing.problems;
        for (const RunSummary &s : listing.runs)
            candidates.append(s.id);
    }
    for (const QString &id : std::as_const(candidates)) {
        const RunStore::Loaded loaded = store.load(id);
        if (!loaded.ok()) {
            found.notes.append(loaded.error);
            continue;
        }
        const RunState &run = loaded.run;
        // An apply that was interrupted (issue 57): its journal says what it was writing to
        // production; the next apply or revert of the run records what landed.
        if (!run.applies.isEmpty() && run.applies.last().pending)
            found.notes.append(u"run %1 has an interrupted apply of iteration %2 to profile \"%3\": `daystrom revert %1` "
                               "takes back what it wrote, `daystrom apply %1 --yes` finishes it"_s.arg(
                                   id, QString::number(run.applies.last().iteration), run.applies.last().profileName));
        if (!run.tenant || run.tenant->isClear())
            continue;
        if (run.status == RunStatus::Paused && ids.isEmpty()) {
            if (!run.tenant->inPlace) {
                found.notes.append(u"run %1 is paused and keeps its objects so that it can resume"_s.arg(id));
                continue;
            }
        }
        qint64 pid = 0;
        if (!lock(runsDir, id, &pid)) {
            found.notes.append(u"run %1 is being driven by another process (pid %2)"_s.arg(id).arg(pid));
            continue;
        }
        Run listed{id, run.status, *run.tenant, run.userInput.topicDescription, {}, Run::Kind::Run, runsDir, {}};
        if (run.status == RunStatus::Paused && run.tenant->inPlace) {
            // In place its objects are on production: listed by default, so nothing stays there unseen.
            listed.note = u"paused in place on the production profile \"%1\" (put back at the pause unless the "
                          "run said otherwise); cleaning it up deletes its candidate topics, and a resume deploys "
                          "them again"_s.arg(run.tenant->productionProfile);
        }
        found.runs.append(listed);
    }
    return found;
}

namespace {
QString lockPath(const Leftovers::Run &run)
{
    switch (run.kind) {
    case Leftovers::Run::Kind::Run:
        return QDir(run.store).filePath(run.id + u".lock"_s);
    case Leftovers::Run::Kind::Audit:
        return AuditState::directory(run.store) + u'/' + run.id + u".lock"_s;
    case Leftovers::Run::Kind::ImpactCheck:
        return AuditState::directory(run.store) + u"/impact-"_s + run.id + u".lock"_s;
    case Leftovers::Run::Kind::StaleLock:
        return run.store;
    case Leftovers::Run::Kind::Comparison:
        return ComparisonState::directory(run.store) + u'/' + run.id + u".lock"_s;
    }
    return {};
}

QString comparisonStatusText(const ComparisonState &c)
{
    switch (c.status) {
    case ComparisonState::Status::Running:
        return u"stopped without finishing: killed?"_s;
    case ComparisonState::Status::Completed:
        return u"completed; AIRS refused part of its clean-up"_s;
    case ComparisonState::Status::Failed:
        return u"failed: "_s + c.error;
    case ComparisonState::Status::Cancelled:
        return u"cancelled; AIRS refused part of its clean-up"_s;
    }
    return {};
}
} // namespace

Leftovers::Found Leftovers::findComparisons(const QString &home)
{
    Found found;
    for (const ComparisonState &c : ComparisonState::all(home, &found.notes)) {
        if (c.tenant.isClear())
            continue;
        qint64 pid = 0;
        if (!ComparisonState::lock(home, c.id, &pid)) { // released at once: the cleaner takes it when it cleans
            found.notes.append(u"comparison %1 is being worked on by another process (pid %2)"_s.arg(c.id).arg(pid));
            continue;
        }
        Run run;
        run.id = c.id;
        run.footprint = c.tenant;
        run.kind = Run::Kind::Comparison;
        run.store = home;
        run.heading = u"Comparison %1 of %2 runs (%3)"_s.arg(c.id).arg(c.candidates.size()).arg(comparisonStatusText(c));
        found.runs.append(run);
    }
    return found;
}

Leftovers::Found Leftovers::findAll(const QString &runsDir, const QString &auditsHome)
{
    // First: finding runs and audits takes over (and so removes) the stale locks it meets.
    const QList<StaleLocks::Lock> stale = StaleLocks::find({runsDir, auditsHome});
    Found found = find(runsDir);
    if (!auditsHome.isEmpty()) {
        const Found audits = AuditLeftovers::find(auditsHome);
        found.runs += audits.runs;
        found.notes += audits.notes;
        const Found comparisons = findComparisons(auditsHome);
        found.runs += comparisons.runs;
        found.notes += comparisons.notes;
    }
    QSet<QString> listed;
    for (const Run &run : std::as_const(found.runs))
        listed.insert(QFileInfo(lockPath(run)).absoluteFilePath());
    for (const StaleLocks::Lock &lock : stale) {
        if (listed.contains(QFileInfo(lock.path).absoluteFilePath()))
            continue;
        Run run;
        run.id = QFileInfo(lock.path).fileName();
        run.kind = Run::Kind::StaleLock;
        run.store = lock.path;
        run.heading = u"Stale lock %1 of %2"_s.arg(QDir::toNativeSeparators(lock.path), lock.what);
        run.note = u"held by %1; that process is gone. The next command that needs it takes it over; cleaning "
                   "up removes it"_s.arg(StaleLocks::owner(lock));
        found.runs.append(run);
    }
    return found;
}

QString Leftovers::heading(const Run &run)
{
    if (run.kind != Run::Kind::Run)
        return run.heading;
    return u"Run %1 (%2, \"%3\")"_s.arg(run.id, statusText(run.status), run.topic);
}

std::unique_ptr<QLockFile> Leftovers::lock(const Run &run, qint64 *holder)
{
    switch (run.kind) {
    case Run::Kind::Run:
        return lock(run.store, run.id, holder);
    case Run::Kind::Audit:
        return AuditLock::footprint(run.store, run.id, holder);
    case Run::Kind::ImpactCheck:
        return AuditLock::footprint(run.store, u"impact-"_s + run.id, holder);
    case Run::Kind::Comparison:
        return ComparisonState::lock(run.store, run.id, holder);
    case Run::Kind::StaleLock: {
        auto lock = std::make_unique<QLockFile>(run.store);
        if (LockFiles::tryLock(*lock)) // only while it is still stale (or gone)
            return lock;
        if (holder)
            *holder = LockFiles::holder(*lock);
        return nullptr;
    }
    }
    return nullptr;
}

QString Leftovers::record(const Run &run, const TenantFootprint &remaining)
{
    switch (run.kind) {
    case Run::Kind::Run:
        return record(run.store, run.id, remaining);
    case Run::Kind::StaleLock: {
        // Called while lock() holds it: the owner file is the dead holder's.
        const QString owner = StaleLocks::ownerFile(run.store);
        if (!owner.isEmpty() && QFileInfo::exists(owner) && !QFile::remove(owner))
            return u"cannot remove "_s + QDir::toNativeSeparators(owner);
        return {};
    }
    case Run::Kind::Comparison: {
        QString error;
        std::optional<ComparisonState> c = ComparisonState::load(run.store, run.id, &error);
        if (!c)
            return error;
        c->tenant = remaining;
        c->updatedAt = QDateTime::currentDateTimeUtc();
        return c->save(run.store);
    }
    default:
        return AuditLeftovers::record(run, remaining);
    }
}

QString Leftovers::statusText(RunStatus status)
{
    // A stored run that says "running" while no process drives it was killed.
    return status == RunStatus::Running ? u"stopped without saving: killed?"_s : runStatusName(status);
}

QString Leftovers::record(const QString &runsDir, const QString &id, const TenantFootprint &remaining)
{
    const RunStore store(runsDir);
    RunStore::Loaded loaded = store.load(id);
    if (!loaded.ok())
        return loaded.error;
    RunState &run = loaded.run;
    if (remaining.isClear()) {
        run.tenant.reset();
        if (run.checkpoint) { // a resume deploys anew
            run.checkpoint->topicId.clear();
            run.checkpoint->companionTopicId.clear();
        }
    } else {
        run.tenant = remaining;
    }
    return store.save(run);
}
