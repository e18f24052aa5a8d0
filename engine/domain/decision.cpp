#include "decision.h"

#include "format.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
double alphaFromEnvironment()
{
    bool ok = false;
    const double a = qEnvironmentVariable("DAYSTROM_DECISION_ALPHA").toDouble(&ok);
    return ok && a > 0 && a <= 1 ? a : 0.05;
}
} // namespace

Decision::Decision(const RunSettings &settings)
    : m_settings(settings)
    , m_alpha(alphaFromEnvironment())
{
}

bool Decision::onBenchmark(const IterationResult &a, const IterationResult &b) const
{
    return onBenchmark(a) && onBenchmark(b);
}

bool Decision::onBenchmark(const IterationResult &it) const
{
    return !m_settings.decideOnWorkingSuite && it.benchmark.has_value();
}

bool Decision::bothDirections(const IterationResult &a, const IterationResult &b) const
{
    return bothDirections(a) && bothDirections(b);
}

bool Decision::bothDirections(const IterationResult &it) const
{
    return m_settings.decideOnBothDirections && it.responses.has_value();
}

const EfficacyMetrics &Decision::promptMetrics(const IterationResult &it) const
{
    return onBenchmark(it) ? it.benchmark->metrics : it.metrics;
}

const EfficacyMetrics &Decision::metrics(const IterationResult &it) const
{
    const EfficacyMetrics &prompts = promptMetrics(it);
    return bothDirections(it) && it.responses->metrics.coverage < prompts.coverage ? it.responses->metrics : prompts;
}

double Decision::coverage(const IterationResult &it) const
{
    return metrics(it).coverage;
}

EfficacyMetrics Decision::shown(const IterationResult &it) const
{
    EfficacyMetrics m = promptMetrics(it);
    m.coverage = coverage(it);
    return m;
}

EfficacyMetrics Decision::targetFigure(const IterationResult &it) const
{
    EfficacyMetrics m = onBenchmark(it) ? it.benchmark->unstableAsErrors() : it.metrics;
    if (bothDirections(it))
        m.coverage = std::min(m.coverage, it.responses->unstableAsErrors().coverage);
    return m;
}

QString Decision::figureName() const
{
    return m_settings.decideOnBothDirections ? u"coverage (weaker of prompts and responses)"_s : u"coverage"_s;
}

QString Decision::Verdict::word() const
{
    switch (change) {
    case Change::Better:
        return u"better"_s;
    case Change::Worse:
        return u"worse"_s;
    case Change::Same:
        break;
    }
    return paired && coverageA != coverageB ? u"within-noise"_s : u"equal"_s;
}

Decision::Verdict Decision::judge(const IterationResult &a, const IterationResult &b) const
{
    Verdict v;
    const bool benchmark = onBenchmark(a, b), both = bothDirections(a, b);
    if (benchmark) {
        const auto [sa, sb] = BenchmarkScore::comparable(*a.benchmark, *b.benchmark);
        v.coverageA = sa.metrics.coverage;
        v.coverageB = sb.metrics.coverage;
    } else {
        v.coverageA = promptMetrics(a).coverage;
        v.coverageB = promptMetrics(b).coverage;
    }
    if (both) { // the weaker direction, on what both asked; compared by value (a paired test
                // holds for one set of prompts, not for a minimum over two)
        const auto [ra, rb] = BenchmarkScore::comparable(*a.responses, *b.responses);
        v.coverageA = std::min(v.coverageA, ra.metrics.coverage);
        v.coverageB = std::min(v.coverageB, rb.metrics.coverage);
    }
    if (benchmark && !both) {
        v.paired = PairedComparison::of(a, b, m_alpha);
        v.change = v.paired->verdict == PairedComparison::Verdict::BBetter ? Change::Better
                 : v.paired->verdict == PairedComparison::Verdict::ABetter ? Change::Worse
                                                                           : Change::Same;
        return v;
    }
    v.change = v.coverageB > v.coverageA ? Change::Better : v.coverageB < v.coverageA ? Change::Worse : Change::Same;
    return v;
}

int Decision::chooseBest(const RunState &run) const
{
    const IterationResult *best = nullptr;
    for (const IterationResult &it : run.iterations) {
        if (!best || judge(*best, it).change == Change::Better)
            best = &it;
    }
    return best ? best->iteration : 0;
}

