// RecoverySteps: after an iteration's record, the decision and the recovery tiers. Each
// decision reaches the chart as an event (refinement.scxml).
#include "recoverysteps.h"

#include "domain/decision.h"
#include "domain/format.h"
#include "loopevents.h"
#include "looppolicy.h"

using namespace Qt::StringLiterals;

RecoverySteps::RecoverySteps(RunContext &ctx, QObject *parent)
    : QObject(parent)
    , m_ctx(ctx)
{
}

void RecoverySteps::enterDecide()
{
    const IterationResult *last = m_ctx.run.lastRecorded();
    const Decision decision(m_ctx.run.userInput);
    if (last && decision.targetReached(m_ctx.run, *last)) {
        const bool benchmark = decision.onBenchmark(*last);
        const EfficacyMetrics m = decision.targetFigure(*last);
        QString figures = u"%1 ≥ %2"_s.arg(Format::percent(m.coverage), Format::percent(m_ctx.run.userInput.targetCoverage));
        if (benchmark) { // what the figure can show: the interval's lower bound (issue 39)
            if (const auto interval = MetricIntervals::of(m).coverage)
                figures += u"; 95% lower bound %1"_s.arg(Format::percent(interval->low));
            if (const qsizetype unstable = last->benchmark->unstableIndexes.size())
                figures += u"; %1 unstable prompts counted as errors"_s.arg(unstable);
        }
        if (decision.bothDirections(*last))
            figures += u"; the weaker of the prompt and response sides"_s;
        m_ctx.stopWith(ChartEvent::TargetReached, u"reached the target coverage%1 (%2)"_s.arg(
                                          benchmark ? u" on the benchmark"_s : QString(), figures));
        return;
    }
    m_ctx.submit(ChartEvent::StepDone);
}

void RecoverySteps::enterRecover()
{
    emit m_ctx.events.stepChanged(u"recover"_s);
    // After the record, or (duplicate path) after the generate that found the duplicate.
    m_ctx.chainPiece = m_ctx.schedule.begin(u"recover"_s, m_ctx.it.number, {m_ctx.chainPiece, m_ctx.it.pieces.generate});
    if (m_ctx.it.duplicateOf > 0) {
        // §2.6: nothing is deployed, scanned or recorded; the duplicate counts as a regression.
        emit m_ctx.events.topicDuplicate(m_ctx.it.topic, m_ctx.it.duplicateOf);
        ++m_ctx.run.consecutiveRegressions;
        // Not recorded, so its calls stay in the run's total only (work outside iterations).
        m_ctx.checkpoint.iterationUsage = {};
        m_ctx.it.counting = false;
        m_ctx.checkpoint.currentTopic = m_ctx.it.topic;
        m_ctx.checkpoint.nextIteration = m_ctx.it.number + 1;
    }
    switch (LoopPolicy::chooseRecovery(m_ctx.run)) {
    case LoopPolicy::Recovery::Revert:
        m_ctx.submit(ChartEvent::RecoveryRevert);
        return;
    case LoopPolicy::Recovery::Simplify:
        m_ctx.submit(ChartEvent::RecoverySimplify);
        return;
    case LoopPolicy::Recovery::None:
        m_ctx.submit(ChartEvent::RecoveryNone);
        return;
    }
}

void RecoverySteps::enterRevert()
{
    const IterationResult *best = m_ctx.run.iterationByNumber(m_ctx.run.bestIteration);
    m_ctx.run.hasRevertedToBest = true;
    m_ctx.run.consecutiveRegressions = 0;
    m_ctx.checkpoint.currentTopic = best->topic;
    m_ctx.checkpoint.improveFrom = best->iteration; // improve the best from its own results
    m_ctx.checkpoint.deployAsIs = false;
    emit m_ctx.events.topicReverted(best->topic, best->iteration);
    m_ctx.submit(ChartEvent::StepDone);
}

void RecoverySteps::enterSimplify()
{
    const IterationResult *best = m_ctx.run.iterationByNumber(m_ctx.run.bestIteration);
    const IterationResult *last = m_ctx.run.lastRecorded();
    PromptBook::SimplifyInput input;
    input.current = m_ctx.checkpoint.currentTopic.value_or(last->topic);
    input.currentMetrics = last->metrics;
    input.best = {best->iteration, best->metrics.coverage, best->topic, best->metrics, best->analysis};
    input.intent = m_ctx.run.userInput.intent;
    input.memory = m_ctx.memorySection;
    m_ctx.llm(PromptBook::simplifyTopic(input), [this](const QJsonObject &o) {
        Topic simplified = PromptBook::topicFromJson(o);
        simplified.name = m_ctx.checkpoint.lockedName;
        m_ctx.run.hasTriedSimplification = true;
        m_ctx.run.consecutiveRegressions = 0;
        emit m_ctx.events.topicSimplified(simplified);
        m_ctx.checkpoint.currentTopic = simplified;
        const int dup = LoopPolicy::duplicateOf(m_ctx.run, simplified);
        if (dup > 0) {
            emit m_ctx.events.topicDuplicate(simplified, dup);
            m_ctx.run.consecutiveRegressions = 1;
            m_ctx.checkpoint.deployAsIs = false; // already measured: improve it instead
        } else {
            m_ctx.checkpoint.deployAsIs = true; // measure the simplified topic as it is (§6 item 7)
        }
        m_ctx.submit(ChartEvent::StepDone);
    });
}

void RecoverySteps::enterJudge()
{
    // The decision and the recovery go into the file in one save, with the stop it leads to:
    // a kill just after it can neither lose the stop nor run the recovery twice.
    QString stop;
    ChartEvent event = ChartEvent::LoopContinue;
    if (LoopPolicy::shouldStopEarly(m_ctx.run)) {
        // Regressions and repeated topics both count (§2.6), and an iteration within noise of
        // the best resets nothing: say what was counted (issue 40).
        stop = u"stopped after %1 regressions or repeated topics without a new best"_s.arg(m_ctx.run.consecutiveRegressions);
        event = ChartEvent::LoopRegressed;
    } else if (m_ctx.it.duplicateOf == 0) {
        const LoopPolicy::Plateau p = LoopPolicy::checkPlateau(m_ctx.run);
        if (p.reached) {
            emit m_ctx.events.loopPlateau(p.min, p.max, m_ctx.run.bestCoverage);
            stop = u"coverage plateaued between %1 and %2"_s.arg(Format::percent(p.min), Format::percent(p.max));
            event = ChartEvent::LoopPlateau;
        }
    }
    m_ctx.checkpoint.decisionPending = false;
    m_ctx.schedule.end(m_ctx.chainPiece);
    if (!stop.isEmpty()) {
        m_ctx.run.decision = Decision(m_ctx.run.userInput).record(m_ctx.run);
        stop = m_ctx.run.decision->explainStop(stop);
        m_ctx.run.stopReason = stop;
        m_ctx.checkpoint.finishReason = stop;
    }
    if (m_ctx.save())
        m_ctx.submit(event);
}

