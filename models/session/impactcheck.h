#pragma once

#include "airs/airssettings.h"
#include "runs/auditstate.h"
#include "tenant/applyimpact.h"
#include "tenant/topicapplier.h"

#include <QObject>
#include <QPointer>

#include <optional>

class ManagementClient;

// "Check impact" in the Apply dialog (issue 42), as a controller (issue 59: views without
// I/O): finds the profile's latest audit off the GUI thread, takes the profile's audit lock,
// measures the plan on that audit's prompts in a scratch copy of production (ApplyImpact), and
// records and forgets its footprint so a killed check is cleaned up later. The dialog only
// shows what it says.
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
    // Reads the profile's latest completed audit; auditFound() follows (with or without one).
    void findAudit(const QString &profile);
    const std::optional<AuditState> &audit() const { return m_audit; }

    bool isRunning() const { return m_run != nullptr; }
    // Starts measuring `plan`; why not, or empty (then finished() follows).
    QString start(const TopicApplier::Plan &plan);
    // The dialog closes: a running check stops and cleans up after itself under `keeper`.
    void abandon(QObject *keeper);

signals:
    void auditFound();
    void finished(const ApplyImpact::Result &result);

private:
    QPointer<ManagementClient> m_client;
    std::optional<Source> m_source;
    std::optional<AuditState> m_audit;
    ApplyImpact *m_run = nullptr;
    quint64 m_lookup = 0; // the newest findAudit()
};
