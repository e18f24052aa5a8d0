#pragma once

#include "iterationresult.h"
#include "runsettings.h"

#include <optional>

enum class RunStatus { Running, Paused, Completed, Failed, Cancelled };
QString runStatusName(RunStatus status);
std::optional<RunStatus> runStatusFromName(const QString &name);

// A whole run, as stored in `runs/<id>.json` (behaviour reference §1 and §5.1).
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

    // Iterations are looked up by number, never by array position (reference §6 item 1).
    const IterationResult *iterationByNumber(int number) const;
    const IterationResult *bestResult() const; // best, else the last recorded, else null
    const IterationResult *lastRecorded() const;

    QJsonObject toJson() const;
    static RunState fromJson(const JsonIn &in);

    friend bool operator==(const RunState &, const RunState &) = default;
};
