#pragma once

#include "domain/runstate.h"

#include <QObject>
#include <QPointer>

class ManagementClient;
class TopicApplier;

// Whether what a run's last apply put into production is still there (issue 58): the run file
// says an iteration was applied, the tenant says whether it still holds it. Read from the
// tenant, never from the run file alone: the profile is planned against again, and "still in
// production" means that plan would write nothing. A sandbox tenant that was reset, or a
// colleague's change, shows as Changed; a tenant that cannot be read, as Unknown.
class ProductionCheck final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProductionCheck)

public:
    enum class State {
        None,         // the run has no apply in force
        Checking,
        InProduction, // the profile holds the applied iteration's topics as they were written
        Changed,      // it no longer does (reverted elsewhere, edited, or the tenant reset)
        Unknown,      // the tenant could not be read (no credentials, or an error)
    };
    Q_ENUM(State)

    explicit ProductionCheck(QObject *parent = nullptr);
    ~ProductionCheck() override;

    void setClient(ManagementClient *client);
    // The run's newest apply not yet reverted, as its file records it; null when none.
    static const ApplyRecord *lastApplied(const RunState &run);
    // Checks the run's last apply; a newer call supersedes one still in flight.
    void check(const RunState &run);

    State state() const { return m_state; }
    QString detail() const { return m_detail; } // Unknown: why; Changed: what differs

signals:
    void stateChanged(ProductionCheck::State state);

private:
    void settle(State state, const QString &detail);

    QPointer<ManagementClient> m_client;
    TopicApplier *m_applier = nullptr;
    quint64 m_generation = 0;
    State m_state = State::None;
    QString m_detail;
};
