#pragma once

#include <QDateTime>
#include <QJsonObject>
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
    std::optional<double> confidence;        // absent = DefaultConfidence
    std::optional<QDateTime> lastRecalledAt; // set when the learning is injected into a prompt
    std::optional<QString> type;             // "memory" (absent) or "anti-pattern"
    std::optional<QString> source;           // "<runId> <provider/model>" or "person"
    std::optional<QString> status;           // "active" (absent) or "pending" (awaits review)

    QJsonObject extra; // unknown fields and unreadable raw values, written back verbatim

    static constexpr double DefaultConfidence = 0.5;
    static constexpr double ConfirmStep = 0.1;
    static constexpr double RejectStep = 0.15;
    static constexpr double InvertBelow = 0.15; // a reject below this turns it into an anti-pattern
    static constexpr double MinConfidence = 0.01;
    static constexpr double MaxConfidence = 1.0;
    static const QString PitfallPrefix; // "KNOWN PITFALL: "

    double confidenceValue() const { return confidence.value_or(DefaultConfidence); }
    // Whether an extension field other than lastRecalledAt is set (a learning as the original
    // writes it has none). A recall date only matters with decay on, and is set by reading.
    bool hasExtensions() const { return confidence || type || source || status; }
    bool isAntiPattern() const;
    bool isPending() const;
    // The decay clock starts at the last recall, or at extraction when never recalled (or when
    // a later run corroborated it after its last recall, which refreshes extractedAt).
    QDateTime decayClock() const;
    // confidence × 0.5^(days since the decay clock ÷ halfLifeDays); halfLifeDays <= 0 = no decay.
    double effectiveConfidence(const QDateTime &now, double halfLifeDays) const;
    // (corroborations + 1) × effective confidence ÷ 0.5: equals corroborations + 1 for a fresh
    // learning with the default confidence, so the original's order is kept.
    double rankScore(const QDateTime &now, double halfLifeDays) const;

    // +0.1, at most 1.0.
    void confirm();
    // −0.15, at least 0.01. A learning that drops below 0.15 and is not yet an anti-pattern is
    // inverted: type "anti-pattern", insight prefixed with "KNOWN PITFALL: ", confidence 0.5 and
    // outcome "degraded" (so the original tool, which ignores `type`, also shows it as AVOID).
    // Returns true when this reject inverted it. An anti-pattern is never inverted again.
    bool reject();

    QJsonObject toJson() const;
    // Lenient like the original: missing fields take defaults, wrong types are reported in the
    // JsonIn's error list and kept raw in `extra`.
    static Learning fromJson(const JsonIn &in);

    static bool isValidOutcome(const QString &outcome);
    static bool isValidChangeType(const QString &changeType);

    friend bool operator==(const Learning &, const Learning &) = default;
};
