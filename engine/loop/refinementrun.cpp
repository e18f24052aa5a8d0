#include "refinementrun.h"

#include "runmemory.h"

#include "airs/scanbatch.h"
#include "domain/lockfiles.h"
#include "llm/prompts/promptbook.h"
#include "llm/structuredcall.h"
#include "loopeventjson.h"
#include "looplog.h"
#include "runs/runstore.h"
#include "stepmachine.h"
#include "tenant/runworkspace.h"
#include "tenant/tenantcleaner.h"
#include "tenant/topicdeployer.h"

#include <QDir>
#include <QTimer>

using namespace Qt::StringLiterals;

RefinementRun::RefinementRun(RunServices services, RunState run, QObject *parent)
    : QObject(parent)
    , m_services(std::move(services))
    , m_run(std::move(run))
    , m_stepTimer(new QTimer(this))
    , m_deployer(new TopicDeployer(m_services.management, this))
    , m_cleaner(new TenantCleaner(m_services.management, this))
    , m_delay(new QTimer(this))
{
    m_workspace = new RunWorkspace(m_services.management, [this](const TenantFootprint &f) {
        m_run.tenant = f;
        return saveCheckpoint();
    }, this);
    m_stepTimer->setSingleShot(true);
    m_delay->setSingleShot(true);
    // Precise: a coarse timer may fire up to 5 % early, and a scan before the propagation
    // ends measures the topic AIRS had before.
    m_delay->setTimerType(Qt::PreciseTimer);
    if (m_run.checkpoint)
        m_checkpoint = *m_run.checkpoint;
    else
        m_checkpoint.nextIteration = 1;
    connect(m_stepTimer, &QTimer::timeout, this, [this] {
        fail(u"the %1 step did not finish within %2 s"_s.arg(m_stepName).arg(m_stepTimer->interval() / 1000));
    });
    recordEvents(); // first: the log has each entry before anyone else hears of the event
    buildMachine();
}

RefinementRun::~RefinementRun()
{
    abortInFlight();
}

void RefinementRun::buildMachine()
{
    using T = StepMachine::Trigger;
    m_machine = new StepMachine(this);
    const RunServices &s = m_services;

    struct Step
    {
        const char *name;
        void (RefinementRun::*enter)();
        int timeout;
    };
    const Step steps[] = {{"load-memory", &RefinementRun::enterLoadMemory, s.llmStepTimeoutMs},
                          {"prepare", &RefinementRun::enterPrepare, s.airsStepTimeoutMs},
                          {"benchmark", &RefinementRun::enterBenchmark, s.llmStepTimeoutMs},
                          {"start", &RefinementRun::enterStart, 0},
                          {"generate", &RefinementRun::enterGenerate, s.llmStepTimeoutMs},
                          {"review", &RefinementRun::enterReview, 0}, // waits for a person: no timeout
                          {"duplicate-check", &RefinementRun::enterDuplicateCheck, 0},
                          // Deploy (with the companion's call) and the tests' call.
                          {"apply", &RefinementRun::enterApply, s.airsStepTimeoutMs + 2 * s.llmStepTimeoutMs},
                          {"compose", &RefinementRun::enterCompose, 0},
                          {"scan", &RefinementRun::enterScan, s.scanStepTimeoutMs},
                          {"evaluate", &RefinementRun::enterEvaluate, 0},
                          {"analyze", &RefinementRun::enterAnalyze, s.llmStepTimeoutMs},
                          {"record", &RefinementRun::enterRecord, 0},
                          {"decide", &RefinementRun::enterDecide, 0},
                          {"recover", &RefinementRun::enterRecover, s.llmStepTimeoutMs},
                          {"finish", &RefinementRun::enterFinish, s.llmStepTimeoutMs + s.airsStepTimeoutMs}};
    StepMachine::StateId previous = StepMachine::NoState;
    for (const Step &st : steps) {
        const QString name = QString::fromLatin1(st.name);
        const auto enter = st.enter;
        const int timeoutMs = st.timeout;
        const StepMachine::StateId id = m_machine->addStep(
            name,
            [this, name, enter, timeoutMs] {
                m_stepName = name;
                if (timeoutMs > 0)
                    m_stepTimer->start(timeoutMs);
                (this->*enter)();
            },
            // Work a step started may be collected by a later one (overlapped steps): it is
            // aborted when the run pauses, is cancelled or fails (the final states' entries).
            [this] { m_stepTimer->stop(); });
        if (previous != StepMachine::NoState && name != "finish"_L1)
            m_machine->addTransition(previous, T::Done, id);
        previous = id;
    }
    const auto byName = [this](const char *name) { return m_machine->find(QString::fromLatin1(name)); };
    m_machine->setInitialStep(byName("load-memory"));
    // The non-linear edges.
    m_machine->addTransition(byName("recover"), T::Done, byName("start"));
    m_machine->addTransition(byName("duplicate-check"), T::Duplicate, byName("recover"));
    m_machine->addTransition(byName("review"), T::Retry, byName("generate"));
    m_machine->addTransition(byName("start"), T::Retry, byName("decide")); // a decision left pending
    for (const char *from : {"start", "decide", "recover"})
        m_machine->addTransition(byName(from), T::Finish, byName("finish"));

    const auto completed = m_machine->addFinal(u"completed"_s, [this] { enterCompleted(); });
    const auto paused = m_machine->addFinal(u"paused"_s, [this] { enterPaused(); });
    const auto cancelled = m_machine->addFinal(u"cancelled"_s, [this] { enterCancelled(); });
    const auto failed = m_machine->addFinal(u"failed"_s, [this] { enterFailed(); });
    m_machine->addTransition(byName("finish"), T::Done, completed);
    m_machine->addRunningTransition(T::Pause, paused);
    m_machine->addRunningTransition(T::Cancel, cancelled);
    m_machine->addRunningTransition(T::Failed, failed);
}

