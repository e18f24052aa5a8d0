#include "refinementrun.h"

#include "domain/decision.h"
#include "llmgate.h"
#include "looplog.h"
#include "promptsetexport.h"
#include "refinement.h"
#include "runlock.h"
#include "runmemory.h"
#include "runs/runstore.h"
#include "steptimeouts.h"

#include "airs/scanbatch.h"
#include "tenant/runworkspace.h"
#include "tenant/tenantcleaner.h"
#include "tenant/topicdeployer.h"
#include "topicdeployment.h"

#include <QDateTime>
#include <QEventLoop>

using namespace Qt::StringLiterals;

RefinementRun::RefinementRun(RunServices services, RunState run, QObject *parent)
    : LoopEvents(parent)
    , m_services(std::move(services))
    , m_run(std::move(run))
    , m_deployer(new TopicDeployer(m_services.management, this))
    , m_cleaner(new TenantCleaner(m_services.management, this))
{
    m_workspace = new RunWorkspace(m_services.management, [this](const TenantFootprint &f) {
        m_run.tenant = f;
        return saveCheckpoint();
    }, this);
    if (m_run.checkpoint)
        m_checkpoint = *m_run.checkpoint;
    else
        m_checkpoint.nextIteration = 1;

    LlmGate::Hooks gate;
    gate.failed = [this](const QString &error) { fail(error); };
    gate.overBudget = [this](const QString &reason) {
        qCInfo(lcLoop).noquote() << "run" << m_run.id << "in" << activeStep() << ":" << reason;
        pauseWith(reason);
    };
    gate.used = [this](const RunUsage &usage, bool iterationWork) { addUsage(usage, iterationWork); };
    gate.counting = [this] { return m_it.counting; };
    gate.running = [this] { return m_chart->isRunning(); };
    m_llm = new LlmGate(m_services.llm, m_services.prices, m_run, std::move(gate), this);

    PromptSetExport::Hooks exportHooks;
    exportHooks.save = [this] { return saveCheckpoint(); };
    exportHooks.warning = [this](const QString &message) { emit warning(message); };
    exportHooks.pause = [this](const QString &reason) { pauseWith(reason); };
    exportHooks.created = [this](const QString &id, const QString &name, int prompts) {
        emit promptSetCreated(id, name, prompts);
    };
    TopicDeployment::Parts parts{m_deployer, m_workspace, m_llm, [this] { return saveCheckpoint(); },
                                 m_services.propagationDelayMs};
    m_deployment = new TopicDeployment(std::move(parts), m_run, m_checkpoint, this);
    connect(m_deployment, &TopicDeployment::assigned, this, &RefinementRun::deploymentAssigned);
    connect(m_deployment, &TopicDeployment::live, this, &RefinementRun::propagated);
    connect(m_deployment, &TopicDeployment::failed, this, &RefinementRun::fail);
    connect(m_deployment, &TopicDeployment::warning, this, &RefinementRun::warning);
    connect(m_deployment, &TopicDeployment::companionGenerated, this, &RefinementRun::companionGenerated);
    connect(m_deployment, &TopicDeployment::companionCreated, this, &RefinementRun::companionCreated);

    m_promptSet = new PromptSetExport(m_services.promptSets, m_checkpoint, std::move(exportHooks), this);

    recordEvents(); // first: the log has each entry before anyone else hears of the event
    bindChart();
}

RefinementRun::~RefinementRun()
{
    abortInFlight();
}

