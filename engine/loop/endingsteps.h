#pragma once

#include "runcontext.h"

#include <QObject>

class PromptSetExport;
class TenantCleaner;

// How a run ends (finish, completed, paused, cancelled, failed in refinement.scxml): the
// learnings extracted into the memory, the prompt-set export, loop:complete; then, when the run
// ends for good, its AIRS objects taken off the tenant (TenantCleaner). A paused run keeps them,
// but in place production's topic guardrails are put back first.
class EndingSteps final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EndingSteps)
public:
    // `cleaner`: the run's (not owned); the prompt-set export is this part's.
    EndingSteps(RunContext &ctx, TenantCleaner *cleaner, QObject *parent = nullptr);

    void enterFinish();
    void enterCompleted();
    void enterPaused();
    void enterCancelled();
    void enterFailed();
    // In place: production's topic guardrails as before the run, within `timeoutMs` (0: the
    // AIRS step timeout); the outcome goes into the stop reason.
    void putProductionBack(std::function<void()> then, int timeoutMs = 0);

signals:
    void ended(RunStatus status); // a final state's work is done (the clean-up included)

private:
    void exportPromptSet(std::function<void()> then);
    void afterFinish();
    void reportPaused();
    void leaveTenant(std::function<void()> then); // the run's AIRS objects go, then `then`
    // Cancelled or failed: recorded and saved, the tenant left, then `tell` (the loop:* signal).
    void endForGood(RunStatus status, const QString &reason, const QString &type, std::function<void()> tell);

    RunContext &m_ctx;
    TenantCleaner *m_cleaner;
    PromptSetExport *m_promptSet;
};
