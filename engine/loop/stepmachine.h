#pragma once

#include <QList>
#include <QObject>
#include <QString>

#include <functional>

// The refinement loop's state machine: a compound "running" state whose children are the
// steps, and final states outside it. QtCore only, because Debian's libQt6StateMachine links
// libQt6Gui and would put a display stack under the headless CLI.
//
// What it keeps of the statechart semantics the loop relies on:
// - A trigger is looked up on the active step first, then on the running state (pause,
//   cancel, fail), so every step inherits those; a trigger with no transition is ignored,
//   also after the machine has stopped.
// - A transition runs the active step's exit action, then the target's entry action.
// - A trigger fired from inside an entry or exit action is queued and handled after the
//   transition in progress (run-to-completion), never nested inside it.
// - Entering a final state stops the machine before the final state's entry action runs.
class StepMachine final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StepMachine)
public:
    enum class Trigger { Done, Duplicate, Finish, Retry, Failed, Pause, Cancel };
    using StateId = int;
    static constexpr StateId NoState = -1;

    explicit StepMachine(QObject *parent = nullptr);

    // A step inside the running state.
    StateId addStep(const QString &name, std::function<void()> onEntry,
                    std::function<void()> onExit = {});
    // A final state: entering it stops the machine.
    StateId addFinal(const QString &name, std::function<void()> onEntry);
    // `from` is a step; the transition leaves it for `to` when `trigger` fires.
    void addTransition(StateId from, Trigger trigger, StateId to);
    // A transition of the running state itself: taken from whichever step is active.
    void addRunningTransition(Trigger trigger, StateId to);
    void setInitialStep(StateId step);

    // Enters the initial step (synchronously). Does nothing while running or once finished.
    void start();
    // Stops at once without running any exit action; no trigger is handled afterwards.
    void stop();
    void fire(Trigger trigger);

    bool isRunning() const { return m_running; }
    StateId current() const { return m_current; }
    QString currentName() const;
    StateId find(const QString &name) const;

private:
    struct State
    {
        QString name;
        bool final = false;
        std::function<void()> onEntry;
        std::function<void()> onExit;
        QList<std::pair<Trigger, StateId>> transitions;
    };
    StateId target(Trigger trigger) const;
    void transition(StateId to);

    QList<State> m_states;
    QList<std::pair<Trigger, StateId>> m_runningTransitions;
    QList<Trigger> m_pending;
    StateId m_initial = NoState;
    StateId m_current = NoState;
    bool m_running = false;
    bool m_started = false;
    bool m_busy = false;
};
