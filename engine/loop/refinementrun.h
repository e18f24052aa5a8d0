#pragma once

#include "airs/airstypes.h"
#include "airs/scanverdict.h"
#include "domain/runstate.h"
#include "llm/llmtypes.h"
#include "llm/prompts/promptbook.h"
#include "runbudget.h"
#include "runschedule.h"
#include "runservices.h"
#include "stepmachine.h"

#include <QLockFile>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>

class QTimer;
class RunWorkspace;
class ScanBatch;
class StructuredCall;
class TenantCleaner;
class TopicDeployer;

// One refinement run (behaviour reference §2, with §6 fixed), driven by a StepMachine.
// Create it inside its worker thread; everything it does is asynchronous on that thread.
//
// The run works on its own copy of the production profile (RunWorkspace), never on
// production itself unless told to run in place; when it completes, is cancelled or fails it
// takes everything it created off the tenant again (TenantCleaner). A paused run keeps them.
//
// States: a compound Running state with the steps LoadMemory, Prepare (the run's profile),
// Benchmark, Start (iteration), Generate (or improve), Review (step mode: waits for the
// person), DuplicateCheck, Apply (deploy and generate tests), Compose, Scan, Evaluate, Analyze,
// Record (+ checkpoint), Decide, Recover and Finish; final states Completed, Paused, Failed
// and Cancelled. Pause, cancel and failure are transitions on Running, so every step has
// them; every waiting step has a timeout; pausing, cancelling or failing aborts every request.
//
// Critical-path scheduling (RunServices::overlapSteps): work starts as soon as its inputs
// exist, so a step may start work that a later step collects. The benchmark set is written
// while the first iteration starts (its scan waits for it); an iteration's tests are written
// while its topic is deployed and propagates; the working suite is scanned before the
// benchmark in one batch, and its analysis is asked for while the benchmark is still being
// scanned. The signals keep their documented order: an early result waits for its turn.
// Every piece of work is timed in schedule() with what it needed (RunSchedule).
//
// The signals are the LoopEvents of §2.9, in the same order and with the same payloads, plus
// memoryLoaded, loopPaused, loopCancelled and loopFailed, and two for live views
// (stepChanged, testScanned).
class RefinementRun final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RefinementRun)
public:
    // `run` is a fresh RunState (id, settings, times) or a stored one to resume.
    RefinementRun(RunServices services, RunState run, QObject *parent = nullptr);
    ~RefinementRun() override;

    void start();          // queued: returns at once
    void requestPause();   // stops after aborting the current step; the checkpoint stays
    void requestCancel();
    // Synchronous, on the run's own thread: stops at once and saves the checkpoint as paused
    // (the owner is going away, e.g. the application is closing).
    void shutdown(const QString &reason);
    const RunState &state() const { return m_run; }
    // When each piece of this run's work (since start()) began and ended.
    const RunSchedule &schedule() const { return m_schedule; }

    // A person steering the run (issue: design interactively). Each is queued onto the run's
    // thread, so any thread may call them; a request the run cannot honour becomes a warning.
    // Step mode: after each proposal (generate, improve, simplify) the run waits in the review
    // step for decide(); switching it off while a proposal waits accepts that proposal.
    void setStepMode(bool on);
    void decide(const ProposalDecision &decision);
    // Marks the expected label of a test as wrong (or, with undo, takes that back).
    void correctLabel(const QString &prompt, bool undo = false);
    void addPrompts(const QList<TestCase> &tests, PromptTarget target);
    void setKeptExamples(const QStringList &examples);
    bool isFinished() const { return m_finished; }

