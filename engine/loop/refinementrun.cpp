#include "refinementrun.h"

#include "applystep.h"
#include "endingsteps.h"
#include "iterationsteps.h"
#include "llmgate.h"
#include "loopeventjson.h"
#include "looplog.h"
#include "measuresteps.h"
#include "preparationsteps.h"
#include "recoverysteps.h"
#include "refinement.h"
#include "runcontext.h"
#include "runlock.h"
#include "steeringsteps.h"
#include "steptimeouts.h"

#include "tenant/runworkspace.h"
#include "tenant/tenantcleaner.h"
#include "tenant/topicdeployer.h"

using namespace Qt::StringLiterals;

RefinementRun::RefinementRun(RunServices services, RunState run, QObject *parent)
    : LoopEvents(parent)
    , m_ctx(std::make_unique<RunContext>(*this, std::move(services), std::move(run)))
{
    RunContext &ctx = *m_ctx;
    m_deployer = new TopicDeployer(ctx.services.management, this);
    m_cleaner = new TenantCleaner(ctx.services.management, this);
    m_workspace = new RunWorkspace(ctx.services.management, [&ctx](const TenantFootprint &f) {
        ctx.run.tenant = f;
        return ctx.save();
    }, this);
    ctx.onAbort([this] { m_workspace->abort(); });

    LlmGate::Hooks gate;
    gate.failed = [&ctx](const QString &error) { ctx.fail(error); };
    gate.overBudget = [&ctx](const QString &reason) {
        qCInfo(lcLoop).noquote() << "run" << ctx.run.id << "in" << ctx.activeStep() << ":" << reason;
        ctx.pauseWith(reason);
    };
    gate.used = [&ctx](const RunUsage &usage, bool iterationWork) { ctx.addUsage(usage, iterationWork); };
    gate.counting = [&ctx] { return ctx.it.counting; };
    gate.running = [&ctx] { return ctx.running(); };
    ctx.llmGate = new LlmGate(ctx.services.llm, ctx.services.prices, ctx.run, std::move(gate), this);

    m_preparation = new PreparationSteps(ctx, m_workspace, this);
    m_iteration = new IterationSteps(ctx, this);
    m_apply = new ApplyStep(ctx, m_deployer, m_workspace, this);
    m_measure = new MeasureSteps(ctx, this);
    m_steering = new SteeringSteps(ctx, m_measure, this);
    m_recovery = new RecoverySteps(ctx, this);
    m_ending = new EndingSteps(ctx, m_cleaner, this);
    connect(m_ending, &EndingSteps::ended, this, &RefinementRun::finished);

    // First: the log has each entry before anyone else hears of the event. loop:complete,
    // loop:paused, loop:cancelled and loop:failed: RunContext::recordEnd(), before the final save;
    // test:progress, stepChanged and testScanned are progress, not events to keep.
    LoopEventJson::connectAll(this, this, LoopEventJson::Audience::Log,
                              [&ctx](const QJsonObject &event) { ctx.record(event); });
    bindChart();
}

RefinementRun::~RefinementRun()
{
    m_ctx->abortInFlight();
    // The chart and the parts go while the context they use is still here.
    const QObjectList parts = children();
    qDeleteAll(parts);
}

void RefinementRun::bindTimeouts()
{
    using Step = StepTimeouts::Step;
    const RunServices &s = m_ctx->services;
    auto *timeouts = new StepTimeouts(this);
    timeouts->setTimeout(Step::LoadMemory, s.llmStepTimeoutMs);
    timeouts->setTimeout(Step::Prepare, s.airsStepTimeoutMs);
    timeouts->setTimeout(Step::Benchmark, s.llmStepTimeoutMs);
    timeouts->setTimeout(Step::Generate, s.llmStepTimeoutMs);
    timeouts->setTimeout(Step::Apply, s.airsStepTimeoutMs + 2 * s.llmStepTimeoutMs); // deploy, companion, tests
    timeouts->setTimeout(Step::Scan, s.scanStepTimeoutMs);
    timeouts->setTimeout(Step::Analyze, s.llmStepTimeoutMs);
    timeouts->setTimeout(Step::Recover, s.llmStepTimeoutMs);
    timeouts->setTimeout(Step::Finish, s.llmStepTimeoutMs + s.airsStepTimeoutMs);
    connect(timeouts, &StepTimeouts::stepTimedOut, this, [this](StepTimeouts::Step step, int ms) {
        // The chart is on its way to the failed state already.
        if (m_ctx->error.isEmpty())
            m_ctx->error = u"the %1 step did not finish within %2 s"_s.arg(StepTimeouts::name(step)).arg(ms / 1000);
    });
    m_ctx->chart->setDataModel(timeouts);
}

