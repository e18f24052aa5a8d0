#include "looppolicy.h"

#include "domain/pairedcomparison.h"

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

bool LoopPolicy::decidesOnBenchmark(const RunState &run, const IterationResult &a, const IterationResult &b)
{
    return !run.userInput.decideOnWorkingSuite && a.benchmark && b.benchmark;
}

bool LoopPolicy::decidesOnBothDirections(const RunState &run, const IterationResult &a, const IterationResult &b)
{
    return run.userInput.decideOnBothDirections && a.responses && b.responses;
}

std::pair<double, double> LoopPolicy::comparableCoverage(const RunState &run, const IterationResult &a,
                                                         const IterationResult &b)
{
    double x = 0, y = 0;
    if (decidesOnBenchmark(run, a, b)) {
        const auto [sa, sb] = BenchmarkScore::comparable(*a.benchmark, *b.benchmark);
        x = sa.metrics.coverage;
        y = sb.metrics.coverage;
    } else {
        const bool working = run.userInput.decideOnWorkingSuite;
        x = a.decidingMetrics(working).coverage;
        y = b.decidingMetrics(working).coverage;
    }
    if (decidesOnBothDirections(run, a, b)) { // the weaker direction decides (issue 43)
        const auto [ra, rb] = BenchmarkScore::comparable(*a.responses, *b.responses);
        x = std::min(x, ra.metrics.coverage);
        y = std::min(y, rb.metrics.coverage);
    }
    return {x, y};
}

LoopPolicy::Change LoopPolicy::judge(const RunState &run, const IterationResult &a, const IterationResult &b)
{
    // The paired test compares one set of prompts; a minimum over two sets is compared by value.
    if (decidesOnBenchmark(run, a, b) && !decidesOnBothDirections(run, a, b)) {
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
    return decidesOnBenchmark(run, *best, recorded) && !decidesOnBothDirections(run, *best, recorded) && x != y
        ? u"within-noise"_s
        : u"equal"_s;
}

bool LoopPolicy::updateBest(RunState &run, const IterationResult &recorded)
{
    const IterationResult *best = run.iterationByNumber(run.bestIteration);
    const Change change = best ? judge(run, *best, recorded)
                               : (recorded.decisionCoverage(run.userInput) > run.bestCoverage
                                      ? Change::Better
                                      : Change::Same);
    if (run.bestIteration == 0 || change == Change::Better) {
        run.bestIteration = recorded.iteration;
        run.bestCoverage = recorded.decisionCoverage(run.userInput);
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
    run.bestCoverage = best ? best->decisionCoverage(run.userInput) : 0;
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
    const bool both = run.userInput.decideOnBothDirections && std::all_of(last.cbegin(), last.cend(), [](const IterationResult &it) {
        return it.responses.has_value();
    });
    if (both) { // the weaker direction of each, the responses also on what all of them asked
        QList<BenchmarkScore> scores;
        for (const IterationResult &it : last)
            scores.append(*it.responses);
        const QList<BenchmarkScore> comparable = BenchmarkScore::comparable(scores);
        for (qsizetype i = 0; i < coverages.size(); ++i)
            coverages[i] = std::min(coverages.at(i), comparable.at(i).metrics.coverage);
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
    EfficacyMetrics m = it.benchmark && !run.userInput.decideOnWorkingSuite ? it.benchmark->unstableAsErrors() : it.metrics;
    if (run.userInput.decideOnBothDirections && it.responses)
        m.coverage = std::min(m.coverage, it.responses->unstableAsErrors().coverage);
    return m;
}

bool LoopPolicy::targetReached(const RunState &run, const IterationResult &recorded)
{
    const bool onBenchmark = recorded.benchmark && !run.userInput.decideOnWorkingSuite;
    if (onBenchmark && recorded.iteration != run.bestIteration)
        return false; // not better than the best beyond noise: its figure may be luck
    return targetMetrics(run, recorded).coverage >= run.userInput.targetCoverage;
}