signals:
    void iterationStarted(int iteration);
    void generateComplete(const Topic &topic);
    void companionGenerated(const Topic &topic);
    void companionCreated(const QString &topicId, const Topic &topic);
    void applyComplete(const QString &topicId);
    void testsComposed(int generated, int carriedFailures, int regressionTier, int total);
    void testsAccumulated(int newCount, int totalCount, int droppedCount);
    void testProgress(int completed, int total);
    void evaluateComplete(const EfficacyMetrics &metrics);
    void analyzeComplete(const AnalysisReport &analysis);
    void iterationComplete(const IterationResult &result);
    void topicDuplicate(const Topic &topic, int duplicateOfIteration);
    void topicReverted(const Topic &topic, int revertedToIteration);
    void topicSimplified(const Topic &topic);
    void loopPlateau(double min, double max, double bestCoverage);
    void memoryExtracted(int learningCount);
    void promptSetCreated(const QString &promptSetId, const QString &promptSetName, int promptCount);
    void loopComplete(const IterationResult &bestResult, const RunState &runState);
    void memoryLoaded(int learningCount);
    void loopPaused(const RunState &runState);
    void loopCancelled(const RunState &runState);
    void loopFailed(const QString &error);

    void benchmarkReady(int prompts); // the held-out set is frozen (written now, or resumed)

    // Steering (mirrored as JSON events: proposal:ready, decision:made, label:corrected,
    // prompts:added, stepmode:changed, examples:kept).
    void proposalReady(const PendingProposal &proposal);
    void decisionMade(const ProposalDecision &decision, const Topic &accepted); // accepted: empty on retry
    // `run`: the run with every figure recomputed.
    void labelCorrected(const LabelCorrection &correction, bool undone, const RunState &run);
    void promptsAdded(int added, int duplicates, PromptTarget target, int benchmarkVersion);
    void stepModeChanged(bool on);
    void keptExamplesChanged(const QStringList &examples);
    void stepChanged(const QString &step); // load-memory, prepare, benchmark, generate, review, apply, test, scan, evaluate, analyze, record, recover, finish, clean-up
    void testScanned(int index, const TestResult &result);
    void warning(const QString &message);  // a problem that does not stop the run
    // One entry of the run's event log, as it was just added to state().eventLog (every
    // LoopEvent above except test:progress, and warnings; see LoopEventJson::logEntry).
    void eventRecorded(const QJsonObject &entry);
    void finished(RunStatus status);
    // After every LLM call and scan: the run's total and the iteration in progress so far
    // (zero between iterations). The same figures are in state().usage and the run file.
    void usageChanged(const RunUsage &run, const RunUsage &iteration);

