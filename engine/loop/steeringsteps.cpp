// SteeringSteps: the review step of step mode, decisions, label corrections, added prompts and
// kept examples.
#include "steeringsteps.h"

#include "domain/topiclimits.h"
#include "loopevents.h"
#include "looplog.h"
#include "measuresteps.h"
#include "runmemory.h"
#include "steeringedits.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

SteeringSteps::SteeringSteps(RunContext &ctx, MeasureSteps *measure, QObject *parent)
    : QObject(parent)
    , m_ctx(ctx)
    , m_measure(measure)
{
}

void SteeringSteps::steer(const SteeringRequest &request)
{
    QMetaObject::invokeMethod(this, [this, request] {
        switch (request.kind) {
        case SteeringRequest::Kind::StepMode:
            return handleStepMode(request.on);
        case SteeringRequest::Kind::Decision:
            return handleDecision(request.decision);
        case SteeringRequest::Kind::LabelCorrection:
            return handleCorrection(request.prompt, request.undo, request.wrong, request.response);
        case SteeringRequest::Kind::AddPrompts:
            return handleAddedPrompts(request.tests, request.target);
        case SteeringRequest::Kind::KeptExamples:
            return handleKeptExamples(request.examples);
        }
    }, Qt::QueuedConnection);
}

void SteeringSteps::handleStepMode(bool on)
{
    m_ctx.run.steering.stepMode = on;
    emit m_ctx.events.stepModeChanged(on);
    if (!on && m_ctx.inState("review") && m_ctx.run.steering.pending) {
        handleDecision({}); // auto from here: the waiting proposal is accepted as it is
        return;
    }
    if (m_ctx.running())
        m_ctx.save();
}

void SteeringSteps::handleKeptExamples(const QStringList &examples)
{
    QStringList kept;
    for (const QString &e : examples) {
        if (!e.trimmed().isEmpty() && !kept.contains(e.trimmed()))
            kept.append(e.trimmed());
    }
    RunSteering &s = m_ctx.run.steering;
    s.keptExamples = kept;
    emit m_ctx.events.keptExamplesChanged(kept);
    if (m_ctx.inState("review") && s.pending) {
        // The waiting proposal keeps them at once.
        s.pending->notes += SteeringEdits::keepExamples(s.pending->proposal, kept);
        m_ctx.it.topic = s.pending->proposal;
        emit m_ctx.events.proposalReady(*s.pending);
    }
    if (m_ctx.running())
        m_ctx.save();
}

void SteeringSteps::enterReview()
{
    m_ctx.schedule.end(m_ctx.it.pieces.generate); // the topic exists (a person's review is not generation)
    if (!m_ctx.it.proposal) { // the checkpoint's topic, tested as it is: nothing new to review
        m_ctx.submit(ChartEvent::StepDone);
        return;
    }
    RunSteering &s = m_ctx.run.steering;
    const bool resumed = s.pending && s.pending->iteration == m_ctx.it.number;
    if (!resumed) {
        QStringList unfit;
        const QStringList notes = SteeringEdits::keepExamples(m_ctx.it.topic, s.keptExamples, &unfit);
        for (const QString &note : unfit)
            emit m_ctx.events.warning(note);
        if (!s.stepMode) {
            m_ctx.submit(ChartEvent::StepDone);
            return;
        }
        PendingProposal p;
        p.kind = *m_ctx.it.proposal;
        p.iteration = m_ctx.it.number;
        p.proposal = m_ctx.it.topic;
        p.notes = notes;
        if (p.kind == ProposalKind::Improve)
            p.current = m_ctx.checkpoint.currentTopic;
        else if (p.kind == ProposalKind::Simplify && m_ctx.run.lastRecorded())
            p.current = m_ctx.run.lastRecorded()->topic;
        s.pending = p;
        if (!m_ctx.save()) // a restart comes back to this decision
            return;
    } else if (!s.stepMode) {
        handleDecision({});
        return;
    }
    emit m_ctx.events.stepChanged(u"review"_s);
    emit m_ctx.events.proposalReady(*s.pending);
}

