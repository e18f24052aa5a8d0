#pragma once

#include "testcase.h"
#include "topic.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <optional>

class JsonIn;

// What a person steering a run has said to it (stored in the run file under "steering"):
// step mode, the proposal waiting for a decision, hints, kept examples, corrected labels and
// prompts added mid-run. Everything here survives a pause and a restart.

// Which LLM call produced a proposal.
enum class ProposalKind { Generate, Improve, Simplify };
QString proposalKindName(ProposalKind kind); // "generate", "improve", "simplify"
std::optional<ProposalKind> proposalKindFromName(const QString &name);

// A topic the loop proposes, held until the person decides (step mode only).
struct PendingProposal
{
    ProposalKind kind = ProposalKind::Generate;
    int iteration = 0;
    Topic proposal;               // as the LLM wrote it, with kept examples put back
    std::optional<Topic> current; // what it would replace; none for the first proposal
    QStringList notes;            // what the app changed in it ("kept example … re-added")

    QJsonObject toJson() const;
    static PendingProposal fromJson(const JsonIn &in);
    friend bool operator==(const PendingProposal &, const PendingProposal &) = default;
};

// The person's answer to a proposal.
struct ProposalDecision
{
    enum class Action { Accept, Retry };
    Action action = Action::Accept;
    std::optional<Topic> edited; // Accept: deploy this instead of the proposal (name locked)
    QString hint;                // Retry: goes into the prompt of the next proposal

    static QString actionName(Action action); // "accept", "edit" (accept with an edit), "retry"
    QString name() const;
    QJsonObject toJson() const;
};

// A test whose expected label the person marked as wrong. Prompts are matched on dedupKey, so
// the correction holds in every iteration, the benchmark and tests generated later.
struct LabelCorrection
{
    QString prompt;
    bool expectedTriggered = false; // the corrected label
    QDateTime at;
    // Issue 56: a response test's answer. Set: the correction is of that prompt and response
    // pair's label (response tests are written with their own labels, about the answer, and
    // the same prompt can stand with two answers of opposite labels); empty: of the prompt's.
    QString response;

    QJsonObject toJson() const;
    static LabelCorrection fromJson(const JsonIn &in);
    friend bool operator==(const LabelCorrection &, const LabelCorrection &) = default;
};

// Where added prompts go.
enum class PromptTarget { WorkingSuite, Benchmark };
QString promptTargetName(PromptTarget target); // "working-suite", "benchmark"

struct RunSteering
{
    bool stepMode = false;
    std::optional<PendingProposal> pending;
    QString hint;                       // for the next proposal; cleared once a prompt carried it
    QStringList hints;                  // every hint given, oldest first (the run's record)
    QStringList keptExamples;           // every later proposal keeps these (within the AIRS limits)
    QList<LabelCorrection> corrections; // in force, oldest first
    QList<TestCase> addedTests;         // working suite: scanned in every iteration once composed
    QList<TestCase> pendingBenchmark;   // join the benchmark when the next iteration starts
    // The benchmark's versions: the set's size at each. Version 1 is the frozen set; each
    // addition starts the next. Empty until the first addition (then {initial, new}).
    QList<int> benchmarkSizes;

    int benchmarkVersion() const
    {
        return benchmarkSizes.isEmpty() ? 1 : int(benchmarkSizes.size());
    }
    // The benchmark prompt count of a version (1-based); `fallback` when no addition was made.
    int benchmarkSize(int version, int fallback) const;
    const LabelCorrection *correctionFor(const QString &prompt) const; // of the prompt itself
    const LabelCorrection *correctionFor(const QString &prompt, const QString &response) const;
    bool isDefault() const;

    QJsonObject toJson() const;
    static RunSteering fromJson(const JsonIn &in);
    friend bool operator==(const RunSteering &, const RunSteering &) = default;
};