void RefinementRun::start()
{
    QMetaObject::invokeMethod(this, [this] {
        if (m_machine->isRunning() || m_finished)
            return;
        const QString runsDir = QDir::toNativeSeparators(m_services.runsDirectory);
        const bool dirOk = QDir().mkpath(m_services.runsDirectory);
        if (dirOk)
            RunStore(m_services.runsDirectory).removeStaleLocks();
        m_lock = std::make_unique<QLockFile>(QDir(m_services.runsDirectory).filePath(m_run.id + u".lock"_s));
        if (!dirOk || !LockFiles::tryLock(*m_lock)) { // stale only when its process is gone
            const qint64 pid = dirOk ? LockFiles::holder(*m_lock) : 0;
            if (dirOk && m_lock->error() == QLockFile::LockFailedError && pid != 0)
                m_error = u"run %1 is already being driven by another process (pid %2)"_s.arg(m_run.id).arg(pid);
            else if (dirOk && m_lock->error() == QLockFile::LockFailedError)
                m_error = u"run %1 is locked by a process that has not written its pid yet; try again in a few seconds"_s.arg(m_run.id);
            else if (!dirOk)
                m_error = u"cannot create the runs directory %1; check that it is writable"_s.arg(runsDir);
            else
                m_error = u"cannot write the run's lock file in %1 (%2); check that the directory is writable"_s.arg(
                    runsDir, m_lock->error() == QLockFile::PermissionError ? u"permission denied"_s : u"unknown error"_s);
            m_lock.reset();
            m_finished = true;
            recordEnd(u"loop:failed"_s);
            emit loopFailed(m_error);
            emit finished(RunStatus::Failed);
            return;
        }
        m_run.status = RunStatus::Running;
        m_run.stopReason.clear();
        m_schedule.start();
        m_machine->start();
    }, Qt::QueuedConnection);
}

void RefinementRun::requestPause()
{
    advance(StepMachine::Trigger::Pause);
}

void RefinementRun::pauseWith(const QString &reason)
{
    m_pauseReason = reason;
    advance(StepMachine::Trigger::Pause);
}

void RefinementRun::requestCancel()
{
    advance(StepMachine::Trigger::Cancel);
}