void RefinementRun::bindChart()
{
    m_ctx->chart = new RefinementChart(this);
    bindTimeouts();
    // Each state's entry, bound to the part that owns the step. Events are submitted from the
    // event loop, never from inside a handler.
    const std::pair<const char *, std::function<void()>> bindings[] = {
        {"loadMemory", [p = m_preparation] { p->enterLoadMemory(); }},
        {"prepare", [p = m_preparation] { p->enterPrepare(); }},
        {"benchmark", [p = m_preparation] { p->enterBenchmark(); }},
        {"start", [p = m_iteration] { p->enterStart(); }},
        {"generate", [p = m_iteration] { p->enterGenerate(); }},
        {"review", [p = m_steering] { p->enterReview(); }},
        {"duplicateCheck", [p = m_iteration] { p->enterDuplicateCheck(); }},
        {"apply", [p = m_apply] { p->enterApply(); }},
        {"deploying", [p = m_apply] { p->enterDeploying(); }},
        {"writingTests", [p = m_apply] { p->enterWritingTests(); }},
        {"compose", [p = m_iteration] { p->enterCompose(); }},
        {"scan", [p = m_measure] { p->enterScan(); }},
        {"scanning", [p = m_measure] { p->enterScanning(); }},
        {"evaluate", [p = m_measure] { p->enterEvaluate(); }},
        {"analyze", [p = m_measure] { p->enterAnalyze(); }},
        {"record", [p = m_iteration] { p->enterRecord(); }},
        {"decide", [p = m_recovery] { p->enterDecide(); }},
        {"recover", [p = m_recovery] { p->enterRecover(); }},
        {"revert", [p = m_recovery] { p->enterRevert(); }},
        {"simplify", [p = m_recovery] { p->enterSimplify(); }},
        {"judge", [p = m_recovery] { p->enterJudge(); }},
        {"finish", [p = m_ending] { p->enterFinish(); }},
        {"completed", [p = m_ending] { p->enterCompleted(); }},
        {"paused", [p = m_ending] { p->enterPaused(); }},
        {"cancelled", [p = m_ending] { p->enterCancelled(); }},
        {"failed", [p = m_ending] { p->enterFailed(); }},
    };
    for (const auto &binding : bindings) { // (clang 14 cannot capture a structured binding)
        m_ctx->chart->connectToState(QString::fromLatin1(binding.first), this,
                                     [ctx = m_ctx.get(), enter = binding.second](bool active) {
            ++ctx->stepEntries; // on exit too: an answer for the step just left is late
            if (active)
                enter();
        });
    }
}

void RefinementRun::start()
{
    QMetaObject::invokeMethod(this, &RefinementRun::startChart, Qt::QueuedConnection);
}

void RefinementRun::startChart()
{
    RunContext &ctx = *m_ctx;
    if (ctx.chart->isRunning() || ctx.finished)
        return;
    ctx.lock = RunLock::acquire(ctx.services.runsDirectory, ctx.run.id, &ctx.error);
    if (!ctx.lock) {
        ctx.finished = true;
        ctx.recordEnd(u"loop:failed"_s);
        emit loopFailed(ctx.error);
        emit finished(RunStatus::Failed);
        return;
    }
    ctx.run.status = RunStatus::Running;
    ctx.run.stopReason.clear();
    ctx.schedule.start();
    ctx.chart->start();
    if (ctx.hasStartEvent) // the first step's entry runs, then this (no tenant touched)
        ctx.chart->submitEvent(QString(chartEventName(ctx.startEvent)));
}

void RefinementRun::requestPause()
{
    m_ctx->submit(ChartEvent::RunPause);
}

void RefinementRun::requestCancel()
{
    m_ctx->submit(ChartEvent::RunCancel);
}

void RefinementRun::shutdown(const QString &reason)
{
    RunContext &ctx = *m_ctx;
    if (ctx.finished || !ctx.chart->isRunning()) {
        emit shutDown();
        return;
    }
    ctx.chart->stop();
    ctx.abortInFlight();
    ctx.cancelExtraction();
    ctx.run.status = RunStatus::Paused;
    ctx.run.stopReason = reason;
    // In place, production is put back before the owner goes (briefly: the window is closing).
    m_ending->putProductionBack([this] {
        m_ctx->recordEnd(u"loop:paused"_s);
        m_ctx->writeRunFile();
        m_ctx->finished = true;
        m_ctx->lock.reset();
        emit shutDown();
    }, std::min(ctx.services.airsStepTimeoutMs, ShutdownRestoreMs));
}

const RunState &RefinementRun::state() const
{
    return m_ctx->run;
}

const RunSchedule &RefinementRun::schedule() const
{
    return m_ctx->schedule;
}

bool RefinementRun::isFinished() const
{
    return m_ctx->finished;
}

void RefinementRun::steer(const SteeringRequest &request)
{
    m_steering->steer(request);
}
