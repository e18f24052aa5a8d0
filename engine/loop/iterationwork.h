#pragma once

#include <QHash>

#include "airs/scanverdict.h"
#include "domain/benchmarkscore.h"
#include "domain/runstate.h"
#include "runschedule.h"

#include <optional>

// Everything one iteration of a RefinementRun builds up, from its start to its record: one
// value, replaced as a whole when the next iteration starts (RunContext::beginIteration),
// so nothing of an iteration leaks into the next. What outlives an iteration is in the run
// (RunState) and its checkpoint.
struct IterationWork
{
    int number = 0;
    qint64 startMs = 0;
    // Calls and scans count towards this iteration (its usage in the checkpoint) from its
    // start to its record; false before and after, and on the duplicate path.
    bool counting = false;

    // The proposal: generate (or improve, or a simplification tested as it is) and review.
    Topic topic;
    bool deployAsIs = false;                // tests the checkpoint's topic as it is
    std::optional<ProposalKind> proposal;   // `topic` is a proposal the person may review
    std::optional<Topic> rejected;          // the proposal the person asked to replace
    int duplicateOf = 0;                    // an earlier iteration with the same topic

    // Apply: the tests written for this iteration (the deployment's ids are in the checkpoint).
    QList<TestCase> generated;

    // Compose, scan, evaluate, analyze.
    QList<TestCase> suite;
    QList<TestResult> results;
    int suiteLeft = 0;                              // working-suite prompts still to be scanned
    // Per benchmark prompt, one per repeat; none for a repeat AIRS gave no verdict for.
    QList<QList<std::optional<ScanVerdict>>> benchmarkVerdicts;
    QHash<int, QString> benchmarkNotScanned;        // benchmark prompt -> why a repeat was not scanned
    // Issue 43: the response tests' and the robustness rewrites' verdicts (none: not scanned),
    // and what the evaluate step makes of them.
    QList<std::optional<ScanVerdict>> responseVerdicts, robustnessVerdicts;
    QHash<int, QString> responseNotScanned, robustnessNotScanned;
    std::optional<BenchmarkScore> responseScore;
    QList<TestResult> robustnessResults;
    bool evaluated = false; // metrics and benchmarkScore are this iteration's figures
    EfficacyMetrics metrics;
    std::optional<BenchmarkScore> benchmarkScore;
    bool analysisAsked = false;
    std::optional<AnalysisReport> earlyAnalysis;    // arrived before the analyze step
    AnalysisReport analysis;

    // This iteration's entries in the run's schedule.
    struct Pieces
    {
        int generate = RunSchedule::None, deploy = RunSchedule::None, propagate = RunSchedule::None,
            tests = RunSchedule::None, scan = RunSchedule::None, scanBenchmark = RunSchedule::None,
            analyze = RunSchedule::None;
    } pieces;
};
