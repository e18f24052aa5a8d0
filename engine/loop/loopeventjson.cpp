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

static QJsonObject event(const QString &type, std::initializer_list<QPair<QString, QJsonValue>> fields)
{
    QJsonObject o{{u"type"_s, type}};
    for (const auto &[k, v] : fields)
        o.insert(k, v);
    return o;
}

namespace LoopEventJson {
QJsonObject iterationStart(int i) { return event(u"iteration:start"_s, {{u"iteration"_s, i}}); }
QJsonObject generateComplete(const Topic &t) { return event(u"generate:complete"_s, {{u"topic"_s, t.toJson()}}); }
QJsonObject companionGenerated(const Topic &t) { return event(u"companion:generated"_s, {{u"topic"_s, t.toJson()}}); }
QJsonObject companionCreated(const QString &id, const Topic &t)
{
    return event(u"companion:created"_s, {{u"topicId"_s, id}, {u"topic"_s, t.toJson()}});
}
QJsonObject applyComplete(const QString &id) { return event(u"apply:complete"_s, {{u"topicId"_s, id}}); }
QJsonObject testsComposed(int generated, int carried, int regression, int total)
{
    return event(u"tests:composed"_s, {{u"generated"_s, generated}, {u"carriedFailures"_s, carried},
                                       {u"regressionTier"_s, regression}, {u"total"_s, total}});
}
QJsonObject testsAccumulated(int newCount, int totalCount, int dropped)
{
    return event(u"tests:accumulated"_s, {{u"newCount"_s, newCount}, {u"totalCount"_s, totalCount},
                                          {u"droppedCount"_s, dropped}});
}
QJsonObject testProgress(int completed, int total)
{
    return event(u"test:progress"_s, {{u"completed"_s, completed}, {u"total"_s, total}});
}
QJsonObject evaluateComplete(const EfficacyMetrics &m) { return event(u"evaluate:complete"_s, {{u"metrics"_s, m.toJson()}}); }
QJsonObject analyzeComplete(const AnalysisReport &a) { return event(u"analyze:complete"_s, {{u"analysis"_s, a.toJson()}}); }
QJsonObject iterationComplete(const IterationResult &r) { return event(u"iteration:complete"_s, {{u"result"_s, r.toJson()}}); }
QJsonObject topicDuplicate(const Topic &t, int of)
{
    return event(u"topic:duplicate"_s, {{u"topic"_s, t.toJson()}, {u"duplicateOfIteration"_s, of}});
}
QJsonObject topicReverted(const Topic &t, int to)
{
    return event(u"topic:reverted"_s, {{u"topic"_s, t.toJson()}, {u"revertedToIteration"_s, to}});
}
QJsonObject topicSimplified(const Topic &t) { return event(u"topic:simplified"_s, {{u"topic"_s, t.toJson()}}); }
QJsonObject loopPlateau(double min, double max, double best)
{
    return event(u"loop:plateau"_s, {{u"band"_s, QJsonArray{min, max}}, {u"bestCoverage"_s, best}});
}
QJsonObject memoryExtracted(int n) { return event(u"memory:extracted"_s, {{u"learningCount"_s, n}}); }
QJsonObject promptSetCreated(const QString &id, const QString &name, int count)
{
    return event(u"promptset:created"_s, {{u"promptSetId"_s, id}, {u"promptSetName"_s, name}, {u"promptCount"_s, count}});
}
QJsonObject loopComplete(const IterationResult &best, const RunState &run)
{
    return event(u"loop:complete"_s, {{u"bestResult"_s, best.toJson()}, {u"runState"_s, runStateJson(run)}});
}
QJsonObject memoryLoaded(int n) { return event(u"memory:loaded"_s, {{u"learningCount"_s, n}}); }
QJsonObject loopPaused(const RunState &run) { return event(u"loop:paused"_s, {{u"runState"_s, runStateJson(run)}}); }
QJsonObject loopCancelled(const RunState &run) { return event(u"loop:cancelled"_s, {{u"runState"_s, runStateJson(run)}}); }
QJsonObject loopFailed(const QString &error) { return event(u"loop:failed"_s, {{u"error"_s, error}}); }
QJsonObject proposalReady(const PendingProposal &p) { return event(u"proposal:ready"_s, {{u"proposal"_s, p.toJson()}}); }
QJsonObject decisionMade(const ProposalDecision &d, const Topic &accepted)
{
    QJsonObject o = d.toJson();
    o.insert(u"type"_s, u"decision:made"_s);
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
    QJsonObject o = event(u"label:corrected"_s, {{u"prompt"_s, c.prompt}, {u"expectedTriggered"_s, c.expectedTriggered},
                                                 {u"undone"_s, undone}, {u"bestIteration"_s, run.bestIteration},
                                                 {u"iterations"_s, iterations}});
    if (!c.response.isEmpty())
        o.insert(u"response"_s, c.response);
    return o;
}
QJsonObject promptsAdded(int added, int duplicates, PromptTarget target, int version)
{
    QJsonObject o = event(u"prompts:added"_s, {{u"added"_s, added}, {u"duplicates"_s, duplicates},
                                               {u"target"_s, promptTargetName(target)}});
    if (target == PromptTarget::Benchmark)
        o.insert(u"benchmarkVersion"_s, version);
    return o;
}
QJsonObject stepModeChanged(bool on) { return event(u"stepmode:changed"_s, {{u"stepMode"_s, on}}); }
QJsonObject keptExamplesChanged(const QStringList &examples)
{
    return event(u"examples:kept"_s, {{u"examples"_s, QJsonArray::fromStringList(examples)}});
}
QJsonObject warning(const QString &message) { return event(u"warning"_s, {{u"message"_s, message}}); }

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
    o.remove(u"iterations"_s); // label:corrected: every iteration's recomputed figures
    o.insert(u"at"_s, toIsoString(at));
    return o;
}

