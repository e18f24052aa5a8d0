#include "experimentoutcome.h"

#include "domain/benchmarkscore.h"
#include "domain/decision.h"
#include "domain/runstate.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {

// A small count with one decimal only when it has one: "1.5", "2".
QString iterationsText(double value)
{
    const double rounded = std::round(value * 10) / 10;
    return QString::number(rounded, 'f', std::fmod(std::abs(rounded), 1.0) == 0 ? 0 : 1);
}

QString pText(double p)
{
    return p < 0.001 ? u"< 0.001"_s : u"= "_s + QString::number(p, 'g', 2);
}

} // namespace

ArmOutcome ArmOutcome::fromRun(const RunState &run)
{
    ArmOutcome o;
    o.runId = run.id;
    o.done = run.status == RunStatus::Completed;
    o.iterations = int(run.iterations.size());
    o.iterationsToTarget = run.userInput.maxIterations + 1;
    if (const int first = Decision::recordOf(run).iterationAtTarget; first > 0) {
        o.reachedTarget = true;
        o.iterationsToTarget = first;
    }
    o.llmCalls = run.usage.llmCalls;
    o.tokens = run.usage.totalTokens();
    o.scans = run.usage.scans;
    if (const IterationResult *best = run.bestResult(); best && best->benchmark) {
        o.benchmarkCoverage = best->benchmark->metrics.coverage;
        o.benchmarkInterval = MetricIntervals::of(best->benchmark->metrics).coverage;
    }
    return o;
}

QJsonObject ArmOutcome::toJson() const
{
    QJsonObject o{{u"runId"_s, runId},
                  {u"done"_s, done},
                  {u"reachedTarget"_s, reachedTarget},
                  {u"iterations"_s, iterations},
                  {u"iterationsToTarget"_s, iterationsToTarget},
                  {u"llmCalls"_s, llmCalls},
                  {u"tokens"_s, double(tokens)},
                  {u"scans"_s, scans}};
    if (benchmarkCoverage && std::isfinite(*benchmarkCoverage))
        o.insert(u"benchmarkCoverage"_s, *benchmarkCoverage);
    if (benchmarkInterval)
        o.insert(u"benchmarkInterval"_s, QJsonArray{benchmarkInterval->low, benchmarkInterval->high});
    return o;
}

ExperimentSummary ExperimentOutcome::summary() const
{
    ExperimentSummary s;
    QList<double> saved;
    for (const TopicTrial &t : trials) {
        if (t.complete())
            saved.append(t.iterationsSaved());
    }
    s.completePairs = int(saved.size());
    s.test = SignedRank::test(saved);
    s.medianSaved = s.test.medianDifference;
    const QString pairs = u"%1 pair%2"_s.arg(s.completePairs).arg(s.completePairs == 1 ? QString() : u"s"_s);
    const QString test = u"Wilcoxon signed-rank p %1"_s.arg(pText(s.test.pTwoSided));
    if (s.completePairs == 0)
        s.sentence = u"No topic has finished in both arms yet: nothing to compare."_s;
    else if (s.test.pTwoSided < s.significance && s.medianSaved > 0)
        s.sentence = u"Memory saved %1 iteration%2 per topic (median of %3, %4)."_s.arg(
            iterationsText(s.medianSaved), s.medianSaved == 1 ? QString() : u"s"_s, pairs, test);
    else if (s.test.pTwoSided < s.significance && s.medianSaved < 0)
        s.sentence = u"Memory cost %1 more iteration%2 per topic (median of %3, %4)."_s.arg(
            iterationsText(-s.medianSaved), s.medianSaved == -1 ? QString() : u"s"_s, pairs, test);
    else
        s.sentence = u"No detectable effect of memory on iterations to target (median change %1 per topic over "
                     "%2, %3)."_s.arg(iterationsText(s.medianSaved), pairs, test);
    return s;
}

QString ExperimentOutcome::sandboxCaveat()
{
    return u"This experiment ran in the sandbox. The sandbox's LLM does not read learnings: the "
           "topics and tests it writes do not depend on the memory section of its prompts, so "
           "this result says nothing about whether memory helps. Run the experiment with a real "
           "LLM provider to measure that."_s;
}
