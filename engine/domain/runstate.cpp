#include "runstate.h"

#include "jsonin.h"
#include "redaction.h"
#include "runfilecheck.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

QString runStatusName(RunStatus status)
{
    switch (status) {
    case RunStatus::Paused:
        return u"paused"_s;
    case RunStatus::Completed:
        return u"completed"_s;
    case RunStatus::Failed:
        return u"failed"_s;
    case RunStatus::Cancelled:
        return u"cancelled"_s;
    case RunStatus::Running:
        break;
    }
    return u"running"_s;
}

std::optional<RunStatus> runStatusFromName(const QString &name)
{
    for (RunStatus s : {RunStatus::Running, RunStatus::Paused, RunStatus::Completed,
                        RunStatus::Failed, RunStatus::Cancelled}) {
        if (runStatusName(s) == name)
            return s;
    }
    return std::nullopt;
}

const IterationResult *RunState::iterationByNumber(int number) const
{
    for (const IterationResult &it : iterations) {
        if (it.iteration == number)
            return &it;
    }
    return nullptr;
}

const IterationResult *RunState::lastRecorded() const
{
    return iterations.isEmpty() ? nullptr : &iterations.last();
}

const IterationResult *RunState::bestResult() const
{
    if (const IterationResult *best = iterationByNumber(bestIteration); best && bestIteration > 0)
        return best;
    return lastRecorded();
}

void RunState::appendEvent(const QJsonObject &entry)
{
    eventLog.append(entry);
    if (eventLog.size() > MaxEventLog)
        eventLog.remove(0, eventLog.size() - MaxEventLog);
}

QJsonObject RunCheckpoint::toJson() const
{
    QJsonArray tests;
    for (const TestCase &t : accumulatedTests)
        tests.append(t.toJson());
    QJsonObject o{{u"topicId"_s, topicId},
                  {u"companionTopicId"_s, companionTopicId},
                  {u"lockedName"_s, lockedName},
                  {u"accumulatedTests"_s, tests},
                  {u"nextIteration"_s, nextIteration},
                  {u"deployAsIs"_s, deployAsIs},
                  {u"improveFrom"_s, improveFrom}};
    if (currentTopic)
        o.insert(u"currentTopic"_s, currentTopic->toJson());
    if (!finishReason.isEmpty())
        o.insert(u"finishReason"_s, finishReason);
    if (learningsExtracted)
        o.insert(u"learningsExtracted"_s, true);
    if (decisionPending)
        o.insert(u"decisionPending"_s, true);
    if (!promptSetId.isEmpty()) {
        o.insert(u"promptSetId"_s, promptSetId);
        o.insert(u"promptSetPrompts"_s, promptSetPrompts);
    }
    if (!iterationUsage.isEmpty())
        o.insert(u"iterationUsage"_s, iterationUsage.toJson());
    return o;
}

RunCheckpoint RunCheckpoint::fromJson(const JsonIn &in)
{
    RunCheckpoint c;
    c.topicId = in.stringOr("topicId"_L1, {});
    c.companionTopicId = in.stringOr("companionTopicId"_L1, {});
    c.lockedName = in.stringOr("lockedName"_L1, {});
    if (in.has("currentTopic"_L1))
        c.currentTopic = Topic::fromJson(in.child("currentTopic"_L1));
    const QJsonArray tests = in.arrayOr("accumulatedTests"_L1);
    for (qsizetype i = 0; i < tests.size(); ++i)
        c.accumulatedTests.append(TestCase::fromJson(in.element("accumulatedTests"_L1, i, tests.at(i))));
    c.nextIteration = int(in.integerOr("nextIteration"_L1, 1));
    c.deployAsIs = in.booleanOr("deployAsIs"_L1, false);
    c.improveFrom = int(in.integerOr("improveFrom"_L1, 0));
    c.finishReason = in.stringOr("finishReason"_L1, {});
    c.learningsExtracted = in.booleanOr("learningsExtracted"_L1, false);
    c.decisionPending = in.booleanOr("decisionPending"_L1, false);
    c.promptSetId = in.stringOr("promptSetId"_L1, {});
    c.promptSetPrompts = int(in.integerOr("promptSetPrompts"_L1, 0));
    if (in.has("iterationUsage"_L1))
        c.iterationUsage = RunUsage::fromJson(in.child("iterationUsage"_L1));
    return c;
}

