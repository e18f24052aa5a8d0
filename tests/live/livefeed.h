#pragma once

#include "models/session/runcontroller.h"
#include "models/runsession.h"
#include "samplerun.h"

// Drives a RunSession without the engine: the session is attached to a RunController whose
// signals the test emits itself, exactly as the engine's relay would.
class LiveFeed
{
public:
    explicit LiveFeed(int maxIterations = 5, double targetCoverage = 0.9);

    RunController controller;
    RunSession session;

    static RunState initialRun(int maxIterations, double targetCoverage);
    static TestResult result(const QString &prompt, bool expected, bool actual,
                             const QString &category, TestSource source = TestSource::Generated);

    // Emits the entry the engine would record for `event` (a LoopEventJson object).
    void record(const QJsonObject &event);
    // The signal and its event-log entry, as the engine emits them.
    void memoryLoaded(int learnings);
    void generateComplete(const Topic &topic);
    void applyComplete(const QString &topicId);
    void testsComposed(int generated, int carriedFailures, int regressionTier, int total);
    void topicDuplicate(int duplicateOf);
    void topicReverted(int revertedTo);
    void topicSimplified();
    void loopFailed(const QString &error);

    void startIteration(int iteration);
    // Emits testScanned + testProgress for each result, in `order` (indexes into `results`;
    // empty = all, in suite order; a partial order is the rest of the suite).
    void scan(const QList<TestResult> &results, const QList<int> &order = {});
    IterationResult complete(int iteration, const QList<TestResult> &results);
    // startIteration + scan + complete.
    IterationResult runIteration(int iteration, const QList<TestResult> &results);

    // A suite with a known mix: 3 TP, 2 TN, 2 FP (one carried), 2 FN (one a regression),
    // 1 regression-tier TN.
    static QList<TestResult> mixedSuite(const QString &tag = {});
};
