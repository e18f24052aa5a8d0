#include "mcprunstatus.h"

#include "mcpschema.h"

#include "domain/decision.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace McpRunStatus {

namespace {

QString stateOf(const RunState *stored, const LiveState *live)
{
    if (live && live->active)
        return live->proposal ? u"waiting-for-review"_s : u"running"_s;
    if (live && live->ended)
        return runStatusName(*live->ended);
    if (stored)
        return runStatusName(stored->status);
    return u"starting"_s;
}


} // namespace

QJsonObject json(const QString &runId, bool sandbox, const RunState *stored, const LiveState *live)
{
    QJsonObject o{{u"run_id"_s, runId},
                  {u"state"_s, stateOf(stored, live)},
                  {u"sandbox"_s, sandbox},
                  {u"resource"_s, QString(u"daystrom://runs/"_s + runId)}};
    QJsonArray iterations;
    if (stored) {
        const RunSettings &in = stored->userInput;
        o.insert(u"topic"_s, in.topicDescription);
        o.insert(u"intent"_s, intentName(in.intent));
        o.insert(u"profile"_s, in.profileName);
        o.insert(u"target_coverage"_s, in.targetCoverage);
        if (!stored->stopReason.isEmpty())
            o.insert(u"stop_reason"_s, stored->stopReason);
        // The figures as every front end shows them: the deciding suite's, through Decision.
        const Decision decision(in);
        const DecisionRecord record = Decision::recordOf(*stored);
        for (const IterationResult &it : stored->iterations) {
            const EfficacyMetrics shown = decision.shown(it);
            iterations.append(QJsonObject{{u"iteration"_s, it.iteration},
                                          {u"topic_name"_s, it.topic.name},
                                          {u"coverage"_s, shown.coverage},
                                          {u"tpr"_s, shown.truePositiveRate},
                                          {u"tnr"_s, shown.trueNegativeRate},
                                          {u"on_benchmark"_s, decision.onBenchmark(it)},
                                          {u"best"_s, it.iteration == record.bestIteration}});
        }
        o.insert(u"decision"_s, QJsonObject{{u"best_iteration"_s, record.bestIteration},
                                            {u"best_coverage"_s, record.bestCoverage},
                                            {u"target"_s, record.target},
                                            {u"target_reached"_s, record.targetReached()},
                                            {u"on_benchmark"_s, record.onBenchmark},
                                            {u"why"_s, record.why}});
    }
    o.insert(u"iterations"_s, iterations);
    if (live) {
        o.insert(u"step"_s, live->step);
        o.insert(u"iteration"_s, live->iteration);
        o.insert(u"progress"_s, QJsonObject{{u"scanned"_s, live->scanned}, {u"total"_s, live->total}});
        o.insert(u"step_mode"_s, live->stepMode);
        if (live->proposal)
            o.insert(u"proposal"_s, live->proposal->toJson());
        if (!live->error.isEmpty())
            o.insert(u"error"_s, live->error);
        if (!live->warnings.isEmpty())
            o.insert(u"warnings"_s, QJsonArray::fromStringList(live->warnings.mid(live->warnings.size() - 5)));
    }
    return o;
}

QJsonObject schema()
{
    using namespace McpSchema;
    const QJsonObject iteration = object({{u"iteration"_s, typed("integer")},
                                          {u"topic_name"_s, typed("string")},
                                          {u"coverage"_s, typed("number")},
                                          {u"tpr"_s, typed("number")},
                                          {u"tnr"_s, typed("number")},
                                          {u"on_benchmark"_s, typed("boolean")},
                                          {u"best"_s, typed("boolean")}},
                                         {u"iteration"_s, u"coverage"_s, u"tpr"_s, u"tnr"_s}, false);
    return object({{u"run_id"_s, typed("string")},
                   {u"state"_s, oneOf({u"starting"_s, u"running"_s, u"waiting-for-review"_s, u"paused"_s,
                                       u"completed"_s, u"failed"_s, u"cancelled"_s},
                                      u"Where the run stands"_s)},
                   {u"sandbox"_s, typed("boolean")},
                   {u"resource"_s, typed("string")},
                   {u"topic"_s, typed("string")},
                   {u"intent"_s, typed("string")},
                   {u"profile"_s, typed("string")},
                   {u"target_coverage"_s, typed("number")},
                   {u"stop_reason"_s, typed("string")},
                   {u"iterations"_s, array(iteration, u"Every recorded iteration, oldest first"_s)},
                   {u"decision"_s, object({{u"best_iteration"_s, typed("integer")},
                                           {u"best_coverage"_s, typed("number")},
                                           {u"target"_s, typed("number")},
                                           {u"target_reached"_s, typed("boolean")},
                                           {u"on_benchmark"_s, typed("boolean")},
                                           {u"why"_s, typed("string")}},
                                          {u"best_iteration"_s, u"target_reached"_s}, false)},
                   {u"step"_s, typed("string")},
                   {u"iteration"_s, typed("integer")},
                   {u"progress"_s, object({{u"scanned"_s, typed("integer")}, {u"total"_s, typed("integer")}},
                                          {u"scanned"_s, u"total"_s})},
                   {u"step_mode"_s, typed("boolean")},
                   {u"proposal"_s, typed("object")},
                   {u"error"_s, typed("string")},
                   {u"warnings"_s, array(typed("string"), u"The last warnings"_s)}},
                  {u"run_id"_s, u"state"_s, u"sandbox"_s, u"iterations"_s});
}

QString progressLine(const LiveState &live)
{
    QString line = live.iteration > 0 ? u"iteration %1: "_s.arg(live.iteration) : QString();
    if (live.step == "scan"_L1 && live.total > 0)
        return line + u"scanning %1 of %2"_s.arg(live.scanned).arg(live.total);
    return line + (live.step.isEmpty() ? u"starting"_s : live.step);
}

} // namespace McpRunStatus
