#pragma once

#include "iterationwork.h"
#include "llm/prompts/promptbook.h"
#include "loopevents.h"
#include "runschedule.h"
#include "runservices.h"

#include <QLockFile>
#include <QPointer>

#include <functional>
#include <memory>

class LlmGate;
class PromptSetExport;
class RefinementChart;
class RunWorkspace;
class ScanBatch;
class StepTimeouts;
class TenantCleaner;
class TopicDeployer;
class TopicDeployment;

// One refinement run (behaviour reference §2, with §6 fixed), driven by the statechart in
// refinement.scxml (RefinementChart, a QScxmlStateMachine). Create it inside its worker thread;
// everything it does is asynchronous on that thread. Its signals are the LoopEvents.
//
// The chart holds the states and transitions; this class binds a handler to the entry of each
// step and final state and submits the events that end a step or carry a decision
// (LoopPolicy's: continue, revert, simplify, stop, target reached, plateau). Pause, cancel,
// failure and the step timeouts are transitions of the chart's running state, so every step has
// them; pausing, cancelling or failing aborts every request in flight.
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
//
// The parts: LlmGate (the budget-aware way to the LLM), TopicDeployment (deploy and
// propagate), PromptSetExport, RunLock, the tenant operations (engine/tenant), and
// IterationWork, the iteration in progress as one value.
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
    // Synchronous, on the run's own thread: stops at once and saves the checkpoint as paused
    // (the owner is going away, e.g. the application is closing). In place, production's topic
    // guardrails are put back first, waiting at most ShutdownRestoreMs for AIRS.
    void shutdown(const QString &reason);
    static constexpr int ShutdownRestoreMs = 15000;
    const RunState &state() const { return m_run; }
    // When each piece of this run's work (since start()) began and ended.
    const RunSchedule &schedule() const { return m_schedule; }

    // A person steering the run. Each is queued onto the run's thread, so any thread may call
    // them; a request the run cannot honour becomes a warning.
    // Step mode: after each proposal (generate, improve, simplify) the run waits in the review
    // step for decide(); switching it off while a proposal waits accepts that proposal.
    void setStepMode(bool on);
    void decide(const ProposalDecision &decision);
    // Marks the expected label of a test as wrong (or, with undo, takes that back); `wrong`: the
    // label the person saw on the row they marked (SteeringEdits::correctLabel).
    // `response`: a response test's answer: the pair's label instead (issue 56).
    void correctLabel(const QString &prompt, bool undo = false, std::optional<bool> wrong = std::nullopt,
                      const QString &response = {});
    void addPrompts(const QList<TestCase> &tests, PromptTarget target);
    void setKeptExamples(const QStringList &examples);
    bool isFinished() const { return m_finished; }

signals:
    void finished(RunStatus status); // after the final state's work (the clean-up included)

