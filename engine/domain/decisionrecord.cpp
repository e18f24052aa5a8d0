#include "decisionrecord.h"

#include "format.h"
#include "jsonin.h"

using namespace Qt::StringLiterals;

QJsonObject DecisionRecord::toJson() const
{
    QJsonObject o{{u"suite"_s, onBenchmark ? u"benchmark"_s : u"working"_s},
                  {u"directions"_s, bothDirections ? u"both"_s : u"prompts"_s},
                  {u"bestIteration"_s, bestIteration},
                  {u"bestCoverage"_s, bestCoverage},
                  {u"target"_s, target},
                  {u"targetReached"_s, targetReached()},
                  {u"iterationAtTarget"_s, iterationAtTarget},
                  {u"targetCoverage"_s, targetCoverage},
                  {u"why"_s, why}};
    if (noiseIteration > 0)
        o.insert(u"withinNoise"_s, QJsonObject{{u"iteration"_s, noiseIteration},
                                               {u"coverage"_s, noiseCoverage},
                                               {u"prompts"_s, noisePrompts},
                                               {u"promptsNeeded"_s, noisePromptsNeeded}});
    return o;
}

DecisionRecord DecisionRecord::fromJson(const JsonIn &in)
{
    DecisionRecord r;
    r.onBenchmark = in.stringOr("suite"_L1, u"working"_s) == "benchmark"_L1;
    r.bothDirections = in.stringOr("directions"_L1, u"prompts"_s) == "both"_L1;
    r.bestIteration = int(in.integerOr("bestIteration"_L1, 0));
    r.bestCoverage = in.numberOr("bestCoverage"_L1, 0);
    r.target = in.numberOr("target"_L1, 0);
    r.iterationAtTarget = int(in.integerOr("iterationAtTarget"_L1, 0));
    r.targetCoverage = in.numberOr("targetCoverage"_L1, 0);
    r.why = in.stringOr("why"_L1, {});
    if (in.has("withinNoise"_L1)) {
        const JsonIn n = in.child("withinNoise"_L1);
        r.noiseIteration = int(n.integerOr("iteration"_L1, 0));
        r.noiseCoverage = n.numberOr("coverage"_L1, 0);
        r.noisePrompts = int(n.integerOr("prompts"_L1, 0));
        r.noisePromptsNeeded = int(n.integerOr("promptsNeeded"_L1, 0));
    }
    return r;
}

QString DecisionRecord::noiseNote() const
{
    if (noiseIteration <= 0)
        return {};
    QString note = u"iteration %1 measured %2 but is within noise of iteration %3 on %4 prompts"_s.arg(
        QString::number(noiseIteration), Format::percent(noiseCoverage), QString::number(bestIteration),
        QString::number(noisePrompts));
    if (noisePromptsNeeded > 0)
        note += u"; a benchmark of about %1 prompts would tell them apart"_s.arg(noisePromptsNeeded);
    return note;
}

QString DecisionRecord::explainStop(const QString &reason) const
{
    const QString note = noiseNote();
    if (targetReached() || note.isEmpty() || reason.contains(note))
        return reason;
    return reason.isEmpty() ? note : reason + u"; "_s + note;
}
