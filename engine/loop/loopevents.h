#pragma once

#include "domain/runstate.h"

#include <QJsonObject>
#include <QObject>

// The LoopEvent set (behaviour reference §2.9, plus ours), declared once: one Qt signal per
// event. RefinementRun emits them on its worker thread; RunController is a LoopEvents too and
// receives every one of them through relay(), on the thread that owns it. Their JSON form
// (LoopEventJson::connectAll) serves the run's event log and `daystrom generate --events jsonl`.
//
// The events among these signals, with their JSON type names, are listed once in
// loopeventtypes.h (DAYSTROM_LOOP_EVENTS); the JSON writer and the log text are generated from
// that list. A new event is one signal here, one line there, its JSON form in LoopEventJson
// and its log line in EventLogText; a signal in neither that list nor its list of progress
// signals fails tst_loopevents.
class LoopEvents : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LoopEvents)
public:
    explicit LoopEvents(QObject *parent = nullptr);

    // Connects every signal of `from` to the same signal of `to`: queued when they live in
    // different threads (payloads are copied), in the order they were emitted.
    static void relay(const LoopEvents *from, LoopEvents *to);

signals:
    // §2.9, in their order within an iteration.
    void memoryLoaded(int learningCount);
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
    void loopPaused(const RunState &runState);
    void loopCancelled(const RunState &runState);
    void loopFailed(const QString &error);

    void benchmarkReady(int prompts); // the held-out set is frozen (written now, or resumed)

    // Steering: proposal:ready, decision:made, label:corrected, prompts:added,
    // stepmode:changed, examples:kept.
    void proposalReady(const PendingProposal &proposal);
    void decisionMade(const ProposalDecision &decision, const Topic &accepted); // accepted: empty on retry
    // `run`: the run with every figure recomputed.
    void labelCorrected(const LabelCorrection &correction, bool undone, const RunState &run);
    void promptsAdded(int added, int duplicates, PromptTarget target, int benchmarkVersion);
    void stepModeChanged(bool on);
    void keptExamplesChanged(const QStringList &examples);

    // For live views. The step names: load-memory, prepare, benchmark, generate, review, apply,
    // test, scan, evaluate, analyze, record, recover, finish, clean-up.
    void stepChanged(const QString &step);
    void testScanned(int index, const TestResult &result);
    void warning(const QString &message); // a problem that does not stop the run
    // One entry of the run's event log, as it was just added to the run's eventLog
    // (LoopEventJson::logEntry).
    void eventRecorded(const QJsonObject &entry);
    // After every LLM call and scan: the run's total and the iteration in progress so far
    // (zero between iterations). The same figures are in the run file.
    void usageChanged(const RunUsage &run, const RunUsage &iteration);
};