void RefinementRun::shutdown(const QString &reason)
{
    if (m_finished || !m_machine->isRunning())
        return;
    m_machine->stop();
    abortInFlight();
    cancelExtraction();
    m_run.status = RunStatus::Paused;
    m_run.stopReason = reason;
    recordEnd(u"loop:paused"_s);
    m_run.checkpoint = m_checkpoint;
    m_run.updatedAt = QDateTime::currentDateTimeUtc();
    RunStore(m_services.runsDirectory).save(m_run);
    m_finished = true;
    m_lock.reset();
}

void RefinementRun::advance(StepMachine::Trigger trigger)
{
    // Transitions fire from the event loop, never from inside a state's entry handler.
    QMetaObject::invokeMethod(this, [this, trigger] { m_machine->fire(trigger); }, Qt::QueuedConnection);
}

void RefinementRun::fail(const QString &error)
{
    if (!m_error.isEmpty())
        return;
    m_error = error;
    qCWarning(lcLoop).noquote() << "run" << m_run.id << "failed in" << m_stepName << ":" << error;
    advance(StepMachine::Trigger::Failed);
}

void RefinementRun::abortInFlight()
{
    const QList<QPointer<StructuredCall>> calls = std::exchange(m_llmCalls, {});
    m_inFlightEstimate = {};
    m_deferredCalls.clear();
    for (const QPointer<StructuredCall> &call : calls) {
        if (!call)
            continue;
        call->disconnect(this);
        call->abort();
        call->deleteLater();
    }
    if (m_scan) {
        m_scan->disconnect(this);
        m_scan->cancel();
        m_scan->deleteLater();
        m_scan = nullptr;
    }
    m_delay->stop();
    m_delay->disconnect(this);
    if (m_deployer)
        m_deployer->abort();
    if (m_workspace)
        m_workspace->abort();
}

void RefinementRun::cancelExtraction()
{
    // Not from the destructor: the memory is a sibling QObject that may be gone by then (and
    // takes its extraction with it).
    if (m_services.memory)
        m_services.memory->cancel(); // only the finish step extracts
}

bool RefinementRun::llm(const LlmPrompt &prompt, std::function<void(const QJsonObject &)> onOk, bool early)
{
    if (!m_services.llm) {
        fail(u"no LLM provider is configured"_s);
        return false;
    }
    LlmRequest request;
    request.system = prompt.system;
    request.user = prompt.user;
    request.schema = prompt.schema;
    request.schemaName = prompt.callName;
    const RunBudget::Estimate estimate = RunBudget::estimate(request, m_run.usage);
    const QString overBudget = budgetProblem(estimate);
    const bool crowded = !overBudget.isEmpty() || !fitsBesideCallsInFlight(estimate);
    if (early && crowded)
        return false; // near the budget: left to its own step, which pauses if need be
    if (crowded && overBudget.isEmpty()) {
        // Near the budget, calls go one at a time: this one is checked again (with what the
        // calls in flight used) when they are answered, as in a strictly sequential run.
        m_deferredCalls.append([this, prompt, onOk = std::move(onOk)] { llm(prompt, onOk); });
        return true;
    }
    if (!overBudget.isEmpty()) {
        pauseForBudget(overBudget);
        return false;
    }
    const bool iterationWork = m_inIteration;
    StructuredCall::Options options;
    options.returnsTopic = prompt.returnsTopic;
    auto *call = new StructuredCall(m_services.llm, request, options, this);
    m_llmCalls.append(call);
    m_inFlightEstimate.inputTokens += estimate.inputTokens;
    m_inFlightEstimate.outputTokens += estimate.outputTokens;
    const QString name = prompt.callName;
    connect(call, &StructuredCall::finished, this, [this, call, name, estimate, iterationWork, onOk = std::move(onOk)](const StructuredResult &r) {
        call->deleteLater();
        m_llmCalls.removeAll(call);
        m_inFlightEstimate.inputTokens -= estimate.inputTokens;
        m_inFlightEstimate.outputTokens -= estimate.outputTokens;
        addUsage(callUsage(r.usage, r.answered), iterationWork);
        if (!r.ok()) {
            fail(name + u": "_s + r.error.toString());
            return;
        }
        onOk(r.object);
        if (m_llmCalls.isEmpty() && !m_deferredCalls.isEmpty() && m_machine->isRunning())
            m_deferredCalls.takeFirst()();
    });
    call->start();
    return true;
}

