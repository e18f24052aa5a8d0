#include "runsession.h"

#include "domain/format.h"
#include "loop/looppolicy.h"
#include "runcontroller.h"

#include <QTime>

RunSession::RunSession(QObject *parent)
    : QObject(parent)
{
}

void RunSession::clear()
{
    m_run = RunState{};
    m_step.clear();
    m_currentIteration = m_scanCompleted = m_scanTotal = 0;
    m_topic = Topic{};
    m_markers.clear();
    m_log.clear();
    m_error.clear();
    setLive(false);
    emit reset();
}

void RunSession::open(const RunState &run)
{
    clear();
    m_run = run;
    m_currentIteration = run.currentIteration;
    if (const IterationResult *last = run.lastRecorded())
        m_topic = last->topic;
    emit reset();
    emit runUpdated();
}

void RunSession::replaceStored(const RunState &run)
{
    m_run = run;
    emit runUpdated();
}

void RunSession::setLive(bool live)
{
    if (m_live == live)
        return;
    m_live = live;
    emit liveChanged(live);
}

void RunSession::appendLog(const QString &line)
{
    const QString stamped = QTime::currentTime().toString(QStringLiteral("HH:mm:ss")) + QStringLiteral("  ") + line;
    m_log.append(stamped);
    emit logged(stamped);
}

