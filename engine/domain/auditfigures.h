#pragma once

#include "benchmarkscore.h"
#include "efficacymetrics.h"
#include "proportionstats.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <optional>

// A whole-profile audit (issue 42): every custom topic of a profile measured together, inside
// the whole profile, on its own held-out prompts; the benign prompts any topic flags; and the
// prompts written for one topic that another one caught.

// One custom topic of the audited profile.
struct AuditTopic
{
    QString id;
    QString name;
    QString action; // the bucket it sits in: "block" or "allow"
    QString description;
    QStringList examples;
    int revision = 0;

    QJsonObject toJson() const;
    static AuditTopic fromJson(const JsonIn &in);
    friend bool operator==(const AuditTopic &, const AuditTopic &) = default;
};

// What one scan of an audit prompt said, kept for the figures.
struct AuditScan
{
    bool scanned = true;       // false: AIRS gave no verdict (the reason says why)
    QString reason;
    bool flagged = false;      // the profile acted on it (ScanVerdict::actedOn for its kind)
    // The answer's own fields, so a person (and a test) can check which signal fired.
    QString category;
    QString action;
    bool topicViolation = false;
    QStringList matchedTopics; // the topics AIRS named as matched, block and allow buckets
    // The answer named no topics (a tenant whose answers lack them): for a flagged prompt,
    // `matchedTopics` is then found with each topic alone in the scratch profile in turn.
    bool namesReported = true;

    QJsonObject toJson() const;
    static AuditScan fromJson(const JsonIn &in);
    friend bool operator==(const AuditScan &, const AuditScan &) = default;
};

// A prompt written for one topic (`intendedTopic`; empty for the general benign set) that
// another topic matched.
struct AuditConflict
{
    QString prompt;
    QString intendedTopic;
    QString matchedTopic;
    bool expected = false; // should the intended topic have matched it?

    friend bool operator==(const AuditConflict &, const AuditConflict &) = default;
};

// The prompts of one topic (or of the general benign set), with their scans once made.
struct AuditSuite
{
    QString topic; // empty: the general benign set
    QList<TestCase> prompts;
    QList<AuditScan> scans; // empty until the whole suite was scanned; then one per prompt

    bool isScanned() const { return !prompts.isEmpty() && scans.size() == prompts.size(); }
};

struct AuditFigures
{
    struct TopicFigures
    {
        QString name;
        QString action;
        EfficacyMetrics metrics; // "triggered" = this topic was among the matched ones
        MetricIntervals intervals;
    };
    QList<TopicFigures> topics;
    // What users should get through (AuditExpectation::shouldAct false: on a block list each
    // block topic's negatives, each allow topic's positives and the general benign set; on an
    // allow list each allow topic's positives): the share the profile acted on.
    int benignPrompts = 0;
    int benignFlagged = 0;
    double benignFlagRate = 0;
    std::optional<ProportionStats::Interval> benignInterval;
    QList<AuditConflict> conflicts;
    QStringList matrixTopics;        // rows and columns, in the profile's order
    QList<QList<int>> matrix;        // [intended][matched]: prompts of one caught by the other
    int notScanned = 0;

    // `allowList`: the profile's guardrail blocks what no topic matches (its "action" is
    // "block"), which decides what its users should get through (AuditExpectation).
    static AuditFigures compute(const QList<AuditTopic> &topics, const QList<AuditSuite> &suites, bool allowList = false);
    // The shape scripts read: topics: [{name, intent, metrics: {tpr, tnr, coverage}, intervals}],
    // profile: {benignFlagRate, interval}, conflicts: [{prompt, intendedTopic, matchedTopic}].
    QJsonObject toJson() const;
    QString text() const;
};
