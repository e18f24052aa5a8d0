#include "looppolicy.h"

#include <algorithm>

bool LoopPolicy::updateBest(RunState &run, const IterationResult &recorded)
{
    const double coverage = recorded.decidingMetrics(run.userInput.decideOnWorkingSuite).coverage;
    if (run.bestIteration == 0 || coverage > run.bestCoverage) {
        run.bestIteration = recorded.iteration;
        run.bestCoverage = coverage;
        run.consecutiveRegressions = 0;
        return true;
    }
    if (coverage < run.bestCoverage)
        ++run.consecutiveRegressions;
    return false;
}

int LoopPolicy::duplicateOf(const RunState &run, const Topic &topic)
{
    for (const IterationResult &it : run.iterations) {
        if (it.topic.description == topic.description && it.topic.examples == topic.examples)
            return it.iteration;
    }
    return 0;
}

LoopPolicy::Recovery LoopPolicy::chooseRecovery(const RunState &run)
{
    if (run.consecutiveRegressions < RecoveryThreshold || run.bestIteration <= 0
        || !run.iterationByNumber(run.bestIteration))
        return Recovery::None;
    if (!run.hasRevertedToBest)
        return Recovery::Revert;
    if (!run.hasTriedSimplification)
        return Recovery::Simplify;
    return Recovery::None;
}

bool LoopPolicy::shouldStopEarly(const RunState &run)
{
    const int limit = run.userInput.maxRegressions;
    return limit > 0 && run.consecutiveRegressions >= limit;
}

LoopPolicy::Plateau LoopPolicy::checkPlateau(const RunState &run)
{
    Plateau p;
    const int window = run.userInput.plateauWindow;
    if (window <= 0 || run.iterations.size() < window + 1)
        return p;
    const auto last = run.iterations.mid(run.iterations.size() - window);
    const bool working = run.userInput.decideOnWorkingSuite;
    p.min = p.max = last.first().decidingMetrics(working).coverage;
    bool newBestInWindow = false;
    for (const IterationResult &it : last) {
        p.min = std::min(p.min, it.decidingMetrics(working).coverage);
        p.max = std::max(p.max, it.decidingMetrics(working).coverage);
        newBestInWindow = newBestInWindow || it.iteration == run.bestIteration;
    }
    p.reached = (p.max - p.min) <= run.userInput.plateauBand && !newBestInWindow;
    return p;
}

bool LoopPolicy::targetReached(const RunState &run, const IterationResult &recorded)
{
    return recorded.decidingMetrics(run.userInput.decideOnWorkingSuite).coverage >= run.userInput.targetCoverage;
}
