#pragma once

#include "benchmarkscore.h"
#include "decision.h"
#include "pairedcomparison.h"
#include "runstate.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

// Which run designed the best topic (issue 61): candidates from several runs (each a run and one
// of its iterations, the best by default) measured on ONE shared benchmark, so their figures
// can be compared at all, and ranked with the paired verdict the loop itself uses.
//
// The shared benchmark is, by default, the prompts every candidate's own benchmark holds
// (matched on dedupKey, the label agreeing); when they share too few (`enough()` says), the
// person picks one run's benchmark, the union of them all, or a labelled CSV. A candidate whose
// own stored verdicts cover the shared prompts is scored from them (no scan); any other is
// scanned on the shared prompts in a scratch profile (engine/tenant/candidatescan.h).
namespace CrossRun {

struct Candidate
{
    QString runId;
    int iteration = 0;      // the iteration's number in its run
    QString label;          // "<runId>:<iteration>", as `daystrom compare` takes it
    Topic topic;
    std::optional<Topic> companion; // block intent: the run's companion topic, deployed with it
    Intent intent = Intent::Block;
    QString profileName;    // the run's production profile
    QString model;          // the LLM that wrote it ("provider/model"), for the leaderboard
    QList<TestResult> ownBenchmark; // the iteration's stored benchmark results (may be empty)
    // Every (benchmark) iteration of the run, for the chart's overlay: iteration -> coverage on
    // the run's own benchmark (each run's curve is on ITS benchmark, labelled as such).
    QList<std::pair<int, double>> curve;
};

// "RUN" or "RUN:ITERATION" (the run's best when no iteration is named); nothing with `error`
// set ("run … has no iteration 7", "… is not a run id").
// `iteration` 0 = the run's best (Decision::recordOf; the last recorded when none). The
// candidate's ownBenchmark is the iteration's stored benchmark results, with a prompt that
// was unstable between repeated scans marked not scanned (its verdict is not one verdict).
// `model` stays empty: run files do not record the LLM (the front ends may fill it in).
std::optional<Candidate> candidateOf(const RunState &run, int iteration, QString *error);
// Splits "RUN[:ITERATION]" (no I/O). `iteration` 0 = the best. RUN is a run id (NanoId::
// isValid); ITERATION a whole number from 1, written without sign, spaces or leading zeros,
// so an accepted label is exactly labelOf(runId, iteration). Outputs are set only on success.
bool parseLabel(const QString &text, QString *runId, int *iteration);
QString labelOf(const QString &runId, int iteration); // "RUN:ITERATION", "RUN" for 0

enum class Source { Common, Run, Union, Csv };
QString sourceName(Source source); // "common", "run", "union", "csv"
std::optional<Source> sourceFromName(const QString &name);
// `--benchmark common|union|run:ID|csv:FILE` (the CLI's and the state file's spelling): the
// source and its detail (the run id, a valid one; the file name, not empty). False on
// anything else (outputs untouched).
bool parseSourceChoice(const QString &text, Source *source, QString *detail);
QString sourceChoice(Source source, const QString &detail); // the inverse

struct SharedBenchmark
{
    Source source = Source::Common;
    QString sourceDetail;   // the run id for Source::Run, the file name for Source::Csv
    QList<TestCase> prompts;
    QJsonObject toJson() const; // {"source": "...", "detail": "...", "prompts": N, "positives": P, "negatives": N}
    // "the 42 prompts every run's benchmark holds", "run X's benchmark (60 prompts)", "the
    // union of the runs' benchmarks (97 prompts)", "the labelled CSV f.csv (50 prompts)".
    QString describe() const;
};

// At least this many shared prompts, with both labels at least MinPerLabel, make the common
// benchmark usable.
inline constexpr int MinShared = 20;
inline constexpr int MinPerLabel = 5;

// The prompts every candidate's own benchmark holds with the same label, in the first
// candidate's order.
QList<TestCase> commonPrompts(const QList<Candidate> &candidates);
QList<TestCase> unionPrompts(const QList<Candidate> &candidates); // first seen wins, dedupKey
bool enough(const QList<TestCase> &prompts);

// The candidate's verdicts on `prompts`, from its own stored benchmark results, in `prompts`'
// order; nothing when one prompt is missing there or was not scanned (then it must be scanned).
std::optional<QList<TestResult>> storedVerdicts(const Candidate &candidate, const QList<TestCase> &prompts);

// The leaderboard over the shared prompts. Rows sorted by coverage, the leader first (ties: the
// earlier candidate). Each row's verdict against the leader is Decision's judgement between two
// iterations on a benchmark (the paired one: better only beyond noise, "within-noise" else).
struct Row
{
    Candidate candidate;
    QList<TestResult> results; // on the shared prompts, in their order
    EfficacyMetrics metrics;
    MetricIntervals intervals;
    bool leader = false;
    // The paired verdict against the leader, through Decision::judge on two iterations scored
    // on the shared prompts (the loop's own rule). A row: how IT compares with the leader
    // (Worse beyond noise, or Same: "within-noise"/"equal"). The leader: how it compares with the
    // runner-up (Better beyond noise, else Same) — so a truly better topic is first with
    // "better". `word()` in JSON as verdictAgainstLeader. Absent with one candidate only.
    std::optional<Decision::Verdict> verdict;
    std::optional<PairedComparison> paired; // the counts behind it (leader = A, this row = B;
                                            // for the leader: runner-up = A, leader = B)
    QStringList separating;   // the shared prompts on which it and the leader disagree
    QString diffAgainstLeader; // its description as a word diff against the leader's
};

struct Leaderboard
{
    SharedBenchmark benchmark;
    QList<Row> rows;
    double alpha = 0.05;

    // `results[i]`: candidate i's verdicts on benchmark.prompts (stored or freshly scanned).
    static Leaderboard build(const QList<Candidate> &candidates, const QList<QList<TestResult>> &results,
                             const SharedBenchmark &benchmark, const RunSettings &decisionSettings);
    // {"benchmark": {...}, "candidates": [{"run","iteration","label","topic":{...},"metrics","intervals",
    //   "leader": bool, "verdictAgainstLeader": "better"|"worse"|"within-noise"|"equal",
    //   "paired": {...}, "separating": [...], "diffAgainstLeader": "..."}]}
    QJsonObject toJson() const; // text and HTML: engine/reports/crossrunreport.h
};

} // namespace CrossRun
