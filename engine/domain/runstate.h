#pragma once

#include "decisionrecord.h"
#include "iterationresult.h"
#include "runsettings.h"
#include "runsteering.h"
#include "runusage.h"
#include "tenantfootprint.h"

#include <QJsonObject>

#include <optional>

enum class RunStatus { Running, Paused, Completed, Failed, Cancelled };
QString runStatusName(RunStatus status);
std::optional<RunStatus> runStatusFromName(const QString &name);

// What resume needs beyond the original's RunState (stored under "checkpoint"; the original
// ignores the extra field). Written after every recorded iteration and every recovery step.
struct RunCheckpoint
{
    QString topicId;          // the AIRS topic the run refines
    QString companionTopicId; // block intent only
    QString lockedName;
    std::optional<Topic> currentTopic; // the topic the next iteration starts from
    QList<TestCase> accumulatedTests;  // the last suite
    int nextIteration = 1;
    bool deployAsIs = false; // the next iteration tests currentTopic without improving it
    int improveFrom = 0;     // the recorded iteration whose results guide the next improvement
    // Set once the loop has decided to stop: a run paused or cancelled while finishing resumes
    // straight into finishing (extraction, prompt set), not into another iteration.
    QString finishReason;
    bool learningsExtracted = false; // the finish step's extraction is done: never twice
    // The last recorded iteration's decision (target, recovery, regressions, plateau) is not
    // taken yet: a resume takes it before any new iteration.
    bool decisionPending = false;
    QString promptSetId;             // the AI Red Team prompt set being written, once created
    int promptSetPrompts = 0;        // how many prompts it has been given so far
    // What the iteration in progress (nextIteration) has used so far; moved into its
    // IterationResult when it is recorded, so a paused iteration keeps counting on resume.
    RunUsage iterationUsage;

    QJsonObject toJson() const;
    static RunCheckpoint fromJson(const JsonIn &in);
    friend bool operator==(const RunCheckpoint &, const RunCheckpoint &) = default;
};

// A whole run, as stored in `runs/<id>.json` (behaviour reference §1 and §5.1).
// Ours: the memory experiment a run belongs to (`daystrom experiment memory`); a run file
// without it is an ordinary run.
struct ExperimentTag
{
    QString experimentId;
    int order = 0;    // 1-based
    int position = 0; // 1-based place of the topic in that order
    bool memoryOn = false;

    QJsonObject toJson() const;
    static ExperimentTag fromJson(const JsonIn &in);
    friend bool operator==(const ExperimentTag &, const ExperimentTag &) = default;
};

struct RunState
{
    QString id;
    QDateTime createdAt;
    QDateTime updatedAt;
    RunSettings userInput;
    QList<IterationResult> iterations; // recorded iterations only
    int currentIteration = 0;
    int bestIteration = 0; // an iteration *number*; 0 = none
    double bestCoverage = 0;
    int consecutiveRegressions = 0;
    bool hasRevertedToBest = false;
    bool hasTriedSimplification = false;
    std::optional<Topic> companionTopic; // block intent only
    RunStatus status = RunStatus::Running;
    QString stopReason; // ours: why the run stopped; empty while running
    std::optional<RunCheckpoint> checkpoint; // ours: absent in the original's files
    std::optional<TenantFootprint> tenant;   // ours: what the run has on AIRS (scratch profile, topics)
    // ours: the production profile's policy as the run read it at its start; an apply compares
    // production now with it (the run's figures were measured against this one)
    std::optional<QJsonObject> productionAtStart;
    QList<TestCase> benchmarkSet;            // ours: the held-out set, frozen at the start
    // Ours (issue 43), frozen at the start with the benchmark: the response tests (prompt +
    // response pairs), the benchmark prompts rewritten for robustness (`robustnessSample`:
    // their indexes in benchmarkSet) and those prompts' rewrites.
    QList<TestCase> responseSet;
    QList<int> robustnessSample;
    QList<TestCase> robustnessSet;
    QList<ApplyRecord> applies;              // ours: deliberate applies to production, oldest first
    RunSteering steering;                    // ours: what the person steering the run decided
    // Ours: the run's notable loop events, oldest first, as LoopEventJson objects (compacted)
    // with an "at" UTC timestamp; at most MaxEventLog (the oldest go first). Absent in older
    // files. The views turn each entry into a line of the event log.
    QList<QJsonObject> eventLog;
    static constexpr int MaxEventLog = 500;
    // Ours: what the whole run used: its iterations plus the work outside them (the first
    // topic, the companion topic, the benchmark set, learning extraction). Zero in older files.
    RunUsage usage;
    std::optional<ExperimentTag> experiment; // ours
    // Ours (issue 56): what the loop decided (Decision::record); absent in older files, where
    // Decision::recordOf computes it.
    std::optional<DecisionRecord> decision;
    void appendEvent(const QJsonObject &entry); // keeps the bound

    // Iterations are looked up by number, never by array position (reference §6 item 1).
    const IterationResult *iterationByNumber(int number) const;
    const IterationResult *bestResult() const; // best, else the last recorded, else null
    const IterationResult *lastRecorded() const;

    QJsonObject toJson() const;
    static RunState fromJson(const JsonIn &in);

    friend bool operator==(const RunState &, const RunState &) = default;
};
