#pragma once

#include "domain/runstate.h"
#include "domain/runsteering.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

// What run_status (and the daystrom://runs/<id> resource) says of a run: its figures from the
// run file, the record every front end reads, with what only the server that drives it knows
// (the step, the scan in progress, a proposal waiting for review).
namespace McpRunStatus {

struct LiveState
{
    bool active = false;
    std::optional<RunStatus> ended; // how it ended in this server
    QString step;
    int iteration = 0;
    int scanned = 0;
    int total = 0;
    bool stepMode = false;
    std::optional<PendingProposal> proposal;
    QString error;
    QStringList warnings;
};

// `stored`: the run's file, or null before its first save; `live`: null for a run this server
// does not drive.
QJsonObject json(const QString &runId, bool sandbox, const RunState *stored, const LiveState *live);
QJsonObject schema();
// "iteration 2: scanning 14 of 40", "iteration 1: generate".
QString progressLine(const LiveState &live);

} // namespace McpRunStatus
