#pragma once

#include "learning.h"

#include "domain/efficacymetrics.h"
#include "domain/topic.h"

#include <QList>

// The best topic a category has seen (behaviour reference §4.2). `metrics` is kept as the full
// EfficacyMetrics JSON exactly as stored, so a round trip never changes it.
struct BestKnown
{
    QString runId;
    int iteration = 0;
    Topic topic;
    QJsonObject topicExtra; // unknown fields of the topic
    QJsonObject metrics;
    QJsonObject extra;

    double coverage() const;
    EfficacyMetrics efficacy() const; // the metrics, typed (zeros where unreadable)

    QJsonObject toJson() const;
    static BestKnown fromJson(const JsonIn &in);
    friend bool operator==(const BestKnown &, const BestKnown &) = default;
};

// One memory file, `<memoryDir>/<category>.json`, with the original's field names.
struct CategoryMemory
{
    QString category;
    QDateTime updatedAt; // invalid = "" (a memory that was never saved)
    QList<Learning> learnings;
    std::optional<BestKnown> bestKnown; // null in the file when absent
    QStringList antiPatterns;
    QJsonObject extra; // unknown top-level fields, written back verbatim

    const Learning *learning(const QString &id) const;
    Learning *learning(const QString &id);
    qsizetype indexOf(const QString &id) const;
    int pendingCount() const;
    // Known fields whose stored value could not be read and is kept raw in an `extra` (their
    // typed value is a default). A memory with any is read-only: a write could lose data.
    QStringList shadowedFields() const;

    QJsonObject toJson() const;
    // Lenient like the original (which never validates a memory file): problems are appended
    // to `problems` with their JSON path, and nothing readable is dropped.
    static CategoryMemory fromJson(const QJsonObject &object, QStringList *problems);

    friend bool operator==(const CategoryMemory &, const CategoryMemory &) = default;
};
