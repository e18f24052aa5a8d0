#pragma once

#include <QJsonObject>
#include <QString>

class JsonIn;

// What the loop decided, as it recorded it in the run file (issue 56; written by Decision::
// record after every recorded iteration, a label correction and the run's end). The CLI's exit
// code, the views and the reports read this instead of deciding again.
struct DecisionRecord
{
    bool onBenchmark = false;    // decided on the held-out benchmark (else the working suite)
    bool bothDirections = false; // the weaker of the prompt and response sides decides
    int bestIteration = 0;
    double bestCoverage = 0; // the best's deciding coverage as measured
    double target = 0;
    int iterationAtTarget = 0; // the first iteration that reached the target as the loop decides it; 0 = none
    double targetCoverage = 0; // its figure against the target (unstable prompts as errors)
    // When a later iteration measured more than the best but within noise (0 = none): that
    // iteration, what it measured, on how many prompts, and about how many would tell them apart
    // (0 = not even 5000 would).
    int noiseIteration = 0;
    double noiseCoverage = 0;
    int noisePrompts = 0;
    int noisePromptsNeeded = 0;
    QString why; // one English sentence: why the best is the best and whether the target is reached

    bool targetReached() const { return iterationAtTarget > 0; }
    // "iteration 2 measured 100.0% but is within noise of iteration 1 on 8 prompts; a benchmark
    // of about 24 prompts would tell them apart", or empty.
    QString noiseNote() const;
    // A stop reason with the noise note added when the target was not reached (once).
    QString explainStop(const QString &reason) const;
    QJsonObject toJson() const;
    static DecisionRecord fromJson(const JsonIn &in);
    friend bool operator==(const DecisionRecord &, const DecisionRecord &) = default;
};
