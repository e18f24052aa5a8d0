// RefinementRun after an iteration: decide, recover (tiers, duplicate path, early stop,
// plateau) and finish (memory extraction, prompt-set export, loop:complete). Each decision
// reaches the chart as an event (refinement.scxml).
#include "refinementrun.h"

#include "domain/format.h"
#include "llm/prompts/promptbook.h"
#include "llmgate.h"
#include "looppolicy.h"
#include "promptsetexport.h"
#include "runmemory.h"

using namespace Qt::StringLiterals;

void RefinementRun::enterDecide()
{
    const IterationResult *last = m_run.lastRecorded();
    const Decision decision(m_run.userInput);
    if (last && decision.targetReached(m_run, *last)) {
        const bool benchmark = decision.onBenchmark(*last);
        const EfficacyMetrics m = decision.targetFigure(*last);
        QString figures = u"%1 ≥ %2"_s.arg(Format::percent(m.coverage), Format::percent(m_run.userInput.targetCoverage));
        if (benchmark) { // what the figure can show: the interval's lower bound (issue 39)
            if (const auto interval = MetricIntervals::of(m).coverage)
                figures += u"; 95% lower bound %1"_s.arg(Format::percent(interval->low));
            if (const qsizetype unstable = last->benchmark->unstableIndexes.size())
                figures += u"; %1 unstable prompts counted as errors"_s.arg(unstable);
        }
        if (decision.bothDirections(*last))
            figures += u"; the weaker of the prompt and response sides"_s;
        stopWith(u"target.reached"_s, u"reached the target coverage%1 (%2)"_s.arg(
                                          benchmark ? u" on the benchmark"_s : QString(), figures));
        return;
    }
    submit(u"step.done"_s);
}

void RefinementRun::enterRecover()
{
    emit stepChanged(u"recover"_s);
    // After the record, or (duplicate path) after the generate that found the duplicate.
    m_chainPiece = m_schedule.begin(u"recover"_s, m_it.number, {m_chainPiece, m_it.pieces.generate});
    if (m_it.duplicateOf > 0) {
        // §2.6: nothing is deployed, scanned or recorded; the duplicate counts as a regression.
        emit topicDuplicate(m_it.topic, m_it.duplicateOf);
        ++m_run.consecutiveRegressions;
        // Not recorded, so its calls stay in the run's total only (work outside iterations).
        m_checkpoint.iterationUsage = {};
        m_it.counting = false;
        m_checkpoint.currentTopic = m_it.topic;
        m_checkpoint.nextIteration = m_it.number + 1;
    }
    switch (LoopPolicy::chooseRecovery(m_run)) {
    case LoopPolicy::Recovery::Revert:
        submit(u"recovery.revert"_s);
        return;
    case LoopPolicy::Recovery::Simplify:
        submit(u"recovery.simplify"_s);
        return;
    case LoopPolicy::Recovery::None:
        submit(u"recovery.none"_s);
        return;
    }
}

void RefinementRun::enterRevert()
{
    const IterationResult *best = m_run.iterationByNumber(m_run.bestIteration);
    m_run.hasRevertedToBest = true;
    m_run.consecutiveRegressions = 0;
    m_checkpoint.currentTopic = best->topic;
    m_checkpoint.improveFrom = best->iteration; // improve the best from its own results
    m_checkpoint.deployAsIs = false;
    emit topicReverted(best->topic, best->iteration);
    submit(u"step.done"_s);
}

void RefinementRun::enterSimplify()
{
    const IterationResult *best = m_run.iterationByNumber(m_run.bestIteration);
    const IterationResult *last = m_run.lastRecorded();
    PromptBook::SimplifyInput input;
    input.current = m_checkpoint.currentTopic.value_or(last->topic);
    input.currentMetrics = last->metrics;
    input.best = {best->iteration, best->metrics.coverage, best->topic, best->metrics, best->analysis};
    input.intent = m_run.userInput.intent;
    input.memory = m_memorySection;
    llm(PromptBook::simplifyTopic(input), [this](const QJsonObject &o) {
        Topic simplified = PromptBook::topicFromJson(o);
        simplified.name = m_checkpoint.lockedName;
        m_run.hasTriedSimplification = true;
        m_run.consecutiveRegressions = 0;
        emit topicSimplified(simplified);
        m_checkpoint.currentTopic = simplified;
        const int dup = LoopPolicy::duplicateOf(m_run, simplified);
        if (dup > 0) {
            emit topicDuplicate(simplified, dup);
            m_run.consecutiveRegressions = 1;
            m_checkpoint.deployAsIs = false; // already measured: improve it instead
        } else {
            m_checkpoint.deployAsIs = true; // measure the simplified topic as it is (§6 item 7)
        }
        submit(u"step.done"_s);
    });
}

