#include "resumeplan.h"

#include "domain/runstate.h"

bool ResumePlan::isFinishing(const RunState &run)
{
    return run.checkpoint && !run.checkpoint->finishReason.isEmpty();
}

void ResumePlan::extendIterations(RunState &run, int more)
{
    if (!run.checkpoint || isFinishing(run))
        return;
    const int done = run.checkpoint->nextIteration - 1;
    if (more > 0)
        run.userInput.maxIterations = done + more;
    else if (done >= run.userInput.maxIterations && !run.checkpoint->decisionPending)
        run.userInput.maxIterations = done + 10;
}
