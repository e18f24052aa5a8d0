#pragma once

#include "domain/runsettings.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <optional>

class JsonIn;

// The metrics a learning carries (behaviour reference §4.2): those of its run's best iteration.
struct LearningMetrics
{
    double coverage = 0;
    double tpr = 0;
    double tnr = 0;
    double accuracy = 0;
    double f1 = 0;
    QJsonObject extra; // unknown fields, written back verbatim

    QJsonObject toJson() const;
    static LearningMetrics fromJson(const JsonIn &in);
    friend bool operator==(const LearningMetrics &, const LearningMetrics &) = default;
};

// Where a learning (or a learning merged into it) came from: kept on a merge and a
// corroboration, so both sources stay visible (`mergedFrom`).
struct LearningOrigin
{
    QString learningId; // empty for a corroborating extraction (its record was never stored)
    QString runId;
    QString source;
    QString topicCategory;
    QDateTime extractedAt;

    QJsonObject toJson() const;
    static LearningOrigin fromJson(const QJsonObject &object);
    friend bool operator==(const LearningOrigin &, const LearningOrigin &) = default;
};

// The shown confidence of a learning and everything it was computed from, so the GUI tooltip
// and the CLI explain the same number (README "How confidence works"):
//   base  = the stored confidence, or, for a learning that has none (the original's files),
//           min(0.50 + 0.05 × corroborations, 0.80);
//   shown = base × 0.5^(days since the later of last confirmation and last recall ÷ half-life),
//           or base when the learning was never confirmed nor recalled, or decay is off.
struct ConfidenceExplanation
{
    double shown = 0;
    double base = 0;
    bool baseFromCorroborations = false; // no stored confidence: base from corroborations
    int seen = 1;                        // corroborations + 1
    QDateTime lastConfirmed;             // invalid = never
    QDateTime lastUsed;                  // lastRecalledAt; invalid = never
    QDateTime clock;                     // the later of the two; invalid = no decay
    double ageDays = 0;                  // now − clock
    double halfLifeDays = 0;             // <= 0 = decay off
    double decayFactor = 1;              // 0.5^(ageDays ÷ halfLifeDays)

    // Two decimals; a value that decayed to almost nothing reads "<0.01", not "0.00".
    static QString number(double value);
    // "0.50 + 0.05 × 3 corroborations = 0.65" or "0.60 (stored)".
    QString baseText() const;
    // One line: "0.33 = base 0.65 × 0.5^(90.0 days ÷ 90) since last used 2025-06-01".
    QString formula() const;
    // Labelled lines (English) for a tooltip or `daystrom memory show`.
    QStringList details() const;
};

// One learning of a memory file, with the original's field names (§4.2) plus extension fields
// that the original ignores. An extension field is written only when it is set, so a file
// written by the original round-trips unchanged; unknown fields survive in `extra`.
struct Learning
{
    // The original's fields.
    QString id; // 21-character nanoid
    QString runId;
    QDateTime extractedAt;
    QString topicCategory;
    QString topicDescription;
    QString insight;
    QString strategy;
    QString outcome = QStringLiteral("neutral"); // improved | degraded | neutral
    QString changeType =
        QStringLiteral("initial"); // description-only | examples-only | both | initial
    LearningMetrics metrics;
    int corroborations = 0;
    QStringList tags;

    // Extensions (absent in the original's files).
    std::optional<double> confidence;         // absent = from corroborations (baseConfidence())
    std::optional<QDateTime> lastRecalledAt;  // set when the learning is injected into a prompt
    std::optional<QDateTime> lastConfirmedAt; // set when a person confirms it
    std::optional<QString> type;              // "memory" (absent) or "anti-pattern"
    std::optional<QString> source;            // "<runId> <provider/model>" or "person"
    std::optional<QString> status;            // "active" (absent) or "pending" (awaits review)
    std::optional<Intent> intent; // the run's intent at extraction; absent (original) = unknown
    bool intentNeutral = false;   // holds for either intent (e.g. "two examples beat five")
    std::optional<int> iteration; // the iteration the learning (and its metrics) describe
    QList<LearningOrigin> mergedFrom; // learnings merged into this one, corroborating runs

    QJsonObject extra; // unknown fields and unreadable raw values, written back verbatim

    static constexpr double DefaultConfidence = 0.5;
    static constexpr double CorroborationStep = 0.05;
    static constexpr double CorroborationCap = 0.8; // corroboration alone never lifts above
    static constexpr double ConfirmStep = 0.1;
    static constexpr double RejectStep = 0.15;
    static constexpr double InvertBelow = 0.15; // a reject below this turns it into an anti-pattern
    static constexpr double MinConfidence = 0.01;
    static constexpr double MaxConfidence = 1.0;
    static const QString PitfallPrefix; // "KNOWN PITFALL: "

    // The confidence before decay: the stored value, else the starting value a learning with
    // this many corroborations gets (priorFor()).
    double baseConfidence() const;
    double confidenceValue() const { return baseConfidence(); }
    // min(0.5 + 0.05 × corroborations, 0.8).
    static double priorFor(int corroborations);
    // Whether an extension field other than the recall date or provenance is set (a learning
    // as the original writes it has none). A recall date only matters with decay on.
    bool hasExtensions() const
    {
        return confidence || lastConfirmedAt || type || source || status || intent ||
               intentNeutral || iteration;
    }
    bool isAntiPattern() const;
    // An anti-pattern, or an insight starting with "KNOWN PITFALL: " (an inverted learning).
    bool isPitfall() const;
    bool isPending() const;
    // The later of the last confirmation and the last recall; invalid when it was neither
    // (then it does not decay). Extraction never starts the clock.
    QDateTime decayClock() const;
    // The one function behind every shown confidence (see ConfidenceExplanation).
    ConfidenceExplanation explainConfidence(const QDateTime &now, double halfLifeDays) const;
    double effectiveConfidence(const QDateTime &now, double halfLifeDays) const
    {
        return explainConfidence(now, halfLifeDays).shown;
    }
    // (corroborations + 1) × effective confidence ÷ 0.5: grows with corroborations, so for
    // learnings at their defaults with decay off the original's order is kept.
    double rankScore(const QDateTime &now, double halfLifeDays) const;

    // base +0.1, at most 1.0; with a valid `now` the decay clock restarts (lastConfirmedAt),
    // so the shown value right after equals the new base.
    void confirm(const QDateTime &now = {});
    // A later run saw it again: corroborations + 1 and, when a confidence is stored, +0.05 up
    // to 0.8 (a stored value above stays).
    void corroborate();
    // base −0.15, at least 0.01. The decay clock is not restarted (a rejection must never make
    // a learning look fresher). A learning that drops below 0.15 and is not yet an anti-pattern
    // is inverted: type "anti-pattern", insight prefixed with "KNOWN PITFALL: ", confidence 0.5
    // and outcome "degraded" (so the original tool, which ignores `type`, also shows it as
    // AVOID). Returns true when this reject inverted it. An anti-pattern is never inverted again.
    bool reject();

    LearningOrigin origin() const;

    QJsonObject toJson() const;
    // Lenient like the original: missing fields take defaults, wrong types are reported in the
    // JsonIn's error list and kept raw in `extra`.
    static Learning fromJson(const JsonIn &in);

    static bool isValidOutcome(const QString &outcome);
    static bool isValidChangeType(const QString &changeType);

    friend bool operator==(const Learning &, const Learning &) = default;
};
