#include "runcontroller.h"

#include "backgroundpriority.h"

RunController::RunController(QObject *parent)
    : QObject(parent)
{
}

RunController::~RunController()
{
    // Save the run as paused on its own thread before the thread goes: resumable, nothing lost.
    if (m_run && m_thread && m_thread->isRunning()) {
        QPointer<RefinementRun> run = m_run;
        QMetaObject::invokeMethod(m_run, [run] {
            if (run)
                run->shutdown(QStringLiteral("paused: the application was closed"));
        }, Qt::BlockingQueuedConnection);
    }
    stopThread();
}

void RunController::stopThread()
{
    if (!m_thread)
        return;
    m_thread->quit();
    m_thread->wait();
    m_thread.reset();
}

void RunController::stopThreadLater()
{
    if (!m_thread || m_thread->isFinished()) {
        QMetaObject::invokeMethod(this, &RunController::threadStopped, Qt::QueuedConnection);
        return;
    }
    connect(m_thread.get(), &QThread::finished, this, &RunController::threadStopped,
            Qt::QueuedConnection);
    m_thread->quit();
}

bool RunController::start(const RunEnvironment &environment, const RunState &run)
{
    if (m_active)
        return false;
    stopThread();
    m_active = true;
    m_pendingPause = false;
    m_runId = run.id;
    m_thread = std::make_unique<QThread>();
    m_thread->setObjectName(QStringLiteral("run-") + run.id.left(7));
    auto *worker = new QObject;
    worker->moveToThread(m_thread.get());
    connect(m_thread.get(), &QThread::finished, worker, &QObject::deleteLater);
    m_worker = worker;
    BackgroundPriority::startInBackground(m_thread.get());
    QMetaObject::invokeMethod(worker, [this, worker, environment, run] {
        // Inside the worker thread: the network manager, the clients and the run live here.
        auto *r = new RefinementRun(environment.build(worker), run, worker);
        relay(r);
        QMetaObject::invokeMethod(this, [this, r] {
            m_run = r;
            if (m_pendingPause)
                r->requestPause();
        }, Qt::QueuedConnection);
        r->start();
    }, Qt::QueuedConnection);
    return true;
}

void RunController::relay(RefinementRun *run)
{
    // Signal-to-signal connections across threads are queued: payloads are copied.
    connect(run, &RefinementRun::iterationStarted, this, &RunController::iterationStarted);
    connect(run, &RefinementRun::generateComplete, this, &RunController::generateComplete);
    connect(run, &RefinementRun::companionGenerated, this, &RunController::companionGenerated);
    connect(run, &RefinementRun::companionCreated, this, &RunController::companionCreated);
    connect(run, &RefinementRun::applyComplete, this, &RunController::applyComplete);
    connect(run, &RefinementRun::testsComposed, this, &RunController::testsComposed);
    connect(run, &RefinementRun::testsAccumulated, this, &RunController::testsAccumulated);
    connect(run, &RefinementRun::testProgress, this, &RunController::testProgress);
    connect(run, &RefinementRun::evaluateComplete, this, &RunController::evaluateComplete);
    connect(run, &RefinementRun::analyzeComplete, this, &RunController::analyzeComplete);
    connect(run, &RefinementRun::iterationComplete, this, &RunController::iterationComplete);
    connect(run, &RefinementRun::topicDuplicate, this, &RunController::topicDuplicate);
    connect(run, &RefinementRun::topicReverted, this, &RunController::topicReverted);
    connect(run, &RefinementRun::topicSimplified, this, &RunController::topicSimplified);
    connect(run, &RefinementRun::loopPlateau, this, &RunController::loopPlateau);
    connect(run, &RefinementRun::memoryExtracted, this, &RunController::memoryExtracted);
    connect(run, &RefinementRun::promptSetCreated, this, &RunController::promptSetCreated);
    connect(run, &RefinementRun::loopComplete, this, &RunController::loopComplete);
    connect(run, &RefinementRun::memoryLoaded, this, &RunController::memoryLoaded);
    connect(run, &RefinementRun::loopPaused, this, &RunController::loopPaused);
    connect(run, &RefinementRun::loopCancelled, this, &RunController::loopCancelled);
    connect(run, &RefinementRun::loopFailed, this, &RunController::loopFailed);
    connect(run, &RefinementRun::stepChanged, this, &RunController::stepChanged);
    connect(run, &RefinementRun::testScanned, this, &RunController::testScanned);
    connect(run, &RefinementRun::warning, this, &RunController::warning);
    connect(run, &RefinementRun::proposalReady, this, &RunController::proposalReady);
    connect(run, &RefinementRun::decisionMade, this, &RunController::decisionMade);
    connect(run, &RefinementRun::labelCorrected, this, &RunController::labelCorrected);
    connect(run, &RefinementRun::promptsAdded, this, &RunController::promptsAdded);
    connect(run, &RefinementRun::stepModeChanged, this, &RunController::stepModeChanged);
    connect(run, &RefinementRun::keptExamplesChanged, this, &RunController::keptExamplesChanged);
    connect(run, &RefinementRun::eventRecorded, this, &RunController::eventRecorded);
    connect(run, &RefinementRun::usageChanged, this, &RunController::usageChanged);
    connect(run, &RefinementRun::finished, this, [this](RunStatus status) {
        m_active = false;
        m_run = nullptr;
        emit finished(status);
    });
}

void RunController::pause()
{
    if (m_run)
        m_run->requestPause();
    else if (m_active)
        m_pendingPause = true; // the run is still being set up in its thread
}

void RunController::cancel()
{
    if (m_run)
        m_run->requestCancel();
}

void RunController::setStepMode(bool on)
{
    if (m_run)
        m_run->setStepMode(on);
}

void RunController::decide(const ProposalDecision &decision)
{
    if (m_run)
        m_run->decide(decision);
}

void RunController::correctLabel(const QString &prompt, bool undo)
{
    if (m_run)
        m_run->correctLabel(prompt, undo);
}

void RunController::addPrompts(const QList<TestCase> &tests, PromptTarget target)
{
    if (m_run)
        m_run->addPrompts(tests, target);
}

void RunController::setKeptExamples(const QStringList &examples)
{
    if (m_run)
        m_run->setKeptExamples(examples);
}