private:
    void buildMachine();

    // Steps (runsteps.cpp, runrecovery.cpp).
    void enterLoadMemory();
    void enterPrepare();
    void enterBenchmark();
    void enterStart();
    void enterGenerate();
    void enterReview();
    void enterDuplicateCheck();
    void enterApply();
    void enterCompose();
    void enterScan();
    void enterEvaluate();
    void enterAnalyze();
    void enterRecord();
    void enterDecide();
    void enterRecover();
    void enterFinish();
    void enterCompleted();
    void enterPaused();
    void enterCancelled();
    void enterFailed();

    // The apply step (rundeploy.cpp): the deploy chain and test generation, joined.
    void deployTopic();
    void applyTopic(const AirsTopic &target);
    void assignProfile(const AirsTopic &target);
    void propagated(); // the deployment is live: after the propagation wait
    void startTests();
    void testsWritten();
    void joinApply();
    // The scan step's halves (runmeasure.cpp).
    void startScan();
    void suiteScanned(); // every working-suite prompt has its verdict
    bool askAnalysis(bool early = false);
    void analysisArrived();
    void finishRecovery();
    // Exporting the best iteration's tests as a Red Team prompt set, exactly once each.
    struct PromptSetExport
    {
        QString name;
        QList<TestCase> tests;
        std::function<void()> then;
        int readBacks = 0; // in a row, after adds whose outcome was unknown
    };
    static constexpr int MaxPromptSetReadBacks = 5;
    void exportPromptSet(std::function<void()> then);
    void fillPromptSet(PromptSetExport job);
    void addPromptSetPrompts(PromptSetExport job, QList<TestCase> missing);
    void pausePromptSet(const PromptSetExport &job, int held);
    void afterFinish();
    // Completed, cancelled or failed: the run's AIRS objects go, then `then` runs.
    void leaveTenant(std::function<void()> then);
    Topic deployed(const Topic &topic, const QString &topicId) const; // with its AIRS name

    // Steering (runsteering.cpp).
    void handleDecision(const ProposalDecision &decision);
    void handleCorrection(const QString &prompt, bool undo);
    void handleAddedPrompts(const QList<TestCase> &tests, PromptTarget target);
    PromptBook::Guidance takeGuidance();
    void proposed(ProposalKind kind); // m_topic is a fresh proposal of this kind

    // The event log (eventlog in refinementrun.cpp): every notable event goes into m_run.eventLog,
    // saved with the next checkpoint. The run's end is recorded before its final save.
    void recordEvents();
    void record(const QJsonObject &event);
    void recordEnd(const QString &type);

    // Helpers.
    // Several calls may be in flight at once (overlapped steps); each is aborted on pause,
    // cancel or failure. The budget check counts the estimates of calls still in flight.
    // `early`: work started before its step (overlapped), which is not started at all (false
    // returned, no pause) when the budget is near; its own step asks again.
    bool llm(const LlmPrompt &prompt, std::function<void(const QJsonObject &)> onOk, bool early = false);
    // Usage (runaccounting.cpp). Each LLM call and scan goes into the run's total
    // and, while an iteration is in progress (from its start to its record), into the
    // checkpoint's iterationUsage, which the record moves into the IterationResult. Both are
    // saved with the next checkpoint: a process killed between a call and that save loses the
    // call's count (and the call is made again on resume), never counts it twice.
    // `iterationWork`: false for a call started outside the iteration in progress.
    void addUsage(const RunUsage &usage, bool iterationWork = true);
    RunUsage callUsage(const LlmUsage &tokens, int answered) const;
    // False after pausing the run with the reason when the next call would pass the budget.
    bool withinBudget(const RunBudget::Estimate &next);
    QString budgetProblem(const RunBudget::Estimate &next) const; // empty: within the budget
    void pauseForBudget(const QString &reason);
    bool fitsBesideCallsInFlight(const RunBudget::Estimate &next) const;
    void fail(const QString &error);
    void advance(StepMachine::Trigger trigger);
    void abortInFlight();
    void cancelExtraction();
    bool saveCheckpoint();
    void saveQuietly(); // in a final state: a failed save does not fail the run again
    void stopWith(const QString &reason);
    void pauseWith(const QString &reason); // pause with this stop reason ("paused: …")
    QString sessionId() const;
    const IterationResult *improveBase() const;

    RunServices m_services;
    RunState m_run;
    QString m_pauseReason;      // set by pauseWith()
    RunCheckpoint m_checkpoint; // as of the last completed iteration: what resume continues from
    std::unique_ptr<QLockFile> m_lock;
    StepMachine *m_machine = nullptr;
    QTimer *m_stepTimer = nullptr;
    TopicDeployer *m_deployer = nullptr;
    RunWorkspace *m_workspace = nullptr;
    TenantCleaner *m_cleaner = nullptr;
    QString m_profile; // where this run deploys and scans (RunWorkspace)
    QList<QPointer<StructuredCall>> m_llmCalls;
    RunBudget::Estimate m_inFlightEstimate; // of the calls in m_llmCalls
    QList<std::function<void()>> m_deferredCalls; // waiting for the calls in flight (budget)
    QPointer<ScanBatch> m_scan;
    QTimer *m_delay = nullptr;

    // The iteration in progress.
    int m_iteration = 0;
    qint64 m_iterationStartMs = 0;
    Topic m_topic;
    AirsTopic m_target;
    std::optional<AirsTopic> m_companion;
    QList<TestCase> m_generated;
    QList<TestCase> m_suite;
    QList<TestResult> m_results;
    EfficacyMetrics m_metrics;
    QList<QList<ScanVerdict>> m_benchmarkVerdicts; // per benchmark prompt, one per repeat
    std::optional<BenchmarkScore> m_benchmarkScore;
    AnalysisReport m_analysis;
    int m_duplicateOf = 0;
    bool m_deployAsIs = false; // this iteration tests the checkpoint's topic as it is
    std::optional<ProposalKind> m_proposal; // m_topic is a proposal the person may review
    std::optional<Topic> m_rejected;        // the proposal the person asked to replace
    QString m_memorySection;

    // Overlapped work (critical-path scheduling) and its timings.
    RunSchedule m_schedule;
    struct Pieces // this iteration's entries in m_schedule
    {
        int generate = RunSchedule::None, deploy = RunSchedule::None, propagate = RunSchedule::None,
            tests = RunSchedule::None, scan = RunSchedule::None, scanBenchmark = RunSchedule::None,
            analyze = RunSchedule::None;
    } m_pieces;
    int m_loadMemoryPiece = RunSchedule::None;
    int m_benchmarkPiece = RunSchedule::None; // the benchmark set written by this process
    int m_chainPiece = RunSchedule::None;     // the last piece of the iteration before (record, recover)
    int m_finishPiece = RunSchedule::None;
    bool m_benchmarkPending = false;          // the benchmark set is being written in the background
    bool m_scanWaits = false;                 // the scan step waits for the benchmark set
    bool m_deployDone = false;
    bool m_testsStarted = false;
    bool m_testsDone = false;
    int m_suiteLeft = 0;                      // working-suite prompts still to be scanned
    bool m_analysisAsked = false;
    int m_analysisRound = 0; // an answer to an earlier round is stale
    std::optional<AnalysisReport> m_earlyAnalysis; // arrived before the analyze step
    bool m_inIteration = false; // usage counts towards the iteration in progress
    QString m_error;
    QString m_stepName;
    bool m_finished = false;
};
