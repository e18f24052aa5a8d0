#pragma once

#include "iterationresult.h"
#include "testcomposition.h"

#include <QJsonObject>

#include <algorithm>

// Whether iteration B scores better than A on the prompts both of them scanned — the held-out
// benchmark when both have one, else their working suites. Each shared prompt (matched on its
// trimmed, lower-cased text; a benchmark prompt unstable in either iteration is out of both)
// is a pair of outcomes; the pairs that disagree are fixed (wrong in A, right in B) or broken.
// Prompts only one iteration scanned are counted and named, never silently compared.
//
// The verdict is about coverage, min(TPR, TNR), the figure the loop optimises (issue 39). The
// iteration with the higher coverage is better only when *every* class of it is above the
// other iteration's coverage beyond noise (issue 56: a topic that gains the positives it
// lacked and loses negatives is not better unless its negatives too stay above the old
// coverage). Each class is tested against the other iteration's classes: the same class
// paired (exact McNemar), the other class on its own prompts (Fisher's exact test), each
// one-sided at alpha / 2; one of the two must hold for every class. Whatever the true rates
// of the two iterations, the chance of calling one better when it is not is at most alpha
// (an intersection-union test; tests/domain/tst_pairedcomparisongrid.cpp measures it over a
// grid of true rates). Otherwise the difference is within noise. The loop chooses its best
// iteration by this same verdict (Decision), so what Compare says and what the run chose
// agree. The pooled view over all prompts (accuracy) stays available beside it.
struct PairedComparison
{
    enum class Verdict { BBetter, ABetter, WithinNoise, NothingShared };

    int iterationA = 0;
    int iterationB = 0;
    bool onBenchmark = false; // the benchmark's results were compared, not the working suites
    int unstable = 0;         // benchmark prompts left out: their verdict changed between scans
    int notScanned = 0;       // prompts left out: AIRS gave no verdict in one of the two
    int shared = 0; // prompts both scanned
    int onlyInA = 0;
    int onlyInB = 0;
    int fixed = 0;
    int broken = 0;
    double pValue = 1;          // pooled: exact McNemar over every shared prompt (accuracy)
    Verdict verdict = Verdict::NothingShared; // on coverage (above)
    Verdict accuracyVerdict = Verdict::NothingShared; // on the pooled counts
    // The same split per class of the shared prompts (by B's expected label): coverage is
    // min(TPR, TNR), so which class B fixes and which it breaks matters (issue 39).
    struct ClassPairs
    {
        int prompts = 0; // shared prompts of the class
        int rightInA = 0;
        int rightInB = 0;
        int fixed = 0;
        int broken = 0;
        double pValue = 1; // exact McNemar within the class

        double rateA() const { return prompts ? double(rightInA) / prompts : 0; }
        double rateB() const { return prompts ? double(rightInB) / prompts : 0; }
        // Beyond noise at `alpha`, in B's favour (gained) or against it (lost).
        bool gained(double alpha) const { return fixed > broken && pValue < alpha; }
        bool lost(double alpha) const { return broken > fixed && pValue < alpha; }
    };
    ClassPairs positives; // prompts expected to trigger (TPR)
    ClassPairs negatives; // (TNR)
    // How each class of the iteration with the higher coverage fared against the other
    // iteration's coverage (above): beyond noise or not, and the p-value that decided it (the
    // smaller of the two tried when neither holds).
    struct ClassCheck
    {
        bool beyondNoise = false;
        double pValue = 1;
        bool paired = true; // against the same class; else against the other iteration's other class
    };
    ClassCheck positivesCheck;
    ClassCheck negativesCheck;
    double alpha = 0.05;
    enum class Limiting { Positives, Negatives, Both };
    Limiting limiting = Limiting::Both; // the class(es) the verdict was decided on

    // Coverage on the shared prompts: min of the two class rates (of the one class when the
    // other has no shared prompt).
    double coverageA() const { return coverage(positives.rateA(), negatives.rateA()); }
    double coverageB() const { return coverage(positives.rateB(), negatives.rateB()); }

    // `alpha`: the p-value below which a difference is called real.
    static PairedComparison of(const IterationResult &a, const IterationResult &b, double alpha = 0.05);
    // The verdict from the class counts alone (positives, negatives, alpha): sets verdict,
    // limiting and the class checks. `of` calls it; tests call it on counts they made.
    void decide();
    // About how many shared prompts (the same rates, the same mix of classes) would tell the
    // two iterations apart, when their coverages differ but within noise; 0 when they are
    // already told apart, equal, or not even 5000 prompts would do.
    int promptsToTellApart() const;
    static QString key(const QString &prompt) { return dedupKey(prompt); }

    double coverage(double positiveRate, double negativeRate) const
    {
        if (positives.prompts == 0 || negatives.prompts == 0)
            return positives.prompts ? positiveRate : negatives.prompts ? negativeRate : 0;
        return std::min(positiveRate, negativeRate);
    }

    static QString verdictName(Verdict v); // "b-better", "a-better", "within-noise", "nothing-shared"
    static QString limitingName(Limiting l); // "positives", "negatives", "both"
    // "Iteration 5 is better than iteration 3: coverage 70.0 % → 86.7 %; the positives, which
    // limited iteration 3's coverage: 12 fixed, 1 broken, p = 0.003 (on the 48 prompts both
    // scanned; 3 only in iteration 3, 5 only in iteration 5)".
    QString sentence() const;
    // Why a different coverage is within noise, one clause: "iteration 5's negatives (62.0 %)
    // are not above iteration 3's coverage (70.0 %) beyond noise (p = 0.310)"; empty otherwise.
    QString noiseReason() const;
    // "All prompts (accuracy): 12 fixed, 3 broken, p = 0.035."
    QString accuracySentence() const;
    // One indented line per class and one for all prompts, each ending in a newline:
    // "  positives (TPR)  16 → 27 of 43 right   12 fixed   1 broken   p = 0.003   limited A".
    QString perClassText() const;
    // Also "perClass": {"positives": {fixed, broken, pValue, …}, "negatives": {…}},
    // "coverageA", "coverageB", "limiting" and "accuracyVerdict".
    QJsonObject toJson() const;
};