bool RefinementRun::saveCheckpoint()
{
    m_run.checkpoint = m_checkpoint;
    m_run.updatedAt = QDateTime::currentDateTimeUtc();
    const QString error = RunStore(m_services.runsDirectory).save(m_run);
    if (!error.isEmpty()) {
        fail(u"cannot save the checkpoint: "_s + error);
        return false;
    }
    return true;
}

void RefinementRun::stopWith(const QString &reason)
{
    m_run.stopReason = reason;
    m_checkpoint.finishReason = reason;
    m_checkpoint.decisionPending = false;
    advance(StepMachine::Trigger::Finish);
}

QString RefinementRun::sessionId() const
{
    return u"daystrom-%1-iter%2"_s.arg(m_run.id.left(7)).arg(m_iteration);
}

void RefinementRun::enterCompleted()
{
    abortInFlight();
    cancelExtraction();
    m_run.status = RunStatus::Completed;
    leaveTenant([this] {
        m_finished = true;
        m_lock.reset();
        m_schedule.end(m_finishPiece);
        emit finished(RunStatus::Completed);
    });
}

void RefinementRun::enterPaused()
{
    abortInFlight();
    cancelExtraction();
    // A paused run keeps its profile and topics: resume finds them again.
    m_run.status = RunStatus::Paused;
    m_run.stopReason = m_pauseReason.isEmpty() ? u"paused"_s : m_pauseReason;
    recordEnd(u"loop:paused"_s);
    saveCheckpoint();
    m_finished = true;
    emit loopPaused(m_run);
    m_lock.reset();
    emit finished(RunStatus::Paused);
}

void RefinementRun::enterCancelled()
{
    abortInFlight();
    cancelExtraction();
    m_run.status = RunStatus::Cancelled;
    m_run.stopReason = u"cancelled"_s;
    recordEnd(u"loop:cancelled"_s);
    saveQuietly();
    leaveTenant([this] {
        m_finished = true;
        emit loopCancelled(m_run);
        m_lock.reset();
        emit finished(RunStatus::Cancelled);
    });
}

void RefinementRun::enterFailed()
{
    abortInFlight();
    cancelExtraction();
    m_run.status = RunStatus::Failed;
    m_run.stopReason = m_error;
    recordEnd(u"loop:failed"_s);
    saveQuietly(); // best effort: the error is already the story
    leaveTenant([this] {
        m_finished = true;
        emit loopFailed(m_error);
        m_lock.reset();
        emit finished(RunStatus::Failed);
    });
}

void RefinementRun::saveQuietly()
{
    m_run.checkpoint = m_checkpoint;
    m_run.updatedAt = QDateTime::currentDateTimeUtc();
    RunStore(m_services.runsDirectory).save(m_run);
}

void RefinementRun::leaveTenant(std::function<void()> then)
{
    if (!m_run.tenant || m_run.tenant->isClear()) {
        m_run.tenant.reset();
        then();
        return;
    }
    emit stepChanged(u"clean-up"_s);
    auto *deadline = new QTimer(this);
    deadline->setSingleShot(true);
    auto settled = std::make_shared<bool>(false);
    auto complete = [this, then, deadline, settled](const TenantCleaner::Outcome &o) {
        if (std::exchange(*settled, true))
            return;
        deadline->deleteLater();
        for (const QString &line : o.done)
            qCInfo(lcLoop).noquote() << "run" << m_run.id << ":" << line;
        const bool topicGone = std::none_of(o.remaining.topics.cbegin(), o.remaining.topics.cend(),
                                            [this](const CreatedObject &t) { return t.id == m_checkpoint.topicId; });
        if (topicGone) { // a resume deploys anew
            m_checkpoint.topicId.clear();
            m_checkpoint.companionTopicId.clear();
        }
        if (o.remaining.isClear()) {
            m_run.tenant.reset();
        } else {
            m_run.tenant = o.remaining;
            emit warning(u"left on AIRS: %1 (%2); `daystrom cleanup --yes` removes them"_s.arg(
                TenantCleaner::describe(o.remaining).join(u"; "_s), o.problems.join(u"; "_s)));
        }
        saveQuietly();
        then();
    };
    connect(deadline, &QTimer::timeout, this, [this, complete] {
        m_cleaner->abort();
        complete({*m_run.tenant, {}, {u"AIRS did not finish the clean-up in time"_s}});
    });
    deadline->start(m_services.airsStepTimeoutMs);
    m_cleaner->clean(*m_run.tenant, complete, [this](const TenantFootprint &f) {
        m_run.tenant = f;
        saveQuietly();
    });
}

