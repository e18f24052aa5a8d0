// RefinementRun after an iteration: decide, recover (tiers, duplicate path, early stop,
// plateau) and finish (memory extraction, prompt-set export, loop:complete).
#include "refinementrun.h"

#include "airs/promptsetclient.h"
#include "domain/format.h"
#include "llm/prompts/promptbook.h"
#include "looppolicy.h"
#include "runmemory.h"

#include <memory>

using namespace Qt::StringLiterals;

void RefinementRun::enterDecide()
{
    const IterationResult *last = m_run.lastRecorded();
    if (last && LoopPolicy::targetReached(m_run, *last)) {
        const bool benchmark = last->benchmark && !m_run.userInput.decideOnWorkingSuite;
        stopWith(u"reached the target coverage%1 (%2 ≥ %3)"_s.arg(
            benchmark ? u" on the benchmark"_s : QString(),
            Format::percent(last->decidingMetrics(m_run.userInput.decideOnWorkingSuite).coverage),
            Format::percent(m_run.userInput.targetCoverage)));
        return;
    }
    advance(StepMachine::Trigger::Done);
}

void RefinementRun::enterRecover()
{
    emit stepChanged(u"recover"_s);
    if (m_duplicateOf > 0) {
        // §2.6: nothing is deployed, scanned or recorded; the duplicate counts as a regression.
        emit topicDuplicate(m_topic, m_duplicateOf);
        ++m_run.consecutiveRegressions;
        m_checkpoint.currentTopic = m_topic;
        m_checkpoint.nextIteration = m_iteration + 1;
    }
    switch (LoopPolicy::chooseRecovery(m_run)) {
    case LoopPolicy::Recovery::Revert: {
        const IterationResult *best = m_run.iterationByNumber(m_run.bestIteration);
        m_run.hasRevertedToBest = true;
        m_run.consecutiveRegressions = 0;
        m_checkpoint.currentTopic = best->topic;
        m_checkpoint.improveFrom = best->iteration; // improve the best from its own results
        m_checkpoint.deployAsIs = false;
        emit topicReverted(best->topic, best->iteration);
        finishRecovery();
        return;
    }
    case LoopPolicy::Recovery::Simplify: {
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
            finishRecovery();
        });
        return;
    }
    case LoopPolicy::Recovery::None:
        finishRecovery();
        return;
    }
}

void RefinementRun::finishRecovery()
{
    if (!saveCheckpoint())
        return;
    if (LoopPolicy::shouldStopEarly(m_run)) {
        stopWith(u"stopped after %1 consecutive regressions"_s.arg(m_run.consecutiveRegressions));
        return;
    }
    if (m_duplicateOf == 0) {
        const LoopPolicy::Plateau p = LoopPolicy::checkPlateau(m_run);
        if (p.reached) {
            emit loopPlateau(p.min, p.max, m_run.bestCoverage);
            stopWith(u"coverage plateaued between %1 and %2"_s.arg(Format::percent(p.min), Format::percent(p.max)));
            return;
        }
    }
    advance(StepMachine::Trigger::Done);
}

void RefinementRun::enterFinish()
{
    emit stepChanged(u"finish"_s);
    m_run.status = RunStatus::Completed;
    auto next = [this] { exportPromptSet([this] { afterFinish(); }); };
    if (!m_services.memory || m_run.iterations.isEmpty() || m_checkpoint.learningsExtracted) {
        next();
        return;
    }
    m_services.memory->extract(m_run, [this, next](const RunMemory::Extracted &e) {
        QMetaObject::invokeMethod(this, [this, next, e] {
            if (m_stepName != "finish"_L1)
                return;
            if (!e.error.isEmpty()) {
                emit warning(u"learnings were not extracted: "_s + e.error);
            } else {
                m_checkpoint.learningsExtracted = true; // a resume must not corroborate them again
                emit memoryExtracted(e.learningCount);
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
    if (!m_services.promptSets) {
        emit warning(u"a prompt set was requested but no Red Team client is configured"_s);
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
    const QList<TestCase> tests = best->testCases;
    if (!m_checkpoint.promptSetId.isEmpty()) { // created before a pause: go on filling it
        addPromptSetPrompts(tests, name, std::move(then));
        return;
    }
    m_services.promptSets->createPromptSet(name, description, this, [this, tests, name, then](const AirsResult<PromptSetInfo> &set) {
        if (m_finished)
            return; // paused or cancelled meanwhile
        if (!set.ok()) {
            // A set this run created before a pause is found by name and description and
            // reused (PromptSetClient); a 409 here is someone else's set of that name.
            emit warning(u"the prompt set was not created: "_s + set.error.toString()
                         + (set.error.httpStatus == 409 ? u" (choose another name with --prompt-set-name)"_s : QString()));
            then();
            return;
        }
        m_checkpoint.promptSetId = set.value.id;
        m_checkpoint.promptSetPrompts = 0;
        addPromptSetPrompts(tests, name, then);
    });
}

void RefinementRun::addPromptSetPrompts(const QList<TestCase> &tests, const QString &name,
                                        std::function<void()> then)
{
    const int index = m_checkpoint.promptSetPrompts;
    if (index >= tests.size()) {
        emit promptSetCreated(m_checkpoint.promptSetId, name, int(tests.size()));
        then();
        return;
    }
    const TestCase &t = tests.at(index);
    const QString goal = t.expectedTriggered ? u"Should trigger topic guardrail"_s
                                             : u"Should NOT trigger topic guardrail"_s;
    m_services.promptSets->addPrompt(
        m_checkpoint.promptSetId, t.prompt, goal, this,
        [this, tests, name, then = std::move(then)](const AirsResult<QString> &r) {
            // Paused or cancelled meanwhile. (A prompt AIRS took just then is not counted,
            // so a resume may add it once more.)
            if (m_finished)
                return;
            if (!r.ok()) {
                emit warning(u"the prompt set is incomplete: "_s + r.error.toString());
                then();
                return;
            }
            ++m_checkpoint.promptSetPrompts;
            addPromptSetPrompts(tests, name, then);
        });
}

void RefinementRun::afterFinish()
{
    if (m_finished)
        return; // paused or cancelled while finishing: that state is already saved
    recordEnd(u"loop:complete"_s);
    if (!saveCheckpoint())
        return;
    const IterationResult *best = m_run.bestResult();
    emit loopComplete(best ? *best : IterationResult{}, m_run);
    advance(StepMachine::Trigger::Done);
}
