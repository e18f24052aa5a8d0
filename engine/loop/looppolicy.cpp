#include "looppolicy.h"


#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

std::pair<double, double> LoopPolicy::comparableCoverage(const RunState &run, const IterationResult &a,
                                                         const IterationResult &b)
{
    const Decision::Verdict v = Decision(run.userInput).judge(a, b);
    return {v.coverageA, v.coverageB};
}

LoopPolicy::Change LoopPolicy::judge(const RunState &run, const IterationResult &a, const IterationResult &b)
{
    return Decision(run.userInput).judge(a, b).change;
}

QString LoopPolicy::judgement(const RunState &run, const IterationResult &recorded)
{
    const IterationResult *best = run.iterationByNumber(run.bestIteration);
    return best ? Decision(run.userInput).judge(*best, recorded).word() : u"first"_s;
}

bool LoopPolicy::updateBest(RunState &run, const IterationResult &recorded)
{
    const Decision decision(run.userInput);
    const IterationResult *best = run.iterationByNumber(run.bestIteration);
    const Change change = best ? decision.judge(*best, recorded).change
                               : (decision.coverage(recorded) > run.bestCoverage ? Change::Better : Change::Same);
    bool becameBest = false;
    if (run.bestIteration == 0 || change == Change::Better) {
        run.bestIteration = recorded.iteration;
        run.bestCoverage = decision.coverage(recorded);
        run.consecutiveRegressions = 0;
        becameBest = true;
    } else if (change == Change::Worse) {
        ++run.consecutiveRegressions;
    }
    run.decision = decision.record(run);
    return becameBest;
}

void LoopPolicy::rechooseBest(RunState &run)
{
    const Decision decision(run.userInput);
    run.bestIteration = decision.chooseBest(run);
    const IterationResult *best = run.iterationByNumber(run.bestIteration);
    run.bestCoverage = best ? decision.coverage(*best) : 0;
    run.decision = decision.record(run);
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
    const Decision decision(run.userInput);
    // On the benchmark: the prompts all of the window asked, stable in all of it.
    const bool onBenchmark = std::all_of(last.cbegin(), last.cend(), [&decision](const IterationResult &it) {
        return decision.onBenchmark(it);
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
            coverages.append(decision.promptMetrics(it).coverage);
    }
    const bool both = std::all_of(last.cbegin(), last.cend(), [&decision](const IterationResult &it) {
        return decision.bothDirections(it);
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

bool LoopPolicy::targetReached(const RunState &run, const IterationResult &recorded)
{
    return Decision(run.userInput).targetReached(run, recorded);
}