void RefinementRun::recordEvents()
{
    namespace E = LoopEventJson;
    const auto on = [this](auto signal, auto toJson) {
        connect(this, signal, this, [this, toJson](const auto &...args) { record(toJson(args...)); });
    };
    on(&RefinementRun::memoryLoaded, E::memoryLoaded);
    on(&RefinementRun::iterationStarted, E::iterationStart);
    on(&RefinementRun::generateComplete, E::generateComplete);
    on(&RefinementRun::companionGenerated, E::companionGenerated);
    on(&RefinementRun::companionCreated, E::companionCreated);
    on(&RefinementRun::applyComplete, E::applyComplete);
    on(&RefinementRun::testsComposed, E::testsComposed);
    on(&RefinementRun::testsAccumulated, E::testsAccumulated);
    on(&RefinementRun::evaluateComplete, E::evaluateComplete);
    on(&RefinementRun::analyzeComplete, E::analyzeComplete);
    on(&RefinementRun::iterationComplete, E::iterationComplete);
    on(&RefinementRun::topicDuplicate, E::topicDuplicate);
    on(&RefinementRun::topicReverted, E::topicReverted);
    on(&RefinementRun::topicSimplified, E::topicSimplified);
    on(&RefinementRun::loopPlateau, E::loopPlateau);
    on(&RefinementRun::memoryExtracted, E::memoryExtracted);
    on(&RefinementRun::promptSetCreated, E::promptSetCreated);
    on(&RefinementRun::proposalReady, E::proposalReady);
    on(&RefinementRun::decisionMade, E::decisionMade);
    on(&RefinementRun::promptsAdded, E::promptsAdded);
    on(&RefinementRun::stepModeChanged, E::stepModeChanged);
    on(&RefinementRun::keptExamplesChanged, E::keptExamplesChanged);
    on(&RefinementRun::warning, E::warning);
    // Not E::labelCorrected: it serialises every iteration's figures, which the log leaves out.
    connect(this, &RefinementRun::labelCorrected, this, [this](const LabelCorrection &c, bool undone) {
        record(QJsonObject{{u"type"_s, u"label:corrected"_s},
                           {u"prompt"_s, c.prompt},
                           {u"expectedTriggered"_s, c.expectedTriggered},
                           {u"undone"_s, undone}});
    });
    // loop:complete, loop:paused, loop:cancelled and loop:failed: recordEnd(), before the final
    // save. test:progress, stepChanged and testScanned are progress, not events to keep.
}

void RefinementRun::record(const QJsonObject &event)
{
    const QJsonObject entry = LoopEventJson::logEntry(event, QDateTime::currentDateTimeUtc());
    m_run.appendEvent(entry);
    emit eventRecorded(entry);
}

void RefinementRun::recordEnd(const QString &type)
{
    // The end as loop:* would say it, without serialising the whole run state.
    QJsonObject e{{u"type"_s, type}, {u"status"_s, runStatusName(m_run.status)}};
    if (type == "loop:failed"_L1)
        e.insert(u"error"_s, m_error);
    if (!m_run.stopReason.isEmpty())
        e.insert(u"stopReason"_s, m_run.stopReason);
    e.insert(u"usage"_s, m_run.usage.toJson()); // what the run used up to here
    if (type == "loop:complete"_L1) {
        if (const IterationResult *best = m_run.bestResult())
            e.insert(u"bestResult"_s, QJsonObject{{u"iteration"_s, best->iteration},
                                                   {u"metrics"_s, best->metrics.toJson()}});
    }
    record(e);
}