private:
    // The chart (refinementrun.cpp): each state's entry bound to its handler; events are
    // submitted from the event loop, never from inside a handler.
    void bindChart();
    void submit(const QString &event);
    bool running() const; // the chart has not reached a final state (nor been stopped)
    bool inState(const char *stateId) const;
    QString activeStep() const;
    void beginIteration(int number); // the one place the iteration in progress is reset

    // Steps (runsteps.cpp).
    void enterLoadMemory();
    void enterPrepare();
    void enterBenchmark();
    // The response tests and the robustness set, when asked for and not written yet (a resumed
    // run has them), then `then` (runextras.cpp).
    void prepareExtras(std::function<void()> then);
    void enterStart();
    void enterGenerate();
    void enterDuplicateCheck();
    void enterCompose();
    void enterRecord();
    const IterationResult *improveBase() const;
    // The review step and the person's requests (steeringsteps.cpp).
    void enterReview();
    void handleDecision(const ProposalDecision &decision);
    void handleCorrection(const QString &prompt, bool undo, std::optional<bool> wrong, const QString &response);
    void handleAddedPrompts(const QList<TestCase> &tests, PromptTarget target);
    PromptBook::Guidance takeGuidance();
    void proposed(ProposalKind kind); // m_it.topic is a fresh proposal of this kind
    // Apply (rundeploy.cpp): the deployment and test generation, joined.
    void enterApply();
    void deploymentAssigned(); // the propagation wait begins
    void propagated();         // the deployment is live: after the propagation wait
    void startTests();
    void testsWritten();
    void joinApply();
    // Measuring (runmeasure.cpp).
    void enterScan();
    void startScan();
    void suiteScanned();
    QString notScannedProblem(qsizetype working) const; // too many prompts not scanned // every working-suite prompt has its verdict
    void enterEvaluate();
    void enterAnalyze();
    bool askAnalysis(bool early = false);
    void analysisArrived();
    // After an iteration (runrecovery.cpp).
    void enterDecide();
    void enterRecover();
    void enterRevert();
    void enterSimplify();
    void enterJudge();
    void enterFinish();
    void exportPromptSet(std::function<void()> then);
    void afterFinish();
    // The final states, the tenant clean-up and the event log (runending.cpp).
    void enterCompleted();
    void enterPaused();
    void enterCancelled();
    void enterFailed();
    void leaveTenant(std::function<void()> then); // the run's AIRS objects go, then `then`
    // In place: production's topic guardrails as before the run, within `timeoutMs` (0: the
    // AIRS step timeout); the outcome goes into the stop reason.
    void putProductionBack(std::function<void()> then, int timeoutMs = 0);
    void reportPaused();
    void recordEvents();
    void record(const QJsonObject &event);
    void recordEnd(const QString &type);

    // Helpers (refinementrun.cpp).
    bool llm(const LlmPrompt &prompt, std::function<void(const QJsonObject &)> onOk, bool early = false);
    // Each LLM call and scan goes into the run's total and, while the iteration in progress
    // counts (from its start to its record), into the checkpoint's iterationUsage, which the
    // record moves into the IterationResult. Both are saved with the next checkpoint: a process
    // killed between a call and that save loses the call's count (and the call is made again on
    // resume), never counts it twice. `iterationWork`: false for work started outside it.
    void addUsage(const RunUsage &usage, bool iterationWork = true);
    void fail(const QString &error);
    void abortInFlight();
    void cancelExtraction();
    bool saveCheckpoint();
    // The run and its checkpoint into the run file; the error, or empty. saveCheckpoint() fails
    // the run on an error; a final state only reports it (or not: the run is ending anyway).
    QString writeRunFile();
    void stopWith(const QString &event, const QString &reason);
    void pauseWith(const QString &reason); // pause with this stop reason ("paused: …")
    QString sessionId() const;

    RunServices m_services;
    RunState m_run;
    RunCheckpoint m_checkpoint; // as of the last completed iteration: what resume continues from
    QString m_pauseReason;      // set by pauseWith()
    QString m_error;
    bool m_finished = false;
    std::unique_ptr<QLockFile> m_lock;

    RefinementChart *m_chart = nullptr;
    StepTimeouts *m_timeouts = nullptr;
    quint64 m_stepEntries = 0; // counts step entries: a step's late answer sees it has moved on
    QString m_startEvent;      // run.pause or run.cancel, asked for before the chart started

    LlmGate *m_llm = nullptr;
    TopicDeployer *m_deployer = nullptr;
    RunWorkspace *m_workspace = nullptr;
    TenantCleaner *m_cleaner = nullptr;
    TopicDeployment *m_deployment = nullptr;
    PromptSetExport *m_promptSet = nullptr;
    QPointer<ScanBatch> m_scan;
    QString m_profile; // where this run deploys and scans (RunWorkspace)
    QString m_memorySection;
    int m_analysisRound = 0; // an answer to an earlier round is stale

    IterationWork m_it; // the iteration in progress

    // Overlapped work (critical-path scheduling) and its timings, across iterations.
    RunSchedule m_schedule;
    int m_loadMemoryPiece = RunSchedule::None;
    int m_benchmarkPiece = RunSchedule::None; // the benchmark set written by this process
    int m_chainPiece = RunSchedule::None;     // the last piece of the iteration before (record, recover)
    int m_finishPiece = RunSchedule::None;
    bool m_benchmarkPending = false;          // the benchmark set is being written in the background
    bool m_scanWaits = false;                 // the scan step waits for the benchmark set
};
