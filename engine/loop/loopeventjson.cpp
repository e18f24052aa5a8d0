#include "loopeventjson.h"

#include "domain/jsonin.h"
#include "loopevents.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

// The run state as `--events jsonl` has always written it: the event log it carries is the
// stream the reader has just been given.
static QJsonObject runStateJson(const RunState &run)
{
    QJsonObject o = run.toJson();
    o.remove(u"eventLog"_s);
    return o;
}

static QJsonObject event(LoopEventType type, std::initializer_list<QPair<QString, QJsonValue>> fields)
{
    QJsonObject o{{u"type"_s, LoopEventTypes::name(type)}};
    for (const auto &[k, v] : fields)
        o.insert(k, v);
    return o;
}

namespace LoopEventJson {
QJsonObject iterationStarted(int i) { return event(LoopEventType::iterationStarted, {{u"iteration"_s, i}}); }
QJsonObject generateComplete(const Topic &t) { return event(LoopEventType::generateComplete, {{u"topic"_s, t.toJson()}}); }
QJsonObject companionGenerated(const Topic &t) { return event(LoopEventType::companionGenerated, {{u"topic"_s, t.toJson()}}); }
QJsonObject companionCreated(const QString &id, const Topic &t)
{
    return event(LoopEventType::companionCreated, {{u"topicId"_s, id}, {u"topic"_s, t.toJson()}});
}
QJsonObject applyComplete(const QString &id) { return event(LoopEventType::applyComplete, {{u"topicId"_s, id}}); }
QJsonObject testsComposed(int generated, int carried, int regression, int total)
{
    return event(LoopEventType::testsComposed, {{u"generated"_s, generated}, {u"carriedFailures"_s, carried},
                                       {u"regressionTier"_s, regression}, {u"total"_s, total}});
}
QJsonObject testsAccumulated(int newCount, int totalCount, int dropped)
{
    return event(LoopEventType::testsAccumulated, {{u"newCount"_s, newCount}, {u"totalCount"_s, totalCount},
                                          {u"droppedCount"_s, dropped}});
}
QJsonObject testProgress(int completed, int total)
{
    return event(LoopEventType::testProgress, {{u"completed"_s, completed}, {u"total"_s, total}});
}
QJsonObject evaluateComplete(const EfficacyMetrics &m) { return event(LoopEventType::evaluateComplete, {{u"metrics"_s, m.toJson()}}); }
QJsonObject analyzeComplete(const AnalysisReport &a) { return event(LoopEventType::analyzeComplete, {{u"analysis"_s, a.toJson()}}); }
QJsonObject iterationComplete(const IterationResult &r) { return event(LoopEventType::iterationComplete, {{u"result"_s, r.toJson()}}); }
QJsonObject topicDuplicate(const Topic &t, int of)
{
    return event(LoopEventType::topicDuplicate, {{u"topic"_s, t.toJson()}, {u"duplicateOfIteration"_s, of}});
}
QJsonObject topicReverted(const Topic &t, int to)
{
    return event(LoopEventType::topicReverted, {{u"topic"_s, t.toJson()}, {u"revertedToIteration"_s, to}});
}
QJsonObject topicSimplified(const Topic &t) { return event(LoopEventType::topicSimplified, {{u"topic"_s, t.toJson()}}); }
QJsonObject loopPlateau(double min, double max, double best)
{
    return event(LoopEventType::loopPlateau, {{u"band"_s, QJsonArray{min, max}}, {u"bestCoverage"_s, best}});
}
QJsonObject memoryExtracted(int n) { return event(LoopEventType::memoryExtracted, {{u"learningCount"_s, n}}); }
QJsonObject promptSetCreated(const QString &id, const QString &name, int count)
{
    return event(LoopEventType::promptSetCreated, {{u"promptSetId"_s, id}, {u"promptSetName"_s, name}, {u"promptCount"_s, count}});
}
QJsonObject loopComplete(const IterationResult &best, const RunState &run)
{
    return event(LoopEventType::loopComplete, {{u"bestResult"_s, best.toJson()}, {u"runState"_s, runStateJson(run)}});
}
QJsonObject memoryLoaded(int n) { return event(LoopEventType::memoryLoaded, {{u"learningCount"_s, n}}); }
QJsonObject loopPaused(const RunState &run) { return event(LoopEventType::loopPaused, {{u"runState"_s, runStateJson(run)}}); }
QJsonObject loopCancelled(const RunState &run) { return event(LoopEventType::loopCancelled, {{u"runState"_s, runStateJson(run)}}); }
QJsonObject loopFailed(const QString &error) { return event(LoopEventType::loopFailed, {{u"error"_s, error}}); }
QJsonObject proposalReady(const PendingProposal &p) { return event(LoopEventType::proposalReady, {{u"proposal"_s, p.toJson()}}); }
QJsonObject decisionMade(const ProposalDecision &d, const Topic &accepted)
{
    QJsonObject o = d.toJson();
    o.insert(u"type"_s, LoopEventTypes::name(LoopEventType::decisionMade));
    if (d.action == ProposalDecision::Action::Accept)
        o.insert(u"topic"_s, accepted.toJson());
    return o;
}
QJsonObject labelCorrected(const LabelCorrection &c, bool undone, const RunState &run)
{
    // Every iteration's figures after the change: the recomputed metrics a client shows.
    QJsonArray iterations;
    for (const IterationResult &it : run.iterations) {
        QJsonObject o{{u"iteration"_s, it.iteration}, {u"metrics"_s, it.metrics.toJson()}};
        if (it.benchmark)
            o.insert(u"benchmarkMetrics"_s, it.benchmark->metrics.toJson());
        if (it.responses)
            o.insert(u"responseMetrics"_s, it.responses->metrics.toJson());
        iterations.append(o);
    }
    QJsonObject o = event(LoopEventType::labelCorrected, {{u"prompt"_s, c.prompt}, {u"expectedTriggered"_s, c.expectedTriggered},
                                                 {u"undone"_s, undone}, {u"bestIteration"_s, run.bestIteration},
                                                 {u"iterations"_s, iterations}});
    if (!c.response.isEmpty())
        o.insert(u"response"_s, c.response);
    return o;
}
QJsonObject promptsAdded(int added, int duplicates, PromptTarget target, int version)
{
    QJsonObject o = event(LoopEventType::promptsAdded, {{u"added"_s, added}, {u"duplicates"_s, duplicates},
                                               {u"target"_s, promptTargetName(target)}});
    if (target == PromptTarget::Benchmark)
        o.insert(u"benchmarkVersion"_s, version);
    return o;
}
QJsonObject stepModeChanged(bool on) { return event(LoopEventType::stepModeChanged, {{u"stepMode"_s, on}}); }
QJsonObject keptExamplesChanged(const QStringList &examples)
{
    return event(LoopEventType::keptExamplesChanged, {{u"examples"_s, QJsonArray::fromStringList(examples)}});
}
QJsonObject warning(const QString &message) { return event(LoopEventType::warning, {{u"message"_s, message}}); }

static QJsonObject topicBrief(const QJsonValue &topic)
{
    const QJsonObject t = topic.toObject();
    return {{u"name"_s, t.value(u"name"_s)}, {u"description"_s, t.value(u"description"_s)}};
}

static QJsonObject iterationBrief(const QJsonValue &result)
{
    const QJsonObject r = result.toObject();
    QJsonObject o{{u"iteration"_s, r.value(u"iteration"_s)}, {u"metrics"_s, r.value(u"metrics"_s)}};
    if (const QJsonValue b = r.value(u"benchmark"_s).toObject().value(u"metrics"_s); b.isObject())
        o.insert(u"benchmarkMetrics"_s, b);
    if (const QJsonValue u = r.value(u"usage"_s); u.isObject())
        o.insert(u"usage"_s, u);
    if (const QJsonValue j = r.value(u"judgement"_s); j.isObject())
        o.insert(u"judgement"_s, j);
    return o;
}

QJsonObject logEntry(const QJsonObject &e, const QDateTime &at)
{
    QJsonObject o = e;
    if (o.contains(u"topic"_s))
        o.insert(u"topic"_s, topicBrief(o.value(u"topic"_s)));
    if (o.contains(u"result"_s))
        o.insert(u"result"_s, iterationBrief(o.value(u"result"_s)));
    if (o.contains(u"bestResult"_s))
        o.insert(u"bestResult"_s, iterationBrief(o.value(u"bestResult"_s)));
    if (o.contains(u"analysis"_s))
        o.insert(u"analysis"_s, QJsonObject{{u"summary"_s, o.value(u"analysis"_s).toObject().value(u"summary"_s)}});
    if (o.contains(u"proposal"_s)) {
        const QJsonObject p = o.value(u"proposal"_s).toObject();
        o.insert(u"proposal"_s, QJsonObject{{u"kind"_s, p.value(u"kind"_s)}, {u"iteration"_s, p.value(u"iteration"_s)}});
    }
    if (o.contains(u"runState"_s)) {
        const QJsonObject r = o.take(u"runState"_s).toObject();
        o.insert(u"status"_s, r.value(u"status"_s));
        if (r.contains(u"stopReason"_s))
            o.insert(u"stopReason"_s, r.value(u"stopReason"_s));
        if (r.contains(u"usage"_s))
            o.insert(u"usage"_s, r.value(u"usage"_s));
    }
    // label:corrected: every iteration's recomputed figures, and the best after them.
    o.remove(u"iterations"_s);
    if (o.value(u"type"_s).toString() == LoopEventTypes::name(LoopEventType::labelCorrected))
        o.remove(u"bestIteration"_s);
    o.insert(u"at"_s, toIsoString(at));
    return o;
}

void connectAll(const LoopEvents *events, const QObject *context, Audience audience,
                std::function<void(const QJsonObject &)> sink)
{
    const auto on = [&](auto signal, auto toJson) {
        QObject::connect(events, signal, context, [sink, toJson](const auto &...args) { sink(toJson(args...)); });
    };
#define DAYSTROM_CONNECT_EVENT(signal, type, audiences, line)                                     \
    if (LoopEventTypes::reads(audience, LoopEventType::signal))                                   \
        on(&LoopEvents::signal, &LoopEventJson::signal);
    DAYSTROM_LOOP_EVENTS(DAYSTROM_CONNECT_EVENT)
#undef DAYSTROM_CONNECT_EVENT
}
} // namespace LoopEventJson
