#pragma once

#include "iterationresult.h"
#include "testcomposition.h"

#include <QJsonObject>

// Whether iteration B scores better than A on the prompts both of them scanned — the held-out
// benchmark when both have one (its unstable prompts left out), else their working suites —
// each shared
// prompt (matched on its trimmed, lower-cased text) is a pair of outcomes, the pairs that
// disagree are fixed (wrong in A, right in B) or broken, and the exact McNemar test says
// whether that split is more than chance. Prompts only one iteration scanned are counted and
// named, never silently compared.
struct PairedComparison
{
    enum class Verdict { BBetter, ABetter, WithinNoise, NothingShared };

    int iterationA = 0;
    int iterationB = 0;
    bool onBenchmark = false; // the benchmark's results were compared, not the working suites
    int unstable = 0;         // benchmark prompts left out: their verdict changed between scans
    int shared = 0; // prompts both scanned
    int onlyInA = 0;
    int onlyInB = 0;
    int fixed = 0;
    int broken = 0;
    double pValue = 1;
    Verdict verdict = Verdict::NothingShared;
    // The same split per class of the shared prompts (by B's expected label): coverage is
    // min(TPR, TNR), so which class B fixes and which it breaks matters (issue 39).
    struct ClassPairs
    {
        int fixed = 0;
        int broken = 0;
        double pValue = 1; // exact McNemar within the class
    };
    ClassPairs positives; // prompts expected to trigger
    ClassPairs negatives;

    // `alpha`: the p-value below which a difference is called real.
    static PairedComparison of(const IterationResult &a, const IterationResult &b, double alpha = 0.05);
    static QString key(const QString &prompt) { return dedupKey(prompt); }

    static QString verdictName(Verdict v); // "b-better", "a-better", "within-noise", "nothing-shared"
    // "Iteration 5 is better than iteration 3: 12 fixed, 1 broken, p = 0.003 (on the 48 prompts
    // both scanned; 3 only in iteration 3, 5 only in iteration 5)".
    QString sentence() const;
    // Also "perClass": {"positives": {fixed, broken, pValue}, "negatives": {…}}.
    QJsonObject toJson() const;
};
