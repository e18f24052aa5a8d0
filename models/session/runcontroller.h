#pragma once

#include "loop/refinementrun.h"
#include "models/session/runenvironment.h"

#include <QObject>
#include <QPointer>
#include <QThread>

#include <atomic>
#include <memory>

// Owns one run's worker thread (RAII: the destructor cancels the run, then quits and waits)
// and relays every LoopEvent of the run to the thread that owns the controller (the GUI
// thread, or the CLI's main thread): listeners connect to the controller's LoopEvents.
// Nothing here blocks on the network or the disk.
class RunController final : public LoopEvents
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunController)
public:
    explicit RunController(QObject *parent = nullptr);
    ~RunController() override;

    // Starts a new run, or resumes a stored one (a RunState with a checkpoint). Returns false
    // when a run is still active.
    bool start(const RunEnvironment &environment, const RunState &run);
    void pause();
    void cancel();
    // Steering the run (RefinementRun::steer; ignored when no run is active).
    void steer(const SteeringRequest &request);
    bool isActive() const { return m_active; }
    QString runId() const { return m_runId; }

    // For a controller whose run is over: asks its thread to wind down (the run, its network
    // manager and clients are deleted in that thread) without waiting, and emits threadStopped()
    // once the thread has finished; deleting the controller then waits for nothing. Deleting
    // it at once instead joins the thread there and then, while the window waits.
    void stopThreadLater();

signals:
    // Besides the LoopEvents (relayed from the run, each in its order):
    void finished(RunStatus status);
    void threadStopped(); // after stopThreadLater()

private:
    void attach(RefinementRun *run);
    void stopThread();

    std::unique_ptr<QThread> m_thread;
    QPointer<QObject> m_worker; // lives in m_thread; parent of the run and its services
    QPointer<RefinementRun> m_run;
    QString m_runId;
    bool m_active = false;
    bool m_pendingPause = false;
    // Cancel asked for while the run is still being set up: read by the worker thread too, so
    // the run is cancelled before it touches the tenant.
    std::atomic<bool> m_pendingCancel = false;
};
