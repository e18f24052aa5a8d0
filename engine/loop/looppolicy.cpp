#include "looppolicy.h"

#include <algorithm>
#include <limits>

std::pair<double, double> LoopPolicy::comparableCoverage(const RunState &run, const IterationResult &a,
                                                         const IterationResult &b)
{
    const bool working = run.userInput.decideOnWorkingSuite;
    if (!working && a.benchmark && b.benchmark) {
        const auto [x, y] = BenchmarkScore::comparable(*a.benchmark, *b.benchmark);
        return {x.metrics.coverage, y.metrics.coverage};
    }
    return {a.decidingMetrics(working).coverage, b.decidingMetrics(working).coverage};
}

bool LoopPolicy::updateBest(RunState &run, const IterationResult &recorded)
{
    const double coverage = recorded.decidingMetrics(run.userInput.decideOnWorkingSuite).coverage;
    const IterationResult *best = run.iterationByNumber(run.bestIteration);
    const auto [bestCoverage, recordedCoverage] =
        best ? comparableCoverage(run, *best, recorded) : std::pair<double, double>{run.bestCoverage, coverage};
    if (run.bestIteration == 0 || recordedCoverage > bestCoverage) {
        run.bestIteration = recorded.iteration;
        run.bestCoverage = coverage;
        run.consecutiveRegressions = 0;
        return true;
    }
    if (recordedCoverage < bestCoverage)
        ++run.consecutiveRegressions;
    return false;
}

void LoopPolicy::rechooseBest(RunState &run)
{
    const IterationResult *best = nullptr;
    for (const IterationResult &it : std::as_const(run.iterations)) {
        if (!best) {
            best = &it;
            continue;
        }
        const auto [bestCoverage, coverage] = comparableCoverage(run, *best, it);
        if (coverage > bestCoverage)
            best = &it;
    }
    run.bestIteration = best ? best->iteration : 0;
    run.bestCoverage = best ? best->decidingMetrics(run.userInput.decideOnWorkingSuite).coverage : 0;
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
    // Benchmarks of different versions are compared on the prompts all of them asked.
    qsizetype shared = std::numeric_limits<qsizetype>::max();
    const bool onBenchmark = !working && std::all_of(last.cbegin(), last.cend(), [&shared](const IterationResult &it) {
        if (it.benchmark)
            shared = std::min(shared, it.benchmark->results.size());
        return it.benchmark.has_value();
    });
    const auto coverage = [&](const IterationResult &it) {
        return onBenchmark ? it.benchmark->firstPrompts(shared).metrics.coverage : it.decidingMetrics(working).coverage;
    };
    p.min = p.max = coverage(last.first());
    bool newBestInWindow = false;
    for (const IterationResult &it : last) {
        p.min = std::min(p.min, coverage(it));
        p.max = std::max(p.max, coverage(it));
        newBestInWindow = newBestInWindow || it.iteration == run.bestIteration;
    }
    p.reached = (p.max - p.min) <= run.userInput.plateauBand && !newBestInWindow;
    return p;
}

bool LoopPolicy::targetReached(const RunState &run, const IterationResult &recorded)
{
    return recorded.decidingMetrics(run.userInput.decideOnWorkingSuite).coverage >= run.userInput.targetCoverage;
}
