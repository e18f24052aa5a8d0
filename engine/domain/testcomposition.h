#pragma once

#include "iterationresult.h"

#include <QSet>

#include <optional>

// Builds the test suite of one iteration (behaviour reference §2.3, with §6 item 8 fixed).
//
// Order: carried failures (the last iteration's wrong answers, re-tagged carried-fn /
// carried-fp), then the regression tier (its right answers, re-tagged regression: all of them
// when accumulation is on, else a bounded sample), then the newly generated tests. Dedup on the lower-cased,
// trimmed prompt, first occurrence wins, also within the generated tests and on iteration 1.
//
// Fixes over the original: the accumulate flag decides whether earlier passing tests stay,
// so without it the suite stays bounded (new tests + last failures); and under a cap, half
// of it (rounded down) is kept for new tests while there are that many, carried failures take
// what they can of the rest, then the new tests, then the newest regression-tier tests, so new
// tests are never starved out of a full suite (issue 39).
struct CompositionInput
{
    int iteration = 1;
    QList<TestCase> generated;                 // in the LLM's order (positives, then negatives)
    const IterationResult *previous = nullptr; // the last recorded iteration, for i > 1
    bool accumulate = false;
    std::optional<int> cap; // maxAccumulatedTests; <= 0 means no cap
    // Without accumulation: at most this many of the last iteration's right answers, spread
    // evenly over them, are carried as the regression tier, so regressions are seen.
    int regressionSample = 0;
    // Dedup keys of the held-out benchmark: such prompts never enter the working suite.
    QSet<QString> heldOut;
};

struct CompositionResult
{
    QList<TestCase> suite;
    // Counted before dedup (as the original's tests:composed event reports them).
    int generated = 0;
    int carriedFailures = 0;
    int notScannedAgain = 0; // the last iteration's tests AIRS gave no verdict for, asked again
    int regressionTier = 0;
    // The tests:accumulated figures: pre-cap size minus final size.
    int droppedByCap = 0;
    int total() const { return int(suite.size()); }
};

CompositionResult composeTestSuite(const CompositionInput &input);

QString dedupKey(const QString &prompt);
// How many of each label to take for a set of `size` out of `positives` and `negatives`
// available: half positive (the odd one too) where both suffice, else what one label lacks
// made up by the other.
std::pair<qsizetype, qsizetype> balancedTake(qsizetype positives, qsizetype negatives, qsizetype size);
