#pragma once

#include "loop/refinementrun.h"
#include "loop/runenvironment.h"

#include <QObject>
#include <QPointer>
#include <QThread>

#include <memory>

// Owns one run's worker thread (RAII: the destructor cancels the run, then quits and waits)
// and relays every RefinementRun signal to the thread that owns the controller (the GUI
// thread, or the CLI's main thread). Nothing here blocks on the network or the disk.
class RunController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunController)
public:
    explicit RunController(QObject *parent = nullptr);
    ~RunController() override;

    // Starts a new run, or resumes a stored one (a RunState with a checkpoint). Returns false
    // when a run is still active.
    bool start(const RunEnvironment &environment, const RunState &run);
    void pause();
    void cancel();
    // Steering the run (RefinementRun's; ignored when no run is active).
    void setStepMode(bool on);
    void decide(const ProposalDecision &decision);
    void correctLabel(const QString &prompt, bool undo = false);
    void addPrompts(const QList<TestCase> &tests, PromptTarget target);
    void setKeptExamples(const QStringList &examples);
    bool isActive() const { return m_active; }
    QString runId() const { return m_runId; }

    // For a controller whose run is over: asks its thread to wind down (the run, its network
    // manager and clients are deleted in that thread) without waiting, and emits threadStopped()
    // once the thread has finished; deleting the controller then waits for nothing. Deleting
    // it at once instead joins the thread there and then, while the window waits.
    void stopThreadLater();

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
    void stepChanged(const QString &step);
    void testScanned(int index, const TestResult &result);
    void warning(const QString &message);
    void proposalReady(const PendingProposal &proposal);
    void decisionMade(const ProposalDecision &decision, const Topic &accepted);
    void labelCorrected(const LabelCorrection &correction, bool undone, const RunState &run);
    void promptsAdded(int added, int duplicates, PromptTarget target, int benchmarkVersion);
    void stepModeChanged(bool on);
    void keptExamplesChanged(const QStringList &examples);
    void eventRecorded(const QJsonObject &entry); // RefinementRun::eventRecorded
    void usageChanged(const RunUsage &run, const RunUsage &iteration); // RefinementRun::usageChanged
    void finished(RunStatus status);
    void threadStopped(); // after stopThreadLater()

private:
    void relay(RefinementRun *run);
    void stopThread();

    std::unique_ptr<QThread> m_thread;
    QPointer<QObject> m_worker; // lives in m_thread; parent of the run and its services
    QPointer<RefinementRun> m_run;
    QString m_runId;
    bool m_active = false;
    bool m_pendingPause = false;
};
