#include "productioncheck.h"

#include "airs/managementclient.h"
#include "tenant/topicapplier.h"

ProductionCheck::ProductionCheck(QObject *parent)
    : QObject(parent)
{}

ProductionCheck::~ProductionCheck() = default;

void ProductionCheck::setClient(ManagementClient *client)
{
    if (m_client == client)
        return;
    m_client = client;
    delete m_applier;
    m_applier = client ? new TopicApplier(client, this) : nullptr;
}

const ApplyRecord *ProductionCheck::lastApplied(const RunState &run)
{
    return TopicApplier::lastApplied(run);
}

void ProductionCheck::check(const RunState &run)
{
    const quint64 generation = ++m_generation;
    const ApplyRecord *applied = TopicApplier::lastApplied(run);
    if (!applied)
        return settle(State::None, {});
    if (!m_applier)
        return settle(State::Unknown, tr("AIRS management credentials are needed to read the profile."));
    settle(State::Checking, {});
    // Only read: objects the run itself may still hold (a copy of the run taken before its
    // clean-up was recorded) do not stop the comparison the way they stop an apply.
    RunState reading = run;
    reading.tenant.reset();
    m_applier->plan(reading, applied->iteration, [this, generation](const AirsResult<TopicApplier::Plan> &plan) {
        if (generation != m_generation)
            return; // superseded
        if (!plan.ok())
            return settle(State::Unknown, plan.error.toString());
        if (plan.value.changesNothing())
            return settle(State::InProduction, {});
        settle(State::Changed, {});
    });
}

void ProductionCheck::settle(State state, const QString &detail)
{
    m_detail = detail;
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}