QJsonObject RunState::toJson() const
{
    QJsonArray its;
    for (const IterationResult &it : iterations)
        its.append(it.toJson());
    QJsonObject o{{u"id"_s, id},
                  {u"createdAt"_s, toIsoString(createdAt)},
                  {u"updatedAt"_s, toIsoString(updatedAt)},
                  {u"userInput"_s, userInput.toJson()},
                  {u"iterations"_s, its},
                  {u"currentIteration"_s, currentIteration},
                  {u"bestIteration"_s, bestIteration},
                  {u"bestCoverage"_s, bestCoverage},
                  {u"consecutiveRegressions"_s, consecutiveRegressions},
                  {u"hasRevertedToBest"_s, hasRevertedToBest},
                  {u"hasTriedSimplification"_s, hasTriedSimplification},
                  {u"status"_s, runStatusName(status)}};
    if (companionTopic)
        o.insert(u"companionTopic"_s, companionTopic->toJson());
    if (!stopReason.isEmpty())
        o.insert(u"stopReason"_s, Redaction::apply(stopReason)); // again: server text, maybe older
    if (checkpoint)
        o.insert(u"checkpoint"_s, checkpoint->toJson());
    if (tenant)
        o.insert(u"tenant"_s, tenant->toJson());
    if (productionAtStart)
        o.insert(u"productionAtStart"_s, *productionAtStart);
    if (!benchmarkSet.isEmpty())
        o.insert(u"benchmarkSet"_s, testCasesToJson(benchmarkSet));
    if (!responseSet.isEmpty())
        o.insert(u"responseSet"_s, testCasesToJson(responseSet));
    if (!robustnessSample.isEmpty()) {
        QJsonArray sample;
        for (int index : robustnessSample)
            sample.append(index);
        o.insert(u"robustnessSample"_s, sample);
        o.insert(u"robustnessSet"_s, testCasesToJson(robustnessSet));
    }
    if (!applies.isEmpty()) {
        QJsonArray a;
        for (const ApplyRecord &r : applies)
            a.append(r.toJson());
        o.insert(u"applies"_s, a);
    }
    if (!steering.isDefault())
        o.insert(u"steering"_s, steering.toJson());
    o.insert(u"usage"_s, usage.toJson());
    if (experiment)
        o.insert(u"experiment"_s, experiment->toJson());
    if (decision)
        o.insert(u"decision"_s, decision->toJson());
    if (!eventLog.isEmpty()) {
        QJsonArray log;
        for (QJsonObject entry : eventLog) {
            for (const QString &key : {u"message"_s, u"error"_s, u"stopReason"_s}) {
                if (entry.value(key).isString())
                    entry.insert(key, Redaction::apply(entry.value(key).toString()));
            }
            log.append(entry);
        }
        o.insert(u"eventLog"_s, log);
    }
    return o;
}

RunState RunState::fromJson(const JsonIn &in)
{
    RunState r;
    r.id = in.string("id"_L1);
    r.createdAt = in.timestamp("createdAt"_L1);
    r.updatedAt = in.timestamp("updatedAt"_L1);
    r.userInput = RunSettings::fromJson(in.child("userInput"_L1));
    const QJsonArray its = in.array("iterations"_L1);
    for (qsizetype i = 0; i < its.size(); ++i)
        r.iterations.append(IterationResult::fromJson(in.element("iterations"_L1, i, its.at(i))));
    r.currentIteration = int(in.integerOr("currentIteration"_L1, 0));
    r.bestIteration = int(in.integerOr("bestIteration"_L1, 0));
    r.bestCoverage = in.numberOr("bestCoverage"_L1, 0);
    r.consecutiveRegressions = int(in.integerOr("consecutiveRegressions"_L1, 0));
    r.hasRevertedToBest = in.booleanOr("hasRevertedToBest"_L1, false);
    r.hasTriedSimplification = in.booleanOr("hasTriedSimplification"_L1, false);
    if (in.has("companionTopic"_L1))
        r.companionTopic = Topic::fromJson(in.child("companionTopic"_L1));
    const QString status = in.stringOr("status"_L1, u"running"_s);
    if (const auto s = runStatusFromName(status))
        r.status = *s;
    else
        in.error("status"_L1, u"unknown run status "_s + status);
    r.stopReason = in.stringOr("stopReason"_L1, {});
    if (in.has("checkpoint"_L1))
        r.checkpoint = RunCheckpoint::fromJson(in.child("checkpoint"_L1));
    if (in.has("tenant"_L1))
        r.tenant = TenantFootprint::fromJson(in.child("tenant"_L1));
    r.productionAtStart = in.optObject("productionAtStart"_L1);
    r.benchmarkSet = testCasesFromJson(in, "benchmarkSet"_L1);
    r.responseSet = testCasesFromJson(in, "responseSet"_L1);
    r.robustnessSet = testCasesFromJson(in, "robustnessSet"_L1);
    for (const QJsonValue &index : in.arrayOr("robustnessSample"_L1)) {
        if (!index.isDouble() || index.toInt(-1) < 0 || index.toInt() >= r.benchmarkSet.size())
            in.error("robustnessSample"_L1, u"must hold indexes into benchmarkSet"_s);
        else
            r.robustnessSample.append(index.toInt());
    }
    const QJsonArray applies = in.arrayOr("applies"_L1);
    for (qsizetype i = 0; i < applies.size(); ++i)
        r.applies.append(ApplyRecord::fromJson(in.element("applies"_L1, i, applies.at(i))));
    if (in.has("steering"_L1))
        r.steering = RunSteering::fromJson(in.child("steering"_L1));
    if (in.has("usage"_L1))
        r.usage = RunUsage::fromJson(in.child("usage"_L1));
    if (in.has("experiment"_L1))
        r.experiment = ExperimentTag::fromJson(in.child("experiment"_L1));
    if (in.has("decision"_L1))
        r.decision = DecisionRecord::fromJson(in.child("decision"_L1));
    // The log is a record for people: an entry that is not an object is skipped, not an error.
    const QJsonArray log = in.arrayOr("eventLog"_L1);
    for (const QJsonValue &entry : log) {
        if (entry.isObject())
            r.eventLog.append(entry.toObject());
    }
    if (r.eventLog.size() > MaxEventLog)
        r.eventLog.remove(0, r.eventLog.size() - MaxEventLog);
    RunFileCheck::check(in.raw(), in.errors()); // numbers the loop would otherwise trust blindly
    return r;
}

QJsonObject ExperimentTag::toJson() const
{
    return {{u"id"_s, experimentId}, {u"order"_s, order}, {u"position"_s, position}, {u"memory"_s, memoryOn}};
}

ExperimentTag ExperimentTag::fromJson(const JsonIn &in)
{
    ExperimentTag t;
    t.experimentId = in.string("id"_L1);
    t.order = int(in.integerOr("order"_L1, 0));
    t.position = int(in.integerOr("position"_L1, 0));
    t.memoryOn = in.booleanOr("memory"_L1, false);
    return t;
}