bool Decision::targetReached(const RunState &run, const IterationResult &recorded) const
{
    if (onBenchmark(recorded) && recorded.iteration != run.bestIteration)
        return false; // not better than the best beyond noise: its figure may be luck
    return targetFigure(recorded).coverage >= m_settings.targetCoverage;
}

int Decision::firstIterationAtTarget(const RunState &run) const
{
    QList<const IterationResult *> byNumber; // by number, never by position in the file
    for (const IterationResult &it : run.iterations)
        byNumber.append(&it);
    std::sort(byNumber.begin(), byNumber.end(),
              [](const IterationResult *a, const IterationResult *b) { return a->iteration < b->iteration; });
    // The loop's own walk: the best so far by the same verdict; on the benchmark only the best
    // of its moment can reach the target (its figure with unstable prompts as errors). Where
    // the loop wrote down how it judged an iteration (IterationResult::judgement), that stands,
    // unless a person corrected a label since (the figures it judged on have changed).
    const bool corrected = !run.steering.corrections.isEmpty();
    const IterationResult *best = nullptr;
    for (const IterationResult *it : std::as_const(byNumber)) {
        const bool judged = !it->judgement.isEmpty() && !corrected;
        if (judged ? it->judgement == "first"_L1 || it->judgement == "better"_L1
                   : !best || judge(*best, *it).change == Change::Better)
            best = it;
        if (onBenchmark(*it) && best != it)
            continue;
        if (targetFigure(*it).coverage >= m_settings.targetCoverage)
            return it->iteration;
    }
    return 0;
}

DecisionRecord Decision::record(const RunState &run) const
{
    DecisionRecord r;
    const IterationResult *best = run.iterationByNumber(run.bestIteration);
    const auto any = [&run](auto has) { return std::any_of(run.iterations.cbegin(), run.iterations.cend(), has); };
    r.onBenchmark = !run.benchmarkSet.isEmpty() || any([this](const IterationResult &it) { return onBenchmark(it); });
    r.onBenchmark = r.onBenchmark && !m_settings.decideOnWorkingSuite;
    r.bothDirections = !run.responseSet.isEmpty() || any([this](const IterationResult &it) { return bothDirections(it); });
    r.bothDirections = r.bothDirections && m_settings.decideOnBothDirections;
    r.bestIteration = best ? best->iteration : 0;
    r.bestCoverage = best ? coverage(*best) : 0;
    r.target = m_settings.targetCoverage;
    r.iterationAtTarget = firstIterationAtTarget(run);
    if (const IterationResult *at = run.iterationByNumber(r.iterationAtTarget))
        r.targetCoverage = targetFigure(*at).coverage;
    // A later iteration that measured more than the best but not beyond noise: the highest.
    if (best) {
        for (const IterationResult &it : run.iterations) {
            if (it.iteration <= best->iteration)
                continue;
            const Verdict v = judge(*best, it);
            if (v.change != Change::Same || !v.paired || v.coverageB <= v.coverageA)
                continue;
            if (r.noiseIteration == 0 || coverage(it) > r.noiseCoverage) {
                r.noiseIteration = it.iteration;
                r.noiseCoverage = coverage(it);
                r.noisePrompts = v.paired->shared;
                r.noisePromptsNeeded = v.paired->promptsToTellApart();
            }
        }
    }
    const QString suite = r.onBenchmark ? u"benchmark"_s : u"working suite"_s;
    if (!best) {
        r.why = u"no iteration was recorded"_s;
    } else if (r.targetReached()) {
        r.why = u"iteration %1 reached the target %2 on the %3: %4 ≥ %5"_s.arg(
            QString::number(r.iterationAtTarget), figureName(), suite, Format::percent(r.targetCoverage),
            Format::percent(r.target));
        if (r.onBenchmark)
            r.why += u" (unstable prompts counted as errors)"_s;
    } else {
        r.why = u"no iteration reached the target %1 of %2 on the %3; the best is iteration %4 at %5"_s.arg(
            figureName(), Format::percent(r.target), suite, QString::number(r.bestIteration),
            Format::percent(r.bestCoverage));
    }
    if (const QString note = r.noiseNote(); !note.isEmpty())
        r.why += u"; "_s + note;
    return r;
}

DecisionRecord Decision::recordOf(const RunState &run)
{
    return run.decision ? *run.decision : Decision(run.userInput).record(run);
}