void RefinementRun::bindChart()
{
    using Step = StepTimeouts::Step;
    const RunServices &s = m_services;
    m_timeouts = new StepTimeouts(this);
    m_timeouts->setTimeout(Step::LoadMemory, s.llmStepTimeoutMs);
    m_timeouts->setTimeout(Step::Prepare, s.airsStepTimeoutMs);
    m_timeouts->setTimeout(Step::Benchmark, s.llmStepTimeoutMs);
    m_timeouts->setTimeout(Step::Generate, s.llmStepTimeoutMs);
    m_timeouts->setTimeout(Step::Apply, s.airsStepTimeoutMs + 2 * s.llmStepTimeoutMs); // deploy, companion, tests
    m_timeouts->setTimeout(Step::Scan, s.scanStepTimeoutMs);
    m_timeouts->setTimeout(Step::Analyze, s.llmStepTimeoutMs);
    m_timeouts->setTimeout(Step::Recover, s.llmStepTimeoutMs);
    m_timeouts->setTimeout(Step::Finish, s.llmStepTimeoutMs + s.airsStepTimeoutMs);
    connect(m_timeouts, &StepTimeouts::stepTimedOut, this, [this](StepTimeouts::Step step, int ms) {
        // The chart is on its way to the failed state already.
        if (m_error.isEmpty())
            m_error = u"the %1 step did not finish within %2 s"_s.arg(StepTimeouts::name(step)).arg(ms / 1000);
    });

    m_chart = new RefinementChart(this);
    m_chart->setDataModel(m_timeouts);
    struct Binding
    {
        const char *state;
        void (RefinementRun::*enter)();
    };
    static constexpr Binding bindings[] = {
        {"loadMemory", &RefinementRun::enterLoadMemory}, {"prepare", &RefinementRun::enterPrepare},
        {"benchmark", &RefinementRun::enterBenchmark},   {"start", &RefinementRun::enterStart},
        {"generate", &RefinementRun::enterGenerate},     {"review", &RefinementRun::enterReview},
        {"duplicateCheck", &RefinementRun::enterDuplicateCheck}, {"apply", &RefinementRun::enterApply},
        {"compose", &RefinementRun::enterCompose},       {"scan", &RefinementRun::enterScan},
        {"evaluate", &RefinementRun::enterEvaluate},     {"analyze", &RefinementRun::enterAnalyze},
        {"record", &RefinementRun::enterRecord},         {"decide", &RefinementRun::enterDecide},
        {"recover", &RefinementRun::enterRecover},       {"revert", &RefinementRun::enterRevert},
        {"simplify", &RefinementRun::enterSimplify},     {"judge", &RefinementRun::enterJudge},
        {"finish", &RefinementRun::enterFinish},         {"completed", &RefinementRun::enterCompleted},
        {"paused", &RefinementRun::enterPaused},         {"cancelled", &RefinementRun::enterCancelled},
        {"failed", &RefinementRun::enterFailed},
    };
    for (const Binding &b : bindings) {
        m_chart->connectToState(QString::fromLatin1(b.state), this, [this, enter = b.enter](bool active) {
            ++m_stepEntries; // on exit too: an answer for the step just left is late
            if (active)
                (this->*enter)();
        });
    }
}

void RefinementRun::start()
{
    QMetaObject::invokeMethod(this, [this] {
        if (m_chart->isRunning() || m_finished)
            return;
        m_lock = RunLock::acquire(m_services.runsDirectory, m_run.id, &m_error);
        if (!m_lock) {
            m_finished = true;
            recordEnd(u"loop:failed"_s);
            emit loopFailed(m_error);
            emit finished(RunStatus::Failed);
            return;
        }
        m_run.status = RunStatus::Running;
        m_run.stopReason.clear();
        m_schedule.start();
        m_chart->start();
        if (!m_startEvent.isEmpty()) // the first step's entry runs, then this (no tenant touched)
            m_chart->submitEvent(m_startEvent);
    }, Qt::QueuedConnection);
}

void RefinementRun::requestPause()
{
    submit(u"run.pause"_s);
}

void RefinementRun::pauseWith(const QString &reason)
{
    m_pauseReason = reason;
    submit(u"run.pause"_s);
}

void RefinementRun::requestCancel()
{
    submit(u"run.cancel"_s);
}

