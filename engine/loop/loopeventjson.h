#pragma once

#include "domain/runstate.h"

#include <QJsonObject>

// The LoopEvents of behaviour reference §2.9 as JSON objects: {"type": "<name>", ...payload
// fields named as in §2.9}. Used by `daystrom generate --events jsonl` and the event log.
namespace LoopEventJson {
QJsonObject iterationStart(int iteration);
QJsonObject generateComplete(const Topic &topic);
QJsonObject companionGenerated(const Topic &topic);
QJsonObject companionCreated(const QString &topicId, const Topic &topic);
QJsonObject applyComplete(const QString &topicId);
QJsonObject testsComposed(int generated, int carriedFailures, int regressionTier, int total);
QJsonObject testsAccumulated(int newCount, int totalCount, int droppedCount);
QJsonObject testProgress(int completed, int total);
QJsonObject evaluateComplete(const EfficacyMetrics &metrics);
QJsonObject analyzeComplete(const AnalysisReport &analysis);
QJsonObject iterationComplete(const IterationResult &result);
QJsonObject topicDuplicate(const Topic &topic, int duplicateOfIteration);
QJsonObject topicReverted(const Topic &topic, int revertedToIteration);
QJsonObject topicSimplified(const Topic &topic);
QJsonObject loopPlateau(double min, double max, double bestCoverage);
QJsonObject memoryExtracted(int learningCount);
QJsonObject promptSetCreated(const QString &id, const QString &name, int count);
QJsonObject loopComplete(const IterationResult &bestResult, const RunState &runState);
QJsonObject memoryLoaded(int learningCount);
QJsonObject loopPaused(const RunState &runState);
QJsonObject loopCancelled(const RunState &runState);
QJsonObject loopFailed(const QString &error);
// Steering (ours): proposal:ready, decision:made, label:corrected, prompts:added,
// stepmode:changed, examples:kept.
QJsonObject proposalReady(const PendingProposal &proposal);
QJsonObject decisionMade(const ProposalDecision &decision, const Topic &accepted);
QJsonObject labelCorrected(const LabelCorrection &correction, bool undone, const RunState &run);
QJsonObject promptsAdded(int added, int duplicates, PromptTarget target, int benchmarkVersion);
QJsonObject stepModeChanged(bool on);
QJsonObject keptExamplesChanged(const QStringList &examples);
} // namespace LoopEventJson
