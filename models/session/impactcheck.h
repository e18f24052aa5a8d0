#pragma once

#include "airs/airssettings.h"
#include "runs/auditstate.h"
#include "tenant/applyimpact.h"
#include "tenant/leftovers.h"
#include "tenant/tenantcleaner.h"
#include "tenant/topicapplier.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>

class AuditLock;
class ManagementClient;

// "Check impact" in the Apply dialog (issue 42), as a controller (issue 59: views without
// I/O): finds the profile's latest audit off the GUI thread, takes the profile's audit lock,
// measures the plan on that audit's prompts in a scratch copy of production (ApplyImpact), and
// records and forgets its footprint so a killed check is cleaned up later. The dialog only
// shows what it says. `daystrom apply --impact` runs the same check in steps (issue 59): it
// takes the lock under its own name, removes what killed checks left, then starts, and prints
// the engine's progress lines.
class ImpactCheck final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImpactCheck)
public:
    // Where a check scans and finds the profile's audits.
    struct Source
    {
        AirsSettings airs;
        QString auditsHome;
        int concurrency = 5;
        double ratePerSecond = 0;
        int propagationDelayMs = 10000;
    };

    explicit ImpactCheck(ManagementClient *client, QObject *parent = nullptr);
    ~ImpactCheck() override;

    void setSource(const Source &source);
    bool hasSource() const { return m_source.has_value(); }
    // Who holds the profile's audit lock, as another process reports it (default: the app).
    void setLockHolder(const QString &name) { m_lockHolder = name; }
    // Reads the profile's latest completed audit; auditFound() follows (with or without one).
    void findAudit(const QString &profile);
    const std::optional<AuditState> &audit() const { return m_audit; }

    bool isRunning() const { return m_run != nullptr; }
    // Takes `profile`'s audit lock ahead of start(), which keeps it; why not, or empty.
    QString lockProfile(const QString &profile);
    // What checks whose process is gone (killed) left on the tenant, removed one after the
    // other (earlierCheckCleaned() each); a check still running is left alone. Then
    // earlierChecksCleaned().
    void cleanEarlierChecks();
    // Starts measuring `plan` (taking the profile's audit lock unless lockProfile() did); why
    // not, or empty (then measuring() and, later, finished() follow).
    QString start(const TopicApplier::Plan &plan);
    // The dialog closes: a running check stops and cleans up after itself under `keeper`.
    void abandon(QObject *keeper);

signals:
    void auditFound();
    void earlierCheckCleaned(const TenantCleaner::Outcome &outcome);
    void earlierChecksCleaned();
    void measuring(); // the lock is held and owned by this check; the scratch copy comes next
    void progress(const QString &step); // ApplyImpact's, in the engine's words
    void finished(const ApplyImpact::Result &result);

private:
    QPointer<ManagementClient> m_client;
    std::optional<Source> m_source;
    std::optional<AuditState> m_audit;
    void cleanEarlier(qsizetype next);

    QString m_lockHolder;
    std::shared_ptr<AuditLock> m_lock; // lockProfile()
    QList<Leftovers::Run> m_earlier;   // cleanEarlierChecks()
    ApplyImpact *m_run = nullptr;
    quint64 m_lookup = 0; // the newest findAudit()
};