void RunSession::attach(RunController *c, const RunState &initial)
{
    clear();
    m_run = initial;
    m_currentIteration = initial.currentIteration;
    setLive(true);
    emit reset();
    emit runUpdated();
    connect(c, &RunController::memoryLoaded, this, [this](int n) {
        appendLog(n > 0 ? tr("Memory: %n learning(s) loaded", nullptr, n) : tr("Memory: no previous learnings"));
    });
    connect(c, &RunController::iterationStarted, this, [this](int i) {
        m_currentIteration = i;
        m_run.currentIteration = i;
        m_scanCompleted = m_scanTotal = 0;
        appendLog(tr("Iteration %1 started").arg(i));
        emit iterationStarted(i);
    });
    connect(c, &RunController::stepChanged, this, [this](const QString &s) {
        m_step = s;
        emit stepChanged(s);
    });
    connect(c, &RunController::generateComplete, this, [this](const Topic &t) {
        m_topic = t;
        appendLog(tr("Topic: %1").arg(t.description));
        emit topicChanged(t);
    });
    connect(c, &RunController::companionCreated, this, [this](const QString &, const Topic &t) {
        m_run.companionTopic = t;
        appendLog(tr("Companion allow topic: %1").arg(t.name));
    });
    connect(c, &RunController::applyComplete, this, [this](const QString &id) { appendLog(tr("Deployed to AIRS (topic %1)").arg(id)); });
    connect(c, &RunController::testsComposed, this, [this](int g, int cf, int r, int total) {
        // The parts are counted before repeated prompts are dropped (and a cap applied).
        const int dropped = g + cf + r - total;
        if (dropped > 0)
            appendLog(tr("Tests: %1 new, %2 carried failures, %3 regression checks; %4 repeated or over the cap dropped, %5 in all")
                          .arg(g).arg(cf).arg(r).arg(dropped).arg(total));
        else
            appendLog(tr("Tests: %1 new, %2 carried failures, %3 regression checks, %4 in all").arg(g).arg(cf).arg(r).arg(total));
    });
    connect(c, &RunController::testScanned, this, [this](int index, const TestResult &r) { emit resultScanned(index, r); });
    connect(c, &RunController::testProgress, this, [this](int done, int total) {
        m_scanCompleted = done;
        m_scanTotal = total;
        emit scanProgress(done, total);
    });
    connect(c, &RunController::analyzeComplete, this, [this](const AnalysisReport &a) { appendLog(tr("Analysis: %1").arg(a.summary)); });
    connect(c, &RunController::iterationComplete, this, [this](const IterationResult &r) {
        m_run.iterations.append(r);
        LoopPolicy::updateBest(m_run, r); // as the engine decides: on the benchmark when there is one
        appendLog(tr("Iteration %1: coverage %2 (TPR %3, TNR %4)")
                      .arg(r.iteration)
                      .arg(Format::percent(r.metrics.coverage), Format::percent(r.metrics.truePositiveRate),
                           Format::percent(r.metrics.trueNegativeRate)));
        emit iterationAdded(r);
        emit runUpdated();
    });
    auto marker = [this](RunMarker::Kind kind, const QString &text) {
        const RunMarker m{kind, m_currentIteration, text};
        m_markers.append(m);
        appendLog(text);
        emit markerAdded(m);
    };
    connect(c, &RunController::topicDuplicate, this, [marker](const Topic &, int of) {
        marker(RunMarker::Kind::Duplicate, tr("Duplicate of iteration %1: skipped").arg(of));
    });
    connect(c, &RunController::topicReverted, this, [marker](const Topic &, int to) {
        marker(RunMarker::Kind::Revert, tr("Reverted to the best topic (iteration %1)").arg(to));
    });
    connect(c, &RunController::topicSimplified, this, [marker](const Topic &) {
        marker(RunMarker::Kind::Simplify, tr("Simplified the best topic"));
    });
    connect(c, &RunController::loopPlateau, this, [this](double lo, double hi, double) {
        appendLog(tr("Coverage plateaued between %1 and %2").arg(Format::percent(lo), Format::percent(hi)));
    });
    connect(c, &RunController::memoryExtracted, this, [this](int n) { appendLog(tr("Memory: %n learning(s) extracted", nullptr, n)); });
    connect(c, &RunController::promptSetCreated, this, [this](const QString &, const QString &name, int n) {
        appendLog(tr("Prompt set \"%1\" created with %2 prompts").arg(name, QString::number(n)));
    });
    connect(c, &RunController::warning, this, [this](const QString &w) { appendLog(tr("Warning: %1").arg(w)); });
    connect(c, &RunController::proposalReady, this, [this](const PendingProposal &p) {
        m_run.steering.pending = p;
        appendLog(tr("Iteration %1: a proposal is waiting for your decision").arg(p.iteration));
        emit proposalReady(p);
    });
    connect(c, &RunController::decisionMade, this, [this](const ProposalDecision &d, const Topic &) {
        m_run.steering.pending.reset();
        if (d.action == ProposalDecision::Action::Retry && !d.hint.trimmed().isEmpty())
            m_run.steering.hints.append(d.hint.trimmed());
        if (d.action == ProposalDecision::Action::Retry)
            appendLog(d.hint.isEmpty() ? tr("Another proposal asked for") : tr("Another proposal asked for: %1").arg(d.hint));
        else
            appendLog(d.edited ? tr("Your edited topic was accepted") : tr("The proposal was accepted"));
        emit proposalDecided();
    });
    connect(c, &RunController::stepModeChanged, this, [this](bool on) {
        m_run.steering.stepMode = on;
        appendLog(on ? tr("Step mode: the run waits for you after each proposal") : tr("Auto mode: the run goes on by itself"));
        emit stepModeChanged(on);
    });
    connect(c, &RunController::keptExamplesChanged, this, [this](const QStringList &examples) {
        m_run.steering.keptExamples = examples;
        emit keptExamplesChanged(examples);
    });
    connect(c, &RunController::labelCorrected, this, [this](const LabelCorrection &l, bool undone, const RunState &run) {
        // The engine's state, with every figure recomputed; what is live here stays.
        const RunStatus status = m_run.status;
        m_run = run;
        m_run.status = status;
        appendLog(undone ? tr("Label restored: \"%1\"").arg(l.prompt)
                         : tr("Label corrected: \"%1\" %2").arg(l.prompt, l.expectedTriggered ? tr("should trigger") : tr("should not trigger")));
        emit labelCorrected(l.prompt, l.expectedTriggered, undone);
        emit runUpdated();
    });
    connect(c, &RunController::promptsAdded, this, [this](int added, int duplicates, PromptTarget target, int version) {
        const QString where = target == PromptTarget::Benchmark ? tr("the benchmark (version %1 from the next iteration)").arg(version)
                                                                : tr("the working suite (from the next iteration)");
        appendLog(duplicates > 0 ? tr("%n prompt(s) added to %1; %2 already in the run", nullptr, added).arg(where).arg(duplicates)
                                 : tr("%n prompt(s) added to %1", nullptr, added).arg(where));
    });
    auto stored = [this](const RunState &s, const QString &text) {
        m_run = s;
        appendLog(text);
        setLive(false);
        emit runUpdated();
    };
    connect(c, &RunController::loopComplete, this, [stored](const IterationResult &, const RunState &s) {
        stored(s, tr("Run completed: %1").arg(s.stopReason));
    });
    connect(c, &RunController::loopPaused, this, [stored](const RunState &s) { stored(s, tr("Run paused")); });
    connect(c, &RunController::loopCancelled, this, [stored](const RunState &s) { stored(s, tr("Run cancelled")); });
    connect(c, &RunController::loopFailed, this, [this](const QString &e) {
        m_error = e;
        m_run.status = RunStatus::Failed;
        m_run.stopReason = e;
        appendLog(tr("Run failed: %1").arg(e));
        setLive(false);
        emit failed(e);
        emit runUpdated();
    });
}
