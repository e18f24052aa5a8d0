#pragma once

#include "categorymemory.h"
#include "learning.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <optional>

class MemoryStore;

// A team bundle (README "Sharing memory"): the learnings and anti-patterns of some categories,
// with their provenance, as one versioned JSON file:
//   { "format": "daystrom-memory-bundle", "version": 1, "exportedAt": "ISO",
//     "categories": [ { "category": "<file key>",
//                       "learnings": [ <a learning exactly as in a memory file> ],
//                       "antiPatterns": [ "…" ] } ] }
// A learning keeps every field of its file (id, runId, extractedAt, source, corroborations,
// confidence, mergedFrom, …), so the importing home knows where it came from. Reading is
// strict, unlike a memory file: any wrong type refuses the whole bundle.
struct MemoryBundle
{
    struct Category
    {
        QString key; // the category, by its own name (a long one is not its file key)
        QList<Learning> learnings;
        QStringList antiPatterns;
    };

    QDateTime exportedAt;
    QList<Category> categories;

    static constexpr QLatin1StringView Format{"daystrom-memory-bundle"};
    static constexpr int Version = 1;
    // A bundle file must be smaller than this (50 MB); a larger one is refused unread.
    static constexpr qint64 MaxBytes = 50'000'000;

    int learningCount() const;
    int antiPatternCount() const;

    QJsonObject toJson() const;
    // Every problem is appended to `errors` with its JSON path; nothing when there is one.
    static std::optional<MemoryBundle> fromJson(const QJsonObject &object, QStringList *errors);

    struct Read;
    // Refuses a file of MaxBytes or more, bad JSON, and wrong types, with a clear message.
    static Read readFile(const QString &path);
    QString writeFile(const QString &path) const; // atomic; error message, or empty
};

struct MemoryBundle::Read
{
    std::optional<MemoryBundle> bundle;
    QString error; // one paragraph: what is wrong, with up to five JSON paths
    bool ok() const { return bundle.has_value(); }
};

// Export and import of bundles through a MemoryStore.
namespace MemoryBundles {

struct Exported
{
    MemoryBundle bundle;
    QStringList skipped; // "<key>: why" for unreadable categories (when exporting all)
    QString error;       // a named category is missing or unreadable
    bool ok() const { return error.isEmpty(); }
};
// `keys` are file keys (empty = every category). Categories with nothing to share are left out.
Exported collect(const MemoryStore &store, const QStringList &keys, const QDateTime &now = {});

// What an import does (or did) with one item of the bundle.
struct Item
{
    enum Kind { Add, Corroborate, Skip };
    Kind kind = Add;
    QString category;
    bool antiPattern = false;
    QString text;     // the insight, or the anti-pattern
    QString bundleId; // the learning's id in the bundle
    QString targetId; // the id it has in this home (added), or the learning it corroborates
    QString reason;   // why it was skipped
};

struct Plan
{
    QList<Item> items;
    QStringList writtenCategories; // apply(): the files written
    QStringList errors;            // apply(): categories that could not be written
    int count(Item::Kind kind) const;
    bool changesAnything() const { return count(Item::Add) + count(Item::Corroborate) > 0; }
};

// Merges one bundle category into `memory` with the store's merge rules (MemoryMerger::merge):
// a learning corroborates the learning of this home it duplicates, else it is added with its
// provenance (a fresh id when its id is taken here); an anti-pattern already listed is skipped.
// Learnings of the bundle are never merged with each other: they were merged where they
// came from, so an import into an empty home reproduces them.
QList<Item> mergeCategory(CategoryMemory &memory, const MemoryBundle::Category &category);

// The dry run: what apply() would do now. Nothing is written.
Plan plan(const MemoryStore &store, const MemoryBundle &bundle);
// Each category under its lock (MemoryStore::update), re-read and merged again; every added or
// corroborated learning and added anti-pattern is logged in feedback-log.jsonl as "import".
Plan apply(const MemoryStore &store, const MemoryBundle &bundle, const QDateTime &now = {});

} // namespace MemoryBundles
