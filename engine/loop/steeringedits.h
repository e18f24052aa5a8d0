#pragma once

#include "domain/runstate.h"

// What a person's steering does to a run, as pure functions over its state, so a live run
// (RefinementRun, on its thread) and a stored one (the app's Compare on a finished run) change
// it the same way.
namespace SteeringEdits {

// Marks the expected label of `prompt` as wrong: it becomes the opposite of what the run holds,
// in every iteration that scanned it (working suite and benchmark), the benchmark set, the
// suite the next iteration starts from, imported and added tests, and the prompt's robustness
// rewrites (the set later iterations scan, and each iteration's results: its robustness table
// follows); each touched iteration's metrics are recomputed and the best iteration is chosen
// again. Response tests keep their labels: generate_responses writes them as pairs of their
// own, labelled on the answer (a refusal of an on-topic prompt is a negative), not from a
// suite prompt. Returns an error (and changes nothing) when the run never saw the prompt or its
// label is already corrected.
// `label` (optional) receives the label now in force. `wrong`: the label the person marked as
// wrong (the row they clicked); without it, the label the run holds where the person most
// likely saw it (the suite in progress, then the latest iteration).
//
// `response` (issue 56): the answer of a response test with this prompt: the pair's label is
// corrected instead (in the frozen response set and every iteration's response score, the
// best chosen again). A response test's label is about its answer, so a prompt's correction
// never touches response tests, nor a pair's the prompt.
QString correctLabel(RunState &run, const QString &prompt, const QDateTime &at,
                     bool *label = nullptr, std::optional<bool> wrong = std::nullopt,
                     const QString &response = {});
// Takes a correction back: the label returns to what it was, the figures with it.
QString undoCorrection(RunState &run, const QString &prompt, bool *label = nullptr, const QString &response = {});
// Relabels the response tests with this prompt and answer in a score and computes it again;
// true when the score holds one.
bool relabelResponse(BenchmarkScore &score, const QString &prompt, const QString &response, bool expected);

// Sets the label of every test (result) with this prompt, as matched on dedupKey.
void relabel(QList<TestCase> &tests, const QString &prompt, bool expected);
void relabel(QList<TestResult> &results, const QString &prompt, bool expected);
// The score's results relabelled, and the score computed again (same version).
void relabel(BenchmarkScore &score, const QString &prompt, bool expected);

// Sets the label of the robustness rewrites of this prompt (TestCase::rewriteOf: an index into
// `benchmark`, the run's benchmark set, whose prompts are matched on dedupKey), each judged
// again.
void relabelRewrites(QList<TestResult> &rewrites, const QList<TestCase> &benchmark,
                     const QString &prompt, bool expected);

// The label in force for a test: the person's correction, else its own.
void applyCorrections(const RunSteering &steering, QList<TestCase> &tests);
void applyCorrections(const RunSteering &steering, QList<TestResult> &results);
// The label in force for rewrites of `benchmark`'s prompts (written from labels read before a
// correction): their prompt's correction, else their own.
void applyCorrections(const RunSteering &steering, const QList<TestCase> &benchmark,
                      QList<TestCase> &rewrites);

struct Added
{
    int added = 0;      // new prompts
    int duplicates = 0; // already in the run (or twice in the input): left out
    QString error;
};
// Prompts a person adds mid-run. Working suite: kept in steering.addedTests and composed into
// every later iteration. Benchmark: staged in steering.pendingBenchmark until the next
// iteration starts (startPendingBenchmark), which begins a new benchmark version; a prompt any
// working suite held is left out, and a run without a benchmark refuses them. Empty prompts
// are an error; the whole addition is refused then.
Added addPrompts(RunState &run, QList<TestCase> tests, PromptTarget target);
// Moves staged benchmark prompts into the set and starts a new version; returns how many.
int startPendingBenchmark(RunState &run);

// Puts the person's kept examples back into a proposal, within the AIRS limits: appended while
// there is room, else in place of the last example that is not kept; a kept example that cannot
// fit is named in the notes (and in `unfit`). Returns what it did, one sentence each.
QStringList keepExamples(Topic &topic, const QStringList &kept, QStringList *unfit = nullptr);

} // namespace SteeringEdits
