#pragma once

#include "domain/steeringrequest.h"
#include "loopevents.h"
#include "runschedule.h"
#include "runservices.h"

#include <memory>

class ApplyStep;
class EndingSteps;
class IterationSteps;
class MeasureSteps;
class PreparationSteps;
class RecoverySteps;
class RunContext;
class RunWorkspace;
class SteeringSteps;
class TenantCleaner;
class TopicDeployer;

// One refinement run (behaviour reference §2, with §6 fixed), driven by the statechart in
// refinement.scxml (RefinementChart, a QScxmlStateMachine). Create it inside its worker thread;
// everything it does is asynchronous on that thread. Its signals are the LoopEvents.
//
// The chart holds the states and transitions; this class coordinates: it binds the entry of
// each state to the part that owns that step, and the parts submit the events that end a step
// or carry a decision (LoopPolicy's). The parts, each over one RunContext (the run's state and
// its narrow actions): PreparationSteps, IterationSteps, SteeringSteps (review and the person's
// requests), ApplyStep (deploy ∥ tests, a parallel state), MeasureSteps (scan, evaluate,
// analyze), RecoverySteps, EndingSteps (finish and the final states). Pause, cancel, failure and
// the step timeouts are transitions of the chart's running state, so every step has them;
// pausing, cancelling or failing aborts every request in flight.
//
// The run works on its own copy of the production profile (RunWorkspace), never on
// production itself unless told to run in place; when it completes, is cancelled or fails it
// takes everything it created off the tenant again (TenantCleaner). A paused run keeps them.
//
// Critical-path scheduling (RunServices::overlapSteps): work starts as soon as its inputs
// exist, so a step may start work that a later step collects. The benchmark set is written
// while the first iteration starts (its scan waits for it); an iteration's tests are written
// while its topic is deployed and propagates; the working suite is scanned before the
// benchmark in one batch, and its analysis is asked for while the benchmark is still being
// scanned. The signals keep their documented order: an early result waits for its turn.
// Every piece of work is timed in schedule() with what it needed (RunSchedule).
class RefinementRun final : public LoopEvents
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RefinementRun)
public:
    // `run` is a fresh RunState (id, settings, times) or a stored one to resume.
    RefinementRun(RunServices services, RunState run, QObject *parent = nullptr);
    ~RefinementRun() override;

    void start();          // queued: returns at once
    // Both may come before start(): the run then stops as soon as it starts, before it touches
    // the tenant.
    void requestPause();   // stops after aborting the current step; the checkpoint stays
    void requestCancel();
    // On the run's own thread: stops at once and saves the checkpoint as paused (the owner is
    // going away, e.g. the application is closing); shutDown() follows. In place, production's
    // topic guardrails are put back first, waiting at most ShutdownRestoreMs for AIRS. No
    // nested event loop: the owner waits for shutDown() (RunController: its thread's end).
    void shutdown(const QString &reason);
    static constexpr int ShutdownRestoreMs = 15000;
    const RunState &state() const;
    // When each piece of this run's work (since start()) began and ended.
    const RunSchedule &schedule() const;

    // A person steering the run (SteeringSteps): queued onto the run's thread, so any thread
    // may ask; a request the run cannot honour becomes a warning.
    void steer(const SteeringRequest &request);
    bool isFinished() const;

signals:
    void finished(RunStatus status); // after the final state's work (the clean-up included)
    void shutDown();                 // after shutdown(): saved, production put back

private:
    void bindChart();
    void bindTimeouts();
    void startChart();

    std::unique_ptr<RunContext> m_ctx;
    TopicDeployer *m_deployer = nullptr;
    RunWorkspace *m_workspace = nullptr;
    TenantCleaner *m_cleaner = nullptr;
    PreparationSteps *m_preparation = nullptr;
    IterationSteps *m_iteration = nullptr;
    ApplyStep *m_apply = nullptr;
    MeasureSteps *m_measure = nullptr;
    SteeringSteps *m_steering = nullptr;
    RecoverySteps *m_recovery = nullptr;
    EndingSteps *m_ending = nullptr;
};
