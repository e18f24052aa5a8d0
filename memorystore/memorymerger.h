#pragma once

#include "categorymemory.h"
#include "learningextractor.h"
#include "learningtext.h"

struct MergeOptions
{
    // An incoming insight whose normal form has a trigram Jaccard similarity at or above this
    // with an existing one corroborates it instead of being added (§6 item 4).
    double nearDuplicateThreshold = LearningText::NearDuplicateThreshold;
    bool requireReview = false; // new learnings are stored as pending
};

struct MergeOutcome
{
    QStringList addedIds;
    QStringList corroboratedIds; // one entry per corroboration (an id can repeat)
    QStringList addedAntiPatterns;
    bool bestKnownReplaced = false;
};

// Building learning records from an extraction and merging them into a category (§4.4), with
// near-duplicate corroboration instead of the original's exact string match.
namespace MemoryMerger {

// One record per draft with a non-empty insight: a new id, the run id, `now`, the category key
// and description of the run, the draft's fields (changeType defaults to "initial", an unknown
// outcome becomes "neutral"), the metrics of the best iteration (else the last), 0
// corroborations, confidence 0.5, source "<runId> <provider/model>", and status "active"
// (or "pending" when review is required).
QList<Learning> buildRecords(const ExtractRequest &request, const ExtractResult &result,
                             const QDateTime &now, bool requireReview);

// {runId, iteration, topic, full metrics} of the best iteration (else the last), or nothing
// when no iteration was recorded.
std::optional<BestKnown> bestKnownCandidate(const ExtractRequest &request);

// Merges into `memory`:
// - each record, in order, corroborates the entry with an exactly equal insight, else the most
//   similar near-duplicate (ties: the earliest), including records added earlier in the same
//   batch: corroborations + 1 and extractedAt refreshed, everything else kept. Otherwise it is
//   appended;
// - `candidate` replaces bestKnown when there is none or its coverage is strictly higher;
// - each anti-pattern is appended unless its normal form is empty or already present.
// updatedAt is left to the caller (the store sets it when it writes).
MergeOutcome merge(CategoryMemory &memory, const QList<Learning> &records,
                   const std::optional<BestKnown> &candidate, const QStringList &antiPatterns,
                   const MergeOptions &options = {});

} // namespace MemoryMerger
