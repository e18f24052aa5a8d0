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
    bool alreadyMerged = false; // ExtractionRecorder: the run's learnings were merged before
};

// Building learning records from an extraction and merging them into a category (§4.4), with
// near-duplicate corroboration instead of the original's exact string match.
namespace MemoryMerger {

// One record per draft with a non-empty insight: a new id, the run id, `now`, the category key
// and description of the run, the draft's fields (changeType defaults to "initial", an unknown
// outcome becomes "neutral"), the metrics of the iteration the draft names (else of the best
// iteration, else the last) and that iteration's number, the run's intent and the draft's
// intent-neutral flag, 0 corroborations, confidence 0.5, source "<runId> <provider/model>",
// and status "active" (or "pending" when review is required).
QList<Learning> buildRecords(const ExtractRequest &request, const ExtractResult &result,
                             const QDateTime &now, bool requireReview);

// {runId, iteration, topic, full metrics} of the best iteration (else the last), or nothing
// when no iteration was recorded.
std::optional<BestKnown> bestKnownCandidate(const ExtractRequest &request);

// The direction an insight states, +1 or −1: the parity of its negations ("not", "no",
// "never", "without", "avoid", "n't", …) and falling words ("lowered", "reduced", "fewer",
// "removing", "hurt", "worse", …), English only. "Adding examples raised TPR" and "Removing
// examples lowered TPR" point the same way; "… did not raise TPR" the other.
int direction(QStringView insight);

// Why `a` and `b` must never be merged (one learning corroborating the other), or empty when
// they may be:
// - their outcomes differ (improved, degraded, neutral);
// - one is an anti-pattern or a "KNOWN PITFALL: " inverted learning and the other is not (an
//   insight must not corroborate its own inverted pitfall);
// - both have an intent, they differ, and they are not both intent-neutral;
// - their normal forms differ (a near-duplicate) and they point in opposite directions.
QString mergeConflict(const Learning &a, const Learning &b);

// `gone` folded into `keep` (a person's merge): seen counts add up (corroborations a + b + 1),
// tags are united, the later extractedAt, lastRecalledAt and lastConfirmedAt are kept, the
// higher base confidence is stored when either had one stored, `gone`'s origin and its own
// mergedFrom are appended to keep's mergedFrom, and an unknown intent is taken from `gone`.
void absorb(Learning &keep, const Learning &gone);

// Whether a learning of `memory` came from run `runId`, or was corroborated by it (its
// mergedFrom names the run). An empty id never matches. ExtractionRecorder merges a run's
// extraction only when this is false: a run resumed after a kill during its extraction must
// not corroborate its own learnings. (A bundle import may of course bring a run's learnings.)
bool hasRun(const CategoryMemory &memory, const QString &runId);

// Merges into `memory`:
// - each record, in order, corroborates the entry with an exactly equal insight, else the most
//   similar near-duplicate (ties: the earliest), including records added earlier in the same
//   batch, skipping every entry mergeConflict() refuses: Learning::corroborate(), extractedAt
//   refreshed and the record's origin appended to mergedFrom; everything else kept. Otherwise
//   it is appended;
// - `candidate` replaces bestKnown when there is none or its coverage is strictly higher;
// - each anti-pattern is appended unless its normal form is empty or already present.
// updatedAt is left to the caller (the store sets it when it writes).
MergeOutcome merge(CategoryMemory &memory, const QList<Learning> &records,
                   const std::optional<BestKnown> &candidate, const QStringList &antiPatterns,
                   const MergeOptions &options = {});

} // namespace MemoryMerger
