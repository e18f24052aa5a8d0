#include "runcontroller.h"

#include "backgroundpriority.h"

RunController::RunController(QObject *parent)
    : LoopEvents(parent)
{
}

RunController::~RunController()
{
    // Save the run as paused on its own thread before the thread goes: resumable, nothing lost.
    // The thread's own event loop carries the shutdown (production put back in place, at most
    // RefinementRun::ShutdownRestoreMs) and ends when the run has shut down.
    if (m_run && m_thread && m_thread->isRunning()) {
        QPointer<RefinementRun> run = m_run;
        QThread *thread = m_thread.get();
        QMetaObject::invokeMethod(m_run, [run, thread] {
            if (!run)
                return thread->quit();
            connect(run, &RefinementRun::shutDown, run, [thread] { thread->quit(); });
            run->shutdown(QStringLiteral("paused: the application was closed"));
        }, Qt::QueuedConnection);
        m_thread->wait();
        m_thread.reset();
        return;
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
    m_pendingCancel = false;
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
        attach(r);
        if (m_pendingCancel) // before start(): the run ends at once, as cancelled
            r->requestCancel();
        QMetaObject::invokeMethod(this, [this, r] {
            m_run = r;
            if (m_pendingCancel)
                r->requestCancel();
            else if (m_pendingPause)
                r->requestPause();
        }, Qt::QueuedConnection);
        r->start();
    }, Qt::QueuedConnection);
    return true;
}

void RunController::attach(RefinementRun *run)
{
    LoopEvents::relay(run, this);
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
    else if (m_active)
        m_pendingCancel = true; // the run is still being set up in its thread
}

void RunController::steer(const SteeringRequest &request)
{
    if (m_run)
        m_run->steer(request);
}
