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
    // After the record, or (duplicate path) after the generate that found the duplicate.
    m_chainPiece = m_schedule.begin(u"recover"_s, m_iteration, {m_chainPiece, m_pieces.generate});
    if (m_duplicateOf > 0) {
        // §2.6: nothing is deployed, scanned or recorded; the duplicate counts as a regression.
        emit topicDuplicate(m_topic, m_duplicateOf);
        ++m_run.consecutiveRegressions;
        // Not recorded, so its calls stay in the run's total only (work outside iterations).
        m_checkpoint.iterationUsage = {};
        m_inIteration = false;
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
    // The decision and the recovery go into the file in one save, with the stop it leads to:
    // a kill just after it can neither lose the stop nor run the recovery twice.
    QString stop;
    if (LoopPolicy::shouldStopEarly(m_run)) {
        stop = u"stopped after %1 consecutive regressions"_s.arg(m_run.consecutiveRegressions);
    } else if (m_duplicateOf == 0) {
        const LoopPolicy::Plateau p = LoopPolicy::checkPlateau(m_run);
        if (p.reached) {
            emit loopPlateau(p.min, p.max, m_run.bestCoverage);
            stop = u"coverage plateaued between %1 and %2"_s.arg(Format::percent(p.min), Format::percent(p.max));
        }
    }
    m_checkpoint.decisionPending = false;
    m_schedule.end(m_chainPiece);
    if (!stop.isEmpty()) {
        m_run.stopReason = stop;
        m_checkpoint.finishReason = stop;
    }
    if (!saveCheckpoint())
        return;
    if (!stop.isEmpty()) {
        advance(StepMachine::Trigger::Finish);
        return;
    }
    advance(StepMachine::Trigger::Done);
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
    if (m_services.memory->extractsWithLlm() && !withinBudget(RunBudget::estimateUnknownPrompt(m_run.usage)))
        return; // paused: a resume (with a higher budget) comes back to finishing
    m_services.memory->extract(m_run, [this, next](const RunMemory::Extracted &e) {
        QMetaObject::invokeMethod(this, [this, next, e] {
            if (m_stepName != "finish"_L1)
                return;
            addUsage(callUsage(e.usage, e.llmCalls)); // outside any iteration: the run's total only
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
    PromptSetExport job{name, best->testCases, std::move(then), 0};
    if (!m_checkpoint.promptSetId.isEmpty()) { // created before a pause or a crash: go on filling it
        fillPromptSet(std::move(job));
        return;
    }
    m_services.promptSets->createPromptSet(name, description, this, [this, job](const AirsResult<PromptSetInfo> &set) {
        if (m_finished)
            return; // paused or cancelled meanwhile
        if (!set.ok()) {
            if (set.error.kind == AirsError::Kind::Conflict) {
                // Someone else's set of that name (a set this run created is found by name
                // and description and reused: PromptSetClient). Nothing of ours to finish.
                emit warning(u"the prompt set was not created: "_s + set.error.toString()
                             + u" (choose another name with --prompt-set-name)"_s);
                return job.then();
            }
            emit warning(u"the prompt set was not created: "_s + set.error.toString());
            return pauseWith(u"paused: the prompt set \"%1\" was not created; resume the run to try again"_s.arg(job.name));
        }
        m_checkpoint.promptSetId = set.value.id;
        m_checkpoint.promptSetPrompts = 0;
        if (!saveCheckpoint()) // a resume fills this set, never a second one
            return;
        fillPromptSet(job);
    });
}

void RefinementRun::fillPromptSet(PromptSetExport job)
{
    // What the set holds is read back first, so a prompt AIRS took just before a crash, a pause
    // or a cut answer is not added twice.
    m_services.promptSets->listPrompts(m_checkpoint.promptSetId, this, [this, job](const AirsResult<QStringList> &listed) mutable {
        if (m_finished)
            return;
        if (!listed.ok()) {
            emit warning(u"the prompt set cannot be read back: "_s + listed.error.toString());
            return pausePromptSet(job, int(listed.value.size()));
        }
        QHash<QString, int> present;
        for (const QString &p : listed.value)
            ++present[p];
        QList<TestCase> missing;
        for (const TestCase &t : std::as_const(job.tests)) {
            if (present.value(t.prompt) > 0)
                --present[t.prompt];
            else
                missing.append(t);
        }
        m_checkpoint.promptSetPrompts = int(job.tests.size() - missing.size());
        addPromptSetPrompts(std::move(job), std::move(missing));
    });
}

void RefinementRun::addPromptSetPrompts(PromptSetExport job, QList<TestCase> missing)
{
    if (missing.isEmpty()) {
        emit promptSetCreated(m_checkpoint.promptSetId, job.name, int(job.tests.size()));
        job.then();
        return;
    }
    const TestCase t = missing.takeFirst();
    const QString goal = t.expectedTriggered ? u"Should trigger topic guardrail"_s
                                             : u"Should NOT trigger topic guardrail"_s;
    m_services.promptSets->addPrompt(
        m_checkpoint.promptSetId, t.prompt, goal, this,
        [this, job = std::move(job), missing = std::move(missing)](const AirsResult<QString> &r) mutable {
            if (m_finished)
                return; // paused or cancelled meanwhile: a resume reads the set back
            if (r.ok()) {
                ++m_checkpoint.promptSetPrompts;
                job.readBacks = 0;
                return addPromptSetPrompts(std::move(job), std::move(missing));
            }
            // Perhaps taken, perhaps not: read the set back and go on from what it holds.
            if (r.error.leavesOutcomeOpen() && ++job.readBacks <= MaxPromptSetReadBacks)
                return fillPromptSet(std::move(job));
            emit warning(u"the prompt set is incomplete: "_s + r.error.toString());
            pausePromptSet(job, m_checkpoint.promptSetPrompts);
        });
}

void RefinementRun::pausePromptSet(const PromptSetExport &job, int held)
{
    pauseWith(u"paused: the prompt set \"%1\" is incomplete (%2 of %3 prompts); resume the run to finish it"_s
                  .arg(job.name)
                  .arg(held)
                  .arg(job.tests.size()));
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
    advance(StepMachine::Trigger::Done);
}
