#pragma once

#include "domain/proportionstats.h"
#include "domain/signedrank.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

struct RunState;

// What one run of a memory experiment measured (one arm of one topic in one order).
struct ArmOutcome
{
    QString runId;
    bool done = false;          // the run ended (completed, whatever its stop reason)
    bool reachedTarget = false; // an iteration reached the target as the loop decides it
    int iterations = 0;         // iterations recorded
    // The first iteration that reached the target (as the loop decides); when none did, the run's
    // iteration limit + 1 (the run is censored: it would have needed more than it was allowed).
    int iterationsToTarget = 0;
    int llmCalls = 0;
    qint64 tokens = 0; // in + out
    int scans = 0;
    // The best iteration's coverage on the held-out benchmark, with its Wilson 95 % interval;
    // absent when the run had no benchmark or recorded no iteration.
    std::optional<double> benchmarkCoverage;
    std::optional<ProportionStats::Interval> benchmarkInterval;

    // From a run file: `run` as RunStore loaded it.
    static ArmOutcome fromRun(const RunState &run);
    QJsonObject toJson() const;
};

// One topic in one order, both arms: the pair the test compares.
struct TopicTrial
{
    int order = 0;    // 1-based
    int position = 0; // 1-based place of the topic in that order
    QString topic;
    ArmOutcome memoryOff;
    ArmOutcome memoryOn;
    // Learnings the memory-on arm could read: what this order's earlier topics taught.
    int learningsAvailable = 0;

    bool complete() const { return memoryOff.done && memoryOn.done; }
    // Iterations memory saved: off - on (positive: memory helped).
    int iterationsSaved() const { return memoryOff.iterationsToTarget - memoryOn.iterationsToTarget; }
};

struct ExperimentSummary
{
    int completePairs = 0;
    SignedRank::Result test;     // on iterationsSaved() of the complete pairs
    double medianSaved = 0;      // iterations per topic, positive: memory helped
    double significance = 0.05;  // the level the sentence uses
    // "Memory saved 1.5 iterations per topic (median of 6 pairs, p = 0.03)." or "No detectable
    // effect of memory on iterations to target (...)."
    QString sentence;
};

// The whole experiment as the report shows it.
struct ExperimentOutcome
{
    QString id;
    QDateTime createdAt;
    bool sandbox = false;
    QString provider; // LLM provider and model the runs used
    QString model;
    int orders = 0;
    quint32 seed = 0;
    double targetCoverage = 0.9;
    int maxIterations = 0;
    QStringList topics;       // as given, before shuffling
    QList<TopicTrial> trials; // order by order, in each order's topic sequence

    ExperimentSummary summary() const;
    // Said in every report of a sandbox experiment.
    static QString sandboxCaveat();
};
