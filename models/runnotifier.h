#pragma once

#include <QObject>

#include <functional>

class DesktopNotifier;
class RunController;
class RunSession;
struct PendingProposal;
struct RunState;

// Tells the person through a desktop notification when a run completes, fails, or waits for
// a decision (a proposal in step mode) — only while the app's window is not the active one
// (`windowActive` says whether it is). Paused and cancelled runs are the person's own doing
// and are not announced.
class RunNotifier final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunNotifier)
public:
    RunNotifier(DesktopNotifier *notifier, std::function<bool()> windowActive,
                QObject *parent = nullptr);

    // The session every view observes: follows whichever run it shows live.
    void watch(RunSession *session);
    // A run's controller directly (loopComplete, loopFailed, proposalReady).
    void watch(RunController *controller);

    void runCompleted(const RunState &run);
    void runFailed(const QString &error);
    void proposalWaiting(const PendingProposal &proposal);

private:
    bool quiet() const;

    DesktopNotifier *m_notifier;
    std::function<bool()> m_windowActive;
    QString m_liveRunId; // the run the watched session follows live
};
