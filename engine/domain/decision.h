#pragma once

#include "decisionrecord.h"
#include "pairedcomparison.h"
#include "runstate.h"

#include <optional>

// The one place that decides (issue 56): which figure a run is judged on, whether one iteration
// is better than another, which iteration is the best, and whether — and why — the target is
// reached. The loop (LoopPolicy, RefinementRun) decides through it and records the outcome in
// the run file (RunState::decision); the CLI's exit code, Compare, Live, the chart, Runs, the
// reports and the JUnit file read that record or call this object. Nothing else derives a
// deciding figure.
//
// The figure: coverage, min(TPR, TNR), on the held-out benchmark when the run has one (unless
// it decides on its working suite, `--decide-on working`), and with `--directions both` the
// weaker of the prompt side and the response side. Between two iterations on the benchmark the
// paired verdict decides (PairedComparison: better only beyond noise, whatever TPR and TNR
// trade); on the working suite, or on a minimum over both directions, the measured values do.
// The target is checked against the best iteration's figure with its unstable prompts counted
// as errors (a prompt that is not reliably right is not right).
class Decision
{
public:
    explicit Decision(const RunSettings &settings);

    // The p-value below which a difference is called real. One knob for the whole product;
    // the environment variable DAYSTROM_DECISION_ALPHA (tests only) replaces it, which is how a
    // test changes the rule in one place and sees every reader follow.
    double alpha() const { return m_alpha; }

    // Whether the benchmark decides between a and b (both must have one), or for one iteration.
    bool onBenchmark(const IterationResult &a, const IterationResult &b) const;
    bool onBenchmark(const IterationResult &it) const;
    // Whether the weaker direction decides (both must have response tests).
    bool bothDirections(const IterationResult &a, const IterationResult &b) const;
    bool bothDirections(const IterationResult &it) const;

    // The prompt side's figures of an iteration as decided on (benchmark or working suite).
    const EfficacyMetrics &promptMetrics(const IterationResult &it) const;
    // The metrics the deciding coverage comes from: the prompt side's, or under "both" the
    // response side's when it is the weaker one.
    const EfficacyMetrics &metrics(const IterationResult &it) const;
    // The deciding coverage as measured.
    double coverage(const IterationResult &it) const;
    // What a chart or a table shows for an iteration: the prompt side's rates with the deciding
    // coverage (under --directions both the weaker side's, so the coverage line is the figure
    // the run decided on).
    EfficacyMetrics shown(const IterationResult &it) const;
    // The figure checked against the target (unstable prompts as errors; the weaker side).
    EfficacyMetrics targetFigure(const IterationResult &it) const;
    // "coverage" or "coverage (weaker of prompts and responses)", for labels.
    QString figureName() const;

    enum class Change { Better, Same, Worse };
    struct Verdict
    {
        Change change = Change::Same;
        double coverageA = 0; // on what both can be compared on
        double coverageB = 0;
        std::optional<PairedComparison> paired; // when the paired test decided
        // "better", "worse", "within-noise" (different, not beyond noise) or "equal"
        QString word() const;
    };
    // How b compares with a.
    Verdict judge(const IterationResult &a, const IterationResult &b) const;

    // The best iteration of a run, chosen again over every recorded one in order (0 = none).
    int chooseBest(const RunState &run) const;
    // Whether the just-recorded iteration reaches the target (on the benchmark, only the best).
    bool targetReached(const RunState &run, const IterationResult &recorded) const;
    // The first iteration that reached the target as the loop decided it, or 0.
    int firstIterationAtTarget(const RunState &run) const;
    // What the loop decided, for the run file.
    DecisionRecord record(const RunState &run) const;
    // The record a run holds, or (older files) the one computed from it.
    static DecisionRecord recordOf(const RunState &run);

private:
    RunSettings m_settings;
    double m_alpha = 0.05;
};
