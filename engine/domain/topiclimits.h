#pragma once

#include "topic.h"

#include <QList>

// AIRS custom-topic limits, in UTF-8 bytes (behaviour reference §1 and §3.1).
namespace TopicLimits {
inline constexpr qsizetype NameBytes = 100;
inline constexpr qsizetype DescriptionBytes = 250;
inline constexpr qsizetype ExampleBytes = 250;
inline constexpr qsizetype MinExamples = 2;
inline constexpr qsizetype MaxExamples = 5;
// Name + description + every example: the stricter of the two readings (DESIGN.md).
inline constexpr qsizetype CombinedBytes = 1000;
// Custom topics one security profile holds at most, as public topic libraries for AIRS state
// (not confirmed by the API reference).
inline constexpr int TopicsPerProfile = 20;

struct Violation
{
    QString field; // "name", "description", "examples", "examples[3]" or "topic"
    QString message;
    friend bool operator==(const Violation &, const Violation &) = default;
};

qsizetype combinedBytes(const Topic &topic);

// Fits an LLM's topic into the limits: cut name and description, keep the first five
// examples and cut each, drop trailing examples while the total is over (never below the
// minimum), and only then cut the description by the overflow. Cuts fall on grapheme
// boundaries. Emptiness and a too-small example count are left for validate() to report.
Topic clamp(const Topic &topic);

// Every violation, each with its field. Empty means the topic can be deployed.
QList<Violation> validate(const Topic &topic);

QString describe(const QList<Violation> &violations); // "name: …; examples[2]: …"
} // namespace TopicLimits
