// RefinementRun and the person steering it: the review step of step mode, decisions, label
// corrections, added prompts and kept examples.
#include "refinementrun.h"

#include "domain/topiclimits.h"
#include "looplog.h"
#include "runmemory.h"
#include "steeringedits.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

void RefinementRun::setStepMode(bool on)
{
    QMetaObject::invokeMethod(
        this,
        [this, on] {
            m_run.steering.stepMode = on;
            emit stepModeChanged(on);
            if (!on && inState("review") && m_run.steering.pending) {
                handleDecision({}); // auto from here: the waiting proposal is accepted as it is
                return;
            }
            if (running())
                saveCheckpoint();
        },
        Qt::QueuedConnection);
}

void RefinementRun::decide(const ProposalDecision &decision)
{
    QMetaObject::invokeMethod(
        this, [this, decision] { handleDecision(decision); }, Qt::QueuedConnection);
}

void RefinementRun::correctLabel(const QString &prompt, bool undo, std::optional<bool> wrong, const QString &response)
{
    QMetaObject::invokeMethod(
        this, [this, prompt, undo, wrong, response] { handleCorrection(prompt, undo, wrong, response); },
        Qt::QueuedConnection);
}

void RefinementRun::addPrompts(const QList<TestCase> &tests, PromptTarget target)
{
    QMetaObject::invokeMethod(
        this, [this, tests, target] { handleAddedPrompts(tests, target); }, Qt::QueuedConnection);
}

void RefinementRun::setKeptExamples(const QStringList &examples)
{
    QMetaObject::invokeMethod(
        this,
        [this, examples] {
            QStringList kept;
            for (const QString &e : examples) {
                if (!e.trimmed().isEmpty() && !kept.contains(e.trimmed()))
                    kept.append(e.trimmed());
            }
            RunSteering &s = m_run.steering;
            s.keptExamples = kept;
            emit keptExamplesChanged(kept);
            if (inState("review") && s.pending) {
                // The waiting proposal keeps them at once.
                s.pending->notes += SteeringEdits::keepExamples(s.pending->proposal, kept);
                m_it.topic = s.pending->proposal;
                emit proposalReady(*s.pending);
            }
            if (running())
                saveCheckpoint();
        },
        Qt::QueuedConnection);
}

PromptBook::Guidance RefinementRun::takeGuidance()
{
    return {m_run.steering.hint, m_it.rejected, m_run.steering.keptExamples};
}

void RefinementRun::proposed(ProposalKind kind)
{
    // The hint has reached the LLM: it is spent (it stays in the run's list of hints).
    m_it.proposal = kind;
    m_run.steering.hint.clear();
    m_it.rejected.reset();
    submit(u"step.done"_s);
}

void RefinementRun::enterReview()
{
    m_schedule.end(m_it.pieces.generate); // the topic exists (a person's review is not generation)
    if (!m_it.proposal) { // the checkpoint's topic, tested as it is: nothing new to review
        submit(u"step.done"_s);
        return;
    }
    RunSteering &s = m_run.steering;
    const bool resumed = s.pending && s.pending->iteration == m_it.number;
    if (!resumed) {
        QStringList unfit;
        const QStringList notes = SteeringEdits::keepExamples(m_it.topic, s.keptExamples, &unfit);
        for (const QString &note : unfit)
            emit warning(note);
        if (!s.stepMode) {
            submit(u"step.done"_s);
            return;
        }
        PendingProposal p;
        p.kind = *m_it.proposal;
        p.iteration = m_it.number;
        p.proposal = m_it.topic;
        p.notes = notes;
        if (p.kind == ProposalKind::Improve)
            p.current = m_checkpoint.currentTopic;
        else if (p.kind == ProposalKind::Simplify && m_run.lastRecorded())
            p.current = m_run.lastRecorded()->topic;
        s.pending = p;
        if (!saveCheckpoint()) // a restart comes back to this decision
            return;
    } else if (!s.stepMode) {
        handleDecision({});
        return;
    }
    emit stepChanged(u"review"_s);
    emit proposalReady(*s.pending);
}