void connectAll(const LoopEvents *events, const QObject *context, Audience audience,
                std::function<void(const QJsonObject &)> sink)
{
    using L = LoopEvents;
    const bool stream = audience == Audience::Stream;
    const auto on = [&](auto signal, auto toJson) {
        QObject::connect(events, signal, context, [sink, toJson](const auto &...args) { sink(toJson(args...)); });
    };
    on(&L::memoryLoaded, memoryLoaded);
    on(&L::iterationStarted, iterationStart);
    on(&L::generateComplete, generateComplete);
    on(&L::companionGenerated, companionGenerated);
    on(&L::companionCreated, companionCreated);
    on(&L::applyComplete, applyComplete);
    on(&L::testsComposed, testsComposed);
    on(&L::testsAccumulated, testsAccumulated);
    on(&L::evaluateComplete, evaluateComplete);
    on(&L::analyzeComplete, analyzeComplete);
    on(&L::iterationComplete, iterationComplete);
    on(&L::topicDuplicate, topicDuplicate);
    on(&L::topicReverted, topicReverted);
    on(&L::topicSimplified, topicSimplified);
    on(&L::loopPlateau, loopPlateau);
    on(&L::memoryExtracted, memoryExtracted);
    on(&L::promptSetCreated, promptSetCreated);
    on(&L::proposalReady, proposalReady);
    on(&L::decisionMade, decisionMade);
    on(&L::promptsAdded, promptsAdded);
    on(&L::stepModeChanged, stepModeChanged);
    on(&L::keptExamplesChanged, keptExamplesChanged);
    if (stream) {
        on(&L::testProgress, testProgress);
        on(&L::loopComplete, loopComplete);
        on(&L::loopPaused, loopPaused);
        on(&L::loopCancelled, loopCancelled);
        on(&L::loopFailed, loopFailed);
        on(&L::labelCorrected, labelCorrected);
        return;
    }
    on(&L::warning, warning);
    // Not labelCorrected(): it serialises every iteration's figures, which the log leaves out.
    on(&L::labelCorrected, [](const LabelCorrection &c, bool undone, const RunState &) {
        QJsonObject o = event(u"label:corrected"_s, {{u"prompt"_s, c.prompt}, {u"expectedTriggered"_s, c.expectedTriggered},
                                                     {u"undone"_s, undone}});
        if (!c.response.isEmpty())
            o.insert(u"response"_s, c.response);
        return o;
    });
}
} // namespace LoopEventJson
