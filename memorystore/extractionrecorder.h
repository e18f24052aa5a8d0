#pragma once

#include "learningextractor.h"
#include "memorymerger.h"

#include <functional>

class MemoryStore;

struct RecordResult
{
    QString category;      // the file key the learnings went to
    int returnedCount = 0; // learnings the model returned
    MergeOutcome merge;
    bool skipped = false; // no iteration was recorded, so nothing was asked
    QString error;
    bool ok() const { return error.isEmpty(); }
};

// After a run (§4.4): ask the extractor, build the records and merge them into the run's
// category under the store's lock. What changed is logged write-ahead in feedback-log.jsonl
// (one write, one id): "extract" per new learning, "corroborate" per corroborated one (before
// and after), "anti-pattern-add" and "best-known", with the run as the source.
namespace ExtractionRecorder {

// Merges an extraction that already came back. `now` defaults to the current time.
RecordResult record(const MemoryStore &store, const ExtractRequest &request,
                    const ExtractResult &result, const MergeOptions &options,
                    const QDateTime &now = {});

// Skipped (done called at once) when the run recorded no iteration. The store and the
// extractor must outlive the call.
void run(const MemoryStore &store, LearningExtractor &extractor, const ExtractRequest &request,
         const MergeOptions &options, std::function<void(RecordResult)> done);

} // namespace ExtractionRecorder
