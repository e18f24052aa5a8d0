#include "runnotifier.h"

#include "models/desktopnotifier.h"
#include "reports/displayformat.h"
#include "models/session/runcontroller.h"
#include "models/runsession.h"

#include <utility>

using namespace Qt::StringLiterals;

RunNotifier::RunNotifier(DesktopNotifier *notifier, std::function<bool()> windowActive,
                         QObject *parent)
    : QObject(parent)
    , m_notifier(notifier)
    , m_windowActive(std::move(windowActive))
{}

void RunNotifier::watch(RunSession *session)
{
    connect(session, &RunSession::proposalReady, this, &RunNotifier::proposalWaiting);
    connect(session, &RunSession::failed, this, &RunNotifier::runFailed);
    // The session has no "completed" signal of its own: a live run that stops being live
    // with the status Completed has completed (opening a stored run resets the session first).
    connect(session, &RunSession::liveChanged, this, [this, session](bool live) {
        const QString id = std::exchange(m_liveRunId, live ? session->run().id : QString());
        if (!live && !id.isEmpty() && session->run().id == id &&
            session->run().status == RunStatus::Completed)
            runCompleted(session->run());
    });
}

void RunNotifier::watch(RunController *controller)
{
    connect(controller, &RunController::loopComplete, this,
            [this](const IterationResult &, const RunState &run) { runCompleted(run); });
    connect(controller, &RunController::loopFailed, this, &RunNotifier::runFailed);
    connect(controller, &RunController::proposalReady, this, &RunNotifier::proposalWaiting);
}

bool RunNotifier::quiet() const
{
    return !m_notifier || (m_windowActive && m_windowActive());
}

void RunNotifier::runCompleted(const RunState &run)
{
    if (quiet())
        return;
    QStringList lines;
    if (const IterationResult *best = run.bestResult()) {
        lines << tr("Best topic: \"%1\" (iteration %2), coverage %3")
                     .arg(best->topic.name)
                     .arg(best->iteration)
                     .arg(DisplayFormat::percent(best->metrics.coverage));
    }
    if (!run.stopReason.isEmpty())
        lines << DisplayFormat::stopReason(run.stopReason);
    m_notifier->notify(tr("Run completed"), lines.join(u'\n'), DesktopNotifier::Urgency::Normal);
}

void RunNotifier::runFailed(const QString &error)
{
    if (quiet())
        return;
    m_notifier->notify(tr("Run failed"), error, DesktopNotifier::Urgency::Critical);
}

void RunNotifier::proposalWaiting(const PendingProposal &proposal)
{
    if (quiet())
        return;
    m_notifier->notify(tr("A proposal is waiting for your decision"),
                       tr("Iteration %1: \"%2\". The run waits until you accept, edit or send it "
                          "back on the Live run page.")
                           .arg(proposal.iteration)
                           .arg(proposal.proposal.name),
                       DesktopNotifier::Urgency::Normal);
}