void RefinementRun::enterJudge()
{
    // The decision and the recovery go into the file in one save, with the stop it leads to:
    // a kill just after it can neither lose the stop nor run the recovery twice.
    QString stop;
    QString event = u"loop.continue"_s;
    if (LoopPolicy::shouldStopEarly(m_run)) {
        // Regressions and repeated topics both count (§2.6), and an iteration within noise of
        // the best resets nothing: say what was counted (issue 40).
        stop = u"stopped after %1 regressions or repeated topics without a new best"_s.arg(m_run.consecutiveRegressions);
        event = u"loop.regressed"_s;
    } else if (m_it.duplicateOf == 0) {
        const LoopPolicy::Plateau p = LoopPolicy::checkPlateau(m_run);
        if (p.reached) {
            emit loopPlateau(p.min, p.max, m_run.bestCoverage);
            stop = u"coverage plateaued between %1 and %2"_s.arg(Format::percent(p.min), Format::percent(p.max));
            event = u"loop.plateau"_s;
        }
    }
    m_checkpoint.decisionPending = false;
    m_schedule.end(m_chainPiece);
    if (!stop.isEmpty()) {
        m_run.decision = Decision(m_run.userInput).record(m_run);
        stop = m_run.decision->explainStop(stop);
        m_run.stopReason = stop;
        m_checkpoint.finishReason = stop;
    }
    if (saveCheckpoint())
        submit(event);
}

void RefinementRun::enterFinish()
{
    emit stepChanged(u"finish"_s);
    m_finishPiece = m_schedule.begin(u"finish"_s, 0, {m_chainPiece}); // ends when the run is done
    // Saved before any of the finish runs (the file still says "running", with the finish
    // reason): a process killed while finishing resumes into finishing, never into another
    // iteration.
    if (!saveCheckpoint())
        return;
    auto next = [this] { exportPromptSet([this] { afterFinish(); }); };
    if (!m_services.memory || m_run.iterations.isEmpty() || m_checkpoint.learningsExtracted) {
        next();
        return;
    }
    if (m_services.memory->extractsWithLlm() && !m_llm->withinBudget(RunBudget::estimateUnknownPrompt(m_run.usage)))
        return; // paused: a resume (with a higher budget) comes back to finishing
    const quint64 entry = m_stepEntries;
    m_services.memory->extract(m_run, [this, entry, next](const RunMemory::Extracted &e) {
        QMetaObject::invokeMethod(this, [this, entry, next, e] {
            if (entry != m_stepEntries)
                return; // the step was left (paused, cancelled, failed)
            addUsage(m_llm->callUsage(e.usage, e.llmCalls)); // outside any iteration: the run's total only
            if (!e.error.isEmpty()) {
                emit warning(u"learnings were not extracted: "_s + e.error);
            } else {
                // A resume must not ask again. (Killed before this is saved, the memory store
                // still merges a run's learnings only once: MemoryMerger::hasRun.)
                m_checkpoint.learningsExtracted = true;
                emit memoryExtracted(e.learningCount);
                if (!saveCheckpoint())
                    return;
            }
            next();
        }, Qt::QueuedConnection);
    });
}

void RefinementRun::exportPromptSet(std::function<void()> then)
{
    const IterationResult *best = m_run.bestResult();
    if (!m_run.userInput.createPromptSet || !best) {
        then();
        return;
    }
    const QString name = m_run.userInput.promptSetName.isEmpty()
                             ? u"daystrom-%1-%2"_s.arg(best->topic.name, m_run.id.left(7))
                             : m_run.userInput.promptSetName;
    const QString description = u"Generated by Daystrom Studio run %1 — %2 prompts from iteration %3"_s
                                    .arg(m_run.id)
                                    .arg(best->testCases.size())
                                    .arg(best->iteration);
    m_promptSet->start(name, description, best->testCases, std::move(then));
}

void RefinementRun::afterFinish()
{
    if (m_finished)
        return; // paused or cancelled while finishing: that state is already saved
    m_run.status = RunStatus::Completed;
    recordEnd(u"loop:complete"_s);
    if (!saveCheckpoint())
        return;
    const IterationResult *best = m_run.bestResult();
    emit loopComplete(best ? *best : IterationResult{}, m_run);
    submit(u"step.done"_s);
}