void RefinementRun::shutdown(const QString &reason)
{
    if (m_finished || !m_chart->isRunning())
        return;
    m_chart->stop();
    abortInFlight();
    cancelExtraction();
    m_run.status = RunStatus::Paused;
    m_run.stopReason = reason;
    // In place, production is put back before the owner goes (briefly: the window is closing).
    QEventLoop wait;
    bool restored = false;
    putProductionBack([&] {
        restored = true;
        wait.quit();
    }, std::min(m_services.airsStepTimeoutMs, ShutdownRestoreMs));
    if (!restored)
        wait.exec();
    recordEnd(u"loop:paused"_s);
    writeRunFile();
    m_finished = true;
    m_lock.reset();
}

void RefinementRun::submit(const QString &event)
{
    // From the event loop, and so from the run's thread whoever asks: the chart is not
    // thread-safe, and a step's handler returns before the transition it asks for.
    QMetaObject::invokeMethod(this, [this, event] {
        if (m_chart->isRunning())
            m_chart->submitEvent(event);
        else if (!m_finished && (event == "run.cancel"_L1 || (event == "run.pause"_L1 && m_startEvent.isEmpty())))
            m_startEvent = event; // not started yet: taken as soon as it is
    }, Qt::QueuedConnection);
}

bool RefinementRun::running() const
{
    return m_chart->isRunning();
}

bool RefinementRun::inState(const char *stateId) const
{
    return running() && m_chart->isActive(QString::fromLatin1(stateId));
}

QString RefinementRun::activeStep() const
{
    return m_chart->activeStateNames().join(u'/');
}

void RefinementRun::beginIteration(int number)
{
    m_it = IterationWork{};
    m_it.number = number;
    m_it.startMs = QDateTime::currentMSecsSinceEpoch();
}

void RefinementRun::fail(const QString &error)
{
    if (!m_error.isEmpty())
        return;
    if (!running()) {
        // An answer to a request the pause, cancel or shutdown aborted: not a failure of the run.
        qCDebug(lcLoop).noquote() << "run" << m_run.id << ": after the run stopped:" << error;
        return;
    }
    m_error = error;
    qCWarning(lcLoop).noquote() << "run" << m_run.id << "failed in" << activeStep() << ":" << error;
    submit(u"run.fail"_s);
}

void RefinementRun::abortInFlight()
{
    m_llm->abort();
    m_promptSet->abort();
    if (m_scan) {
        m_scan->disconnect(this);
        m_scan->cancel();
        m_scan->deleteLater();
        m_scan = nullptr;
    }
    m_deployment->abort();
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
    return m_llm->ask(prompt, std::move(onOk), early);
}

void RefinementRun::addUsage(const RunUsage &usage, bool iterationWork)
{
    if (usage.isEmpty())
        return;
    m_run.usage += usage;
    // Work started outside the iteration (the benchmark set, written while iteration 1
    // starts) stays in the run's total only.
    if (m_it.counting && iterationWork)
        m_checkpoint.iterationUsage += usage;
    emit usageChanged(m_run.usage, m_it.counting ? m_checkpoint.iterationUsage : RunUsage());
}

QString RefinementRun::writeRunFile()
{
    m_run.checkpoint = m_checkpoint;
    m_run.updatedAt = QDateTime::currentDateTimeUtc();
    return RunStore(m_services.runsDirectory).save(m_run);
}

bool RefinementRun::saveCheckpoint()
{
    if (const QString error = writeRunFile(); !error.isEmpty()) {
        fail(u"cannot save the checkpoint: "_s + error);
        return false;
    }
    return true;
}

void RefinementRun::stopWith(const QString &event, const QString &reason)
{
    // The decision as the run ends, and why the best did not move when a gain was within noise.
    m_run.decision = Decision(m_run.userInput).record(m_run);
    const QString why = m_run.decision->explainStop(reason);
    m_run.stopReason = why;
    m_checkpoint.finishReason = why;
    m_checkpoint.decisionPending = false;
    submit(event);
}

QString RefinementRun::sessionId() const
{
    return u"daystrom-%1-iter%2"_s.arg(m_run.id.left(7)).arg(m_it.number);
}
