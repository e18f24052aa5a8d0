#include "runsession.h"

#include "eventlogtext.h"
#include "loop/looppolicy.h"
#include "loop/loopevents.h"

#include <utility>

using namespace Qt::StringLiterals;

RunSession::RunSession(QObject *parent)
    : QObject(parent)
{
    // A zero interval: the timer fires when the event loop has nothing else to do.
    m_freeRetired.setSingleShot(true);
    m_freeRetired.setInterval(0);
    connect(&m_freeRetired, &QTimer::timeout, this, [this] { m_retired = RunState{}; });
}

void RunSession::clear()
{
    forget();
    setLive(false);
    emit reset();
}

void RunSession::forget()
{
    // A long run's document holds thousands of results: freeing it cost a click on Run a few
    // milliseconds of its frame, and in the next pass it added them to the Live page's. It is
    // freed when the event loop is idle instead.
    m_retired = std::exchange(m_run, RunState{});
    m_freeRetired.start();
    m_step.clear();
    m_currentIteration = m_scanCompleted = m_scanTotal = 0;
    m_topic = Topic{};
    m_markers.clear();
    m_log.clear();
    m_logIteration = 0;
    m_error.clear();
    m_iterationUsage = RunUsage();
}

void RunSession::open(const RunState &run)
{
    // One reset, with the new run in place: the views rebuild once.
    forget();
    setLive(false);
    m_run = run;
    m_currentIteration = run.currentIteration;
    if (const IterationResult *last = run.lastRecorded())
        m_topic = last->topic;
    replayLog();
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

void RunSession::takeEntry(const QJsonObject &entry, bool live)
{
    const QString type = entry.value(u"type"_s).toString();
    if (type == "iteration:start"_L1)
        m_logIteration = entry.value(u"iteration"_s).toInt();
    const QString line = EventLogText::line(entry);
    if (!line.isEmpty()) {
        m_log.append(line);
        if (live)
            emit logged(line);
    }
    std::optional<RunMarker::Kind> kind;
    if (type == "topic:duplicate"_L1)
        kind = RunMarker::Kind::Duplicate;
    else if (type == "topic:reverted"_L1)
        kind = RunMarker::Kind::Revert;
    else if (type == "topic:simplified"_L1)
        kind = RunMarker::Kind::Simplify;
    if (!kind)
        return;
    const RunMarker marker{*kind, m_logIteration, EventLogText::text(entry)};
    m_markers.append(marker);
    if (live)
        emit markerAdded(marker);
}

void RunSession::replayLog()
{
    m_log.clear();
    m_markers.clear();
    m_logIteration = 0;
    for (const QJsonObject &entry : std::as_const(m_run.eventLog))
        takeEntry(entry, false);
}

void RunSession::attach(LoopEvents *c, const RunState &initial)
{
    forget();
    m_run = initial;
    m_currentIteration = initial.currentIteration;
    // A resumed run shows the topic it goes on from, not "No topic yet" (issue 40).
    if (initial.checkpoint && initial.checkpoint->currentTopic)
        m_topic = *initial.checkpoint->currentTopic;
    else if (const IterationResult *last = initial.lastRecorded())
        m_topic = last->topic;
    replayLog(); // a resumed run: what happened before, then what happens now
    setLive(true);
    emit reset();
    emit runUpdated();
    // The log and the chart's markers come from the entries the engine records; the signals
    // below keep the document (iterations, topic, steering) up to date.
    connect(c, &LoopEvents::eventRecorded, this, [this](const QJsonObject &entry) {
        m_run.appendEvent(entry);
        takeEntry(entry, true);
    });
    connect(c, &LoopEvents::iterationStarted, this, [this](int i) {
        m_currentIteration = i;
        m_run.currentIteration = i;
        m_scanCompleted = m_scanTotal = 0;
        emit iterationStarted(i);
    });
    connect(c, &LoopEvents::stepChanged, this, [this](const QString &s) {
        m_step = s;
        emit stepChanged(s);
    });
    connect(c, &LoopEvents::generateComplete, this, [this](const Topic &t) {
        m_topic = t;
        emit topicChanged(t);
    });
    connect(c, &LoopEvents::companionCreated, this, [this](const QString &, const Topic &t) { m_run.companionTopic = t; });
    connect(c, &LoopEvents::testScanned, this, [this](int index, const TestResult &r) { emit resultScanned(index, r); });
    connect(c, &LoopEvents::testProgress, this, [this](int done, int total) {
        m_scanCompleted = done;
        m_scanTotal = total;
        emit scanProgress(done, total);
    });
    connect(c, &LoopEvents::usageChanged, this, [this](const RunUsage &run, const RunUsage &iteration) {
        m_run.usage = run;
        m_iterationUsage = iteration;
        emit usageChanged();
    });
    connect(c, &LoopEvents::iterationComplete, this, [this](const IterationResult &r) {
        m_run.iterations.append(r);
        LoopPolicy::updateBest(m_run, r); // as the engine decides: on the benchmark when there is one
        emit iterationAdded(r);
        emit runUpdated();
    });
    connect(c, &LoopEvents::proposalReady, this, [this](const PendingProposal &p) {
        m_run.steering.pending = p;
        emit proposalReady(p);
    });
    connect(c, &LoopEvents::decisionMade, this, [this](const ProposalDecision &d, const Topic &) {
        m_run.steering.pending.reset();
        if (d.action == ProposalDecision::Action::Retry && !d.hint.trimmed().isEmpty())
            m_run.steering.hints.append(d.hint.trimmed());
        emit proposalDecided();
    });
    connect(c, &LoopEvents::stepModeChanged, this, [this](bool on) {
        m_run.steering.stepMode = on;
        emit stepModeChanged(on);
    });
    connect(c, &LoopEvents::keptExamplesChanged, this, [this](const QStringList &examples) {
        m_run.steering.keptExamples = examples;
        emit keptExamplesChanged(examples);
    });
    connect(c, &LoopEvents::labelCorrected, this, [this](const LabelCorrection &l, bool undone, const RunState &run) {
        // The engine's state, with every figure recomputed; what is live here stays.
        const RunStatus status = m_run.status;
        m_run = run;
        m_run.status = status;
        if (l.response.isEmpty()) // a response test's label is not a row of the results table
            emit labelCorrected(l.prompt, l.expectedTriggered, undone);
        emit runUpdated();
    });
    auto stored = [this](const RunState &s) {
        m_run = s; // its event log holds every entry this session has shown
        m_iterationUsage = RunUsage();
        setLive(false);
        emit usageChanged();
        emit runUpdated();
    };
    connect(c, &LoopEvents::loopComplete, this, [stored](const IterationResult &, const RunState &s) { stored(s); });
    connect(c, &LoopEvents::loopPaused, this, stored);
    connect(c, &LoopEvents::loopCancelled, this, stored);
    connect(c, &LoopEvents::loopFailed, this, [this](const QString &e) {
        m_error = e;
        m_run.status = RunStatus::Failed;
        m_run.stopReason = e;
        setLive(false);
        emit failed(e);
        emit runUpdated();
    });
}