void SteeringSteps::handleDecision(const ProposalDecision &decision)
{
    RunSteering &s = m_ctx.run.steering;
    if (!m_ctx.inState("review") || !s.pending) {
        emit m_ctx.events.warning(u"no proposal is waiting for a decision"_s);
        return;
    }
    const PendingProposal p = *s.pending;
    if (decision.action == ProposalDecision::Action::Retry) {
        s.hint = decision.hint.trimmed();
        if (!s.hint.isEmpty())
            s.hints.append(s.hint);
        s.pending.reset();
        m_ctx.it.rejected = p.proposal;
        if (p.kind == ProposalKind::Simplify)
            m_ctx.checkpoint.deployAsIs = false; // another proposal: improve the simplified topic
        if (!m_ctx.save())
            return;
        qCInfo(lcLoop).noquote() << "run" << m_ctx.run.id << ": another proposal asked for"
                                 << (s.hint.isEmpty() ? u"(no hint)"_s : s.hint);
        emit m_ctx.events.decisionMade(decision, {});
        m_ctx.submit(ChartEvent::ProposalRetry);
        return;
    }
    Topic accepted = decision.edited.value_or(p.proposal);
    accepted.name = p.proposal.name; // the name is locked
    if (const QList<TopicLimits::Violation> v = TopicLimits::validate(accepted); !v.isEmpty()) {
        emit m_ctx.events.warning(u"the edited topic cannot be deployed: "_s + TopicLimits::describe(v));
        return;
    }
    m_ctx.it.topic = accepted;
    s.pending.reset();
    if (!m_ctx.save())
        return;
    emit m_ctx.events.decisionMade(decision, accepted);
    m_ctx.submit(ChartEvent::StepDone);
}

void SteeringSteps::handleCorrection(const QString &prompt, bool undo, std::optional<bool> wrong,
                                     const QString &response)
{
    // The suite being scanned is found in the checkpoint as well as in recorded iterations.
    m_ctx.run.checkpoint = m_ctx.checkpoint;
    bool label = false;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QString error = undo ? SteeringEdits::undoCorrection(m_ctx.run, prompt, &label, response)
                               : SteeringEdits::correctLabel(m_ctx.run, prompt, now, &label, wrong, response);
    if (!error.isEmpty()) {
        emit m_ctx.events.warning(error);
        return;
    }
    m_ctx.checkpoint = *m_ctx.run.checkpoint;
    if (!response.trimmed().isEmpty()) { // a response test's label (issue 56)
        if (m_ctx.it.evaluated && m_ctx.it.responseScore)
            SteeringEdits::relabelResponse(*m_ctx.it.responseScore, prompt, response, label);
        if (m_ctx.running() && !m_ctx.save())
            return;
        emit m_ctx.events.labelCorrected({prompt, label, now, response.trimmed()}, undo, m_ctx.run);
        return;
    }
    SteeringEdits::relabel(m_ctx.it.suite, prompt, label);
    SteeringEdits::relabel(m_ctx.it.generated, prompt, label);
    SteeringEdits::relabel(m_ctx.it.results, prompt, label);
    if (m_ctx.it.evaluated) {
        // Evaluated but not yet recorded (the analysis is being asked for): the figures are
        // computed again, so the record, and the decisions on it, agree with its rows.
        m_ctx.it.metrics = EfficacyMetrics::compute(m_ctx.it.results);
        if (m_ctx.it.benchmarkScore)
            SteeringEdits::relabel(*m_ctx.it.benchmarkScore, prompt, label);
        SteeringEdits::relabelRewrites(m_ctx.it.robustnessResults, m_ctx.run.benchmarkSet, prompt, label);
    }
    m_measure->invalidateAnalysis(); // asked early with the old label: asked again
    if (m_ctx.running() && !m_ctx.save())
        return;
    if (m_ctx.services.memory)
        m_ctx.services.memory->logLabelCorrection(m_ctx.run, prompt, label, undo);
    emit m_ctx.events.labelCorrected({prompt, label, now}, undo, m_ctx.run);
}

void SteeringSteps::handleAddedPrompts(const QList<TestCase> &tests, PromptTarget target)
{
    const SteeringEdits::Added added = SteeringEdits::addPrompts(m_ctx.run, tests, target);
    if (!added.error.isEmpty()) {
        emit m_ctx.events.warning(u"prompts not added: "_s + added.error);
        return;
    }
    if (m_ctx.running() && !m_ctx.save())
        return;
    const RunSteering &s = m_ctx.run.steering;
    emit m_ctx.events.promptsAdded(added.added, added.duplicates, target,
                      s.benchmarkVersion() + (s.pendingBenchmark.isEmpty() ? 0 : 1));
}
