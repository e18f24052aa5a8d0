#pragma once

#include "runcontext.h"

#include <QObject>

class RunWorkspace;

// The steps before the first iteration (loadMemory, prepare, benchmark in refinement.scxml).
// With overlapped steps the benchmark set is written in the background while the first
// iteration starts; RunContext::benchmark says when it is (the scan step waits for it).
class PreparationSteps final : public QObject
{
    Q_DISABLE_COPY_MOVE(PreparationSteps)
public:
    // `workspace`: the run's own profile (not owned).
    PreparationSteps(RunContext &ctx, RunWorkspace *workspace, QObject *parent = nullptr);

    void enterLoadMemory();
    void enterPrepare();
    void enterBenchmark();

private:
    // The response tests and the robustness set, when asked for and not written yet (a resumed
    // run has them), then `then`.
    void prepareExtras(std::function<void()> then);

    RunContext &m_ctx;
    RunWorkspace *m_workspace;
};
