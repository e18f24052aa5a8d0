#include "looppolicy.h"

#include "domain/pairedcomparison.h"

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

bool LoopPolicy::decidesOnBenchmark(const RunState &run, const IterationResult &a, const IterationResult &b)
{
    return !run.userInput.decideOnWorkingSuite && a.benchmark && b.benchmark;
}

std::pair<double, double> LoopPolicy::comparableCoverage(const RunState &run, const IterationResult &a,
                                                         const IterationResult &b)
{
    if (decidesOnBenchmark(run, a, b)) {
        const auto [x, y] = BenchmarkScore::comparable(*a.benchmark, *b.benchmark);
        return {x.metrics.coverage, y.metrics.coverage};
    }
    const bool working = run.userInput.decideOnWorkingSuite;
    return {a.decidingMetrics(working).coverage, b.decidingMetrics(working).coverage};
}

LoopPolicy::Change LoopPolicy::judge(const RunState &run, const IterationResult &a, const IterationResult &b)
{
    if (decidesOnBenchmark(run, a, b)) {
        switch (PairedComparison::of(a, b, Alpha).verdict) {
        case PairedComparison::Verdict::BBetter:
            return Change::Better;
        case PairedComparison::Verdict::ABetter:
            return Change::Worse;
        default:
            return Change::Same;
        }
    }
    const auto [x, y] = comparableCoverage(run, a, b);
    return y > x ? Change::Better : y < x ? Change::Worse : Change::Same;
}

QString LoopPolicy::judgement(const RunState &run, const IterationResult &recorded)
{
    const IterationResult *best = run.iterationByNumber(run.bestIteration);
    if (!best)
        return u"first"_s;
    switch (judge(run, *best, recorded)) {
    case Change::Better:
        return u"better"_s;
    case Change::Worse:
        return u"worse"_s;
    case Change::Same:
        break;
    }
    const auto [x, y] = comparableCoverage(run, *best, recorded);
    return decidesOnBenchmark(run, *best, recorded) && x != y ? u"within-noise"_s : u"equal"_s;
}

bool LoopPolicy::updateBest(RunState &run, const IterationResult &recorded)
{
    const IterationResult *best = run.iterationByNumber(run.bestIteration);
    const Change change = best ? judge(run, *best, recorded)
                               : (recorded.decidingMetrics(run.userInput.decideOnWorkingSuite).coverage > run.bestCoverage
                                      ? Change::Better
                                      : Change::Same);
    if (run.bestIteration == 0 || change == Change::Better) {
        run.bestIteration = recorded.iteration;
        run.bestCoverage = recorded.decidingMetrics(run.userInput.decideOnWorkingSuite).coverage;
        run.consecutiveRegressions = 0;
        return true;
    }
    if (change == Change::Worse)
        ++run.consecutiveRegressions;
    return false;
}

void LoopPolicy::rechooseBest(RunState &run)
{
    const IterationResult *best = nullptr;
    for (const IterationResult &it : std::as_const(run.iterations)) {
        if (!best || judge(run, *best, it) == Change::Better)
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
    // On the benchmark: the prompts all of the window asked, stable in all of it.
    const bool onBenchmark = !working && std::all_of(last.cbegin(), last.cend(), [](const IterationResult &it) {
        return it.benchmark.has_value();
    });
    QList<double> coverages;
    if (onBenchmark) {
        QList<BenchmarkScore> scores;
        for (const IterationResult &it : last)
            scores.append(*it.benchmark);
        for (const BenchmarkScore &s : BenchmarkScore::comparable(scores))
            coverages.append(s.metrics.coverage);
    } else {
        for (const IterationResult &it : last)
            coverages.append(it.decidingMetrics(working).coverage);
    }
    p.min = *std::min_element(coverages.cbegin(), coverages.cend());
    p.max = *std::max_element(coverages.cbegin(), coverages.cend());
    const bool newBestInWindow = std::any_of(last.cbegin(), last.cend(), [&run](const IterationResult &it) {
        return it.iteration == run.bestIteration;
    });
    p.reached = (p.max - p.min) <= run.userInput.plateauBand && !newBestInWindow;
    return p;
}

EfficacyMetrics LoopPolicy::targetMetrics(const RunState &run, const IterationResult &it)
{
    if (it.benchmark && !run.userInput.decideOnWorkingSuite)
        return it.benchmark->unstableAsErrors();
    return it.metrics;
}

bool LoopPolicy::targetReached(const RunState &run, const IterationResult &recorded)
{
    const bool onBenchmark = recorded.benchmark && !run.userInput.decideOnWorkingSuite;
    if (onBenchmark && recorded.iteration != run.bestIteration)
        return false; // not better than the best beyond noise: its figure may be luck
    return targetMetrics(run, recorded).coverage >= run.userInput.targetCoverage;
}
