#include "impactcheck.h"

#include "airs/managementclient.h"
#include "domain/nanoid.h"
#include "runs/auditlock.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

ImpactCheck::ImpactCheck(ManagementClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
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

QString ImpactCheck::start(const TopicApplier::Plan &plan)
{
    if (!m_source || !m_audit || m_run)
        return tr("there is no audit of the profile to measure on");
    const QString home = m_source->auditsHome;
    const QString id = NanoId::generate();
    // One audit or impact check of a profile at a time, and this check's footprint held while it
    // runs, so that no other process takes its scratch objects for a killed check's (issue 55).
    QString lockError;
    std::shared_ptr<AuditLock> lock =
        AuditLock::forProfile(home, plan.profileName, u"Daystrom Studio impact check"_s, &lockError);
    if (!lock || !lock->own(u"impact-"_s + id, &lockError))
        return lockError;
    m_run = new ApplyImpact(m_client, m_source->airs,
                            {m_source->concurrency, m_source->ratePerSecond, m_source->propagationDelayMs}, this);
    ApplyImpact *run = m_run;
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
