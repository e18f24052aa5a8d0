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
} // namespace LoopEventJson
