#include "impactcheck.h"

#include "airs/managementclient.h"
#include "domain/nanoid.h"
#include "runs/auditlock.h"
#include "tenant/auditleftovers.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

ImpactCheck::ImpactCheck(ManagementClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_lockHolder(u"Daystrom Studio impact check"_s)
{}

ImpactCheck::~ImpactCheck() = default;

void ImpactCheck::setSource(const Source &source)
{
    m_source = source;
}

void ImpactCheck::findAudit(const QString &profile)
{
    if (!m_source)
        return;
    const quint64 lookup = ++m_lookup;
    // Every audit file of the profile is parsed: off the GUI thread.
    auto *watcher = new QFutureWatcher<std::optional<AuditState>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, lookup] {
        watcher->deleteLater();
        if (lookup != m_lookup)
            return;
        m_audit = watcher->result();
        emit auditFound();
    });
    watcher->setFuture(QtConcurrent::run(&AuditState::latestCompleted, m_source->auditsHome, profile));
}

QString ImpactCheck::lockProfile(const QString &profile)
{
    // One audit or impact check of a profile at a time: a second one would measure on a tenant
    // the first is changing.
    QString error;
    m_lock = AuditLock::forProfile(m_source->auditsHome, profile, m_lockHolder, &error);
    return m_lock ? QString() : error;
}

void ImpactCheck::cleanEarlierChecks()
{
    m_earlier = AuditLeftovers::find(m_source->auditsHome).runs;
    cleanEarlier(0);
}

void ImpactCheck::cleanEarlier(qsizetype next)
{
    while (next < m_earlier.size() && m_earlier.at(next).kind != Leftovers::Run::Kind::ImpactCheck)
        ++next;
    if (next >= m_earlier.size())
        return emit earlierChecksCleaned();
    const Leftovers::Run check = m_earlier.at(next);
    // Held while the check's record changes; released before the next one is taken.
    const auto lock = std::make_shared<std::unique_ptr<QLockFile>>(Leftovers::lock(check));
    if (!*lock) // taken meanwhile by a live process
        return cleanEarlier(next + 1);
    auto *cleaner = new TenantCleaner(m_client, this);
    cleaner->clean(
        check.footprint,
        [this, cleaner, check, lock, next](const TenantCleaner::Outcome &outcome) {
            cleaner->deleteLater();
            Leftovers::record(check, outcome.remaining);
            emit earlierCheckCleaned(outcome);
            lock->reset();
            cleanEarlier(next + 1);
        },
        [check](const TenantFootprint &f) { Leftovers::record(check, f); });
}

QString ImpactCheck::start(const TopicApplier::Plan &plan)
{
    if (!m_source || !m_audit || m_run)
        return tr("there is no audit of the profile to measure on");
    const QString home = m_source->auditsHome;
    const QString id = NanoId::generate();
    // This check's footprint held while it runs, so that no other process takes its scratch
    // objects for a killed check's (issue 55).
    if (!m_lock) {
        if (const QString error = lockProfile(plan.profileName); !error.isEmpty())
            return error;
    }
    std::shared_ptr<AuditLock> lock = std::move(m_lock);
    QString lockError;
    if (!lock->own(u"impact-"_s + id, &lockError))
        return lockError;
    emit measuring();
    m_run = new ApplyImpact(m_client, m_source->airs,
                            {m_source->concurrency, m_source->ratePerSecond, m_source->propagationDelayMs}, this);
    ApplyImpact *run = m_run;
    connect(run, &ApplyImpact::progress, this, &ImpactCheck::progress);
    const QPointer<ImpactCheck> self(this);
    run->run(id, plan, *m_audit,
             [home, id](const TenantFootprint &footprint) { return ApplyImpact::recordFootprint(home, id, footprint); },
             [self, run, home, id, lock](const ApplyImpact::Result &result) mutable {
                 if (result.cleanupProblems.isEmpty())
                     ApplyImpact::forgetFootprint(home, id);
                 lock.reset();
                 run->deleteLater();
                 if (!self || self->m_run != run)
                     return; // abandoned: the check has cleaned up after itself
                 self->m_run = nullptr;
                 emit self->finished(result);
             });
    return {};
}

void ImpactCheck::abandon(QObject *keeper)
{
    if (!m_run)
        return;
    // It outlives the dialog until its scratch objects are removed (or recorded for the next
    // check, should the app quit first).
    m_run->setParent(keeper);
    m_run->abort();
    m_run = nullptr;
}
