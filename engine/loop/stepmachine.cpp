#include "stepmachine.h"

StepMachine::StepMachine(QObject *parent)
    : QObject(parent)
{}

StepMachine::StateId StepMachine::addStep(const QString &name, std::function<void()> onEntry,
                                          std::function<void()> onExit)
{
    m_states.append(State{name, false, std::move(onEntry), std::move(onExit), {}});
    return StateId(m_states.size() - 1);
}

StepMachine::StateId StepMachine::addFinal(const QString &name, std::function<void()> onEntry)
{
    m_states.append(State{name, true, std::move(onEntry), {}, {}});
    return StateId(m_states.size() - 1);
}

void StepMachine::addTransition(StateId from, Trigger trigger, StateId to)
{
    Q_ASSERT(from >= 0 && from < m_states.size() && !m_states.at(from).final);
    Q_ASSERT(to >= 0 && to < m_states.size());
    m_states[from].transitions.append({trigger, to});
}

void StepMachine::addRunningTransition(Trigger trigger, StateId to)
{
    Q_ASSERT(to >= 0 && to < m_states.size());
    m_runningTransitions.append({trigger, to});
}

void StepMachine::setInitialStep(StateId step)
{
    Q_ASSERT(step >= 0 && step < m_states.size() && !m_states.at(step).final);
    m_initial = step;
}

void StepMachine::start()
{
    if (m_started || m_initial == NoState)
        return;
    m_started = true;
    m_running = true;
    transition(m_initial);
}

void StepMachine::stop()
{
    m_running = false;
    m_pending.clear();
}

void StepMachine::fire(Trigger trigger)
{
    if (!m_running)
        return;
    if (m_busy) {
        m_pending.append(trigger);
        return;
    }
    const StateId to = target(trigger);
    if (to != NoState)
        transition(to);
}

QString StepMachine::currentName() const
{
    return m_current == NoState ? QString() : m_states.at(m_current).name;
}

StepMachine::StateId StepMachine::find(const QString &name) const
{
    for (qsizetype i = 0; i < m_states.size(); ++i) {
        if (m_states.at(i).name == name)
            return StateId(i);
    }
    return NoState;
}

StepMachine::StateId StepMachine::target(Trigger trigger) const
{
    if (m_current == NoState)
        return NoState;
    // The active step's own transitions take precedence over the running state's.
    for (const auto &[t, to] : m_states.at(m_current).transitions) {
        if (t == trigger)
            return to;
    }
    for (const auto &[t, to] : m_runningTransitions) {
        if (t == trigger)
            return to;
    }
    return NoState;
}

void StepMachine::transition(StateId to)
{
    m_busy = true;
    if (m_current != NoState && m_states.at(m_current).onExit)
        m_states.at(m_current).onExit();
    m_current = to;
    const State &next = m_states.at(to);
    if (next.final) {
        m_running = false;
        m_pending.clear();
    }
    if (next.onEntry)
        next.onEntry();
    m_busy = false;
    // Run-to-completion: triggers fired by the actions are handled now, one transition each.
    while (m_running && !m_pending.isEmpty() && !m_busy) {
        const StateId queued = target(m_pending.takeFirst());
        if (queued != NoState) {
            transition(queued);
            return;
        }
    }
}
