#include "loopeventjson.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

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
    return event(u"loop:complete"_s, {{u"bestResult"_s, best.toJson()}, {u"runState"_s, run.toJson()}});
}
QJsonObject memoryLoaded(int n) { return event(u"memory:loaded"_s, {{u"learningCount"_s, n}}); }
QJsonObject loopPaused(const RunState &run) { return event(u"loop:paused"_s, {{u"runState"_s, run.toJson()}}); }
QJsonObject loopCancelled(const RunState &run) { return event(u"loop:cancelled"_s, {{u"runState"_s, run.toJson()}}); }
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
        iterations.append(o);
    }
    return event(u"label:corrected"_s, {{u"prompt"_s, c.prompt}, {u"expectedTriggered"_s, c.expectedTriggered},
                                        {u"undone"_s, undone}, {u"bestIteration"_s, run.bestIteration},
                                        {u"iterations"_s, iterations}});
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
} // namespace LoopEventJson