void RefinementRun::handleDecision(const ProposalDecision &decision)
{
    RunSteering &s = m_run.steering;
    if (!inState("review") || !s.pending) {
        emit warning(u"no proposal is waiting for a decision"_s);
        return;
    }
    const PendingProposal p = *s.pending;
    if (decision.action == ProposalDecision::Action::Retry) {
        s.hint = decision.hint.trimmed();
        if (!s.hint.isEmpty())
            s.hints.append(s.hint);
        s.pending.reset();
        m_it.rejected = p.proposal;
        if (p.kind == ProposalKind::Simplify)
            m_checkpoint.deployAsIs = false; // another proposal: improve the simplified topic
        if (!saveCheckpoint())
            return;
        qCInfo(lcLoop).noquote() << "run" << m_run.id << ": another proposal asked for"
                                 << (s.hint.isEmpty() ? u"(no hint)"_s : s.hint);
        emit decisionMade(decision, {});
        submit(u"proposal.retry"_s);
        return;
    }
    Topic accepted = decision.edited.value_or(p.proposal);
    accepted.name = p.proposal.name; // the name is locked
    if (const QList<TopicLimits::Violation> v = TopicLimits::validate(accepted); !v.isEmpty()) {
        emit warning(u"the edited topic cannot be deployed: "_s + TopicLimits::describe(v));
        return;
    }
    m_it.topic = accepted;
    s.pending.reset();
    if (!saveCheckpoint())
        return;
    emit decisionMade(decision, accepted);
    submit(u"step.done"_s);
}

void RefinementRun::handleCorrection(const QString &prompt, bool undo, std::optional<bool> wrong,
                                     const QString &response)
{
    // The suite being scanned is found in the checkpoint as well as in recorded iterations.
    m_run.checkpoint = m_checkpoint;
    bool label = false;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QString error = undo ? SteeringEdits::undoCorrection(m_run, prompt, &label, response)
                               : SteeringEdits::correctLabel(m_run, prompt, now, &label, wrong, response);
    if (!error.isEmpty()) {
        emit warning(error);
        return;
    }
    m_checkpoint = *m_run.checkpoint;
    if (!response.trimmed().isEmpty()) { // a response test's label (issue 56)
        if (m_it.evaluated && m_it.responseScore)
            SteeringEdits::relabelResponse(*m_it.responseScore, prompt, response, label);
        if (running() && !saveCheckpoint())
            return;
        emit labelCorrected({prompt, label, now, response.trimmed()}, undo, m_run);
        return;
    }
    SteeringEdits::relabel(m_it.suite, prompt, label);
    SteeringEdits::relabel(m_it.generated, prompt, label);
    SteeringEdits::relabel(m_it.results, prompt, label);
    if (m_it.evaluated) {
        // Evaluated but not yet recorded (the analysis is being asked for): the figures are
        // computed again, so the record, and the decisions on it, agree with its rows.
        m_it.metrics = EfficacyMetrics::compute(m_it.results);
        if (m_it.benchmarkScore)
            SteeringEdits::relabel(*m_it.benchmarkScore, prompt, label);
        SteeringEdits::relabelRewrites(m_it.robustnessResults, m_run.benchmarkSet, prompt, label);
    }
    if (m_it.analysisAsked && !inState("analyze")) {
        // Asked early, with the old label: the analyze step asks again (the answer of the
        // stale call is dropped when it comes).
        ++m_analysisRound;
        m_it.analysisAsked = false;
        m_it.earlyAnalysis.reset();
    }
    if (running() && !saveCheckpoint())
        return;
    if (m_services.memory)
        m_services.memory->logLabelCorrection(m_run, prompt, label, undo);
    emit labelCorrected({prompt, label, now}, undo, m_run);
}

void RefinementRun::handleAddedPrompts(const QList<TestCase> &tests, PromptTarget target)
{
    const SteeringEdits::Added added = SteeringEdits::addPrompts(m_run, tests, target);
    if (!added.error.isEmpty()) {
        emit warning(u"prompts not added: "_s + added.error);
        return;
    }
    if (running() && !saveCheckpoint())
        return;
    const RunSteering &s = m_run.steering;
    emit promptsAdded(added.added, added.duplicates, target,
                      s.benchmarkVersion() + (s.pendingBenchmark.isEmpty() ? 0 : 1));
}
