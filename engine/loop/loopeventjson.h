#pragma once

#include "domain/runstate.h"
#include "loopeventtypes.h"

#include <QJsonObject>

#include <functional>

class LoopEvents;
class QObject;

// The LoopEvents of behaviour reference §2.9 as JSON objects: {"type": "<name>", ...payload
// fields named as in §2.9}. Used by `daystrom generate --events jsonl` and the event log.
// One function per event of LoopEventTypes (loopeventtypes.h), named after its signal, taking
// the signal's arguments; the "type" is the list's.
namespace LoopEventJson {
QJsonObject iterationStarted(int iteration);
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
// A problem that does not stop the run (RefinementRun::warning): {"type":"warning","message"}.
// Not part of `--events jsonl` (the CLI writes warnings to stderr); kept in the event log.
QJsonObject warning(const QString &message);

// An event as the run file's event log keeps it (RunState::eventLog): the same type and
// fields, with the bulky payloads cut down to what a log line says (a recorded iteration's
// number and metrics instead of its tests, a topic's name and description, a run state's
// status and stop reason, label:corrected without every iteration's recomputed figures), and
// "at": `at` as an ISO 8601 UTC timestamp.
QJsonObject logEntry(const QJsonObject &event, const QDateTime &at);

// Who reads the JSON form: `--events jsonl` (every event, warnings aside: the CLI writes those
// to stderr), or the run's event log (no test:progress; the run records its own end before
// its final save; warnings kept). Which events each reads is LoopEventTypes' list.
using Audience = LoopEventTypes::Audience;
// Connects every event of `events` that `audience` reads to `sink`, with its JSON form: the
// dispatch is generated from LoopEventTypes' list.
void connectAll(const LoopEvents *events, const QObject *context, Audience audience,
                std::function<void(const QJsonObject &)> sink);
} // namespace LoopEventJson
