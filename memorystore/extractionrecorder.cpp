#include "extractionrecorder.h"

#include "categorykey.h"
#include "memorylog.h"
#include "memorystore.h"

using namespace Qt::StringLiterals;

RecordResult ExtractionRecorder::record(const MemoryStore &store, const ExtractRequest &request,
                                        const ExtractResult &result, const MergeOptions &options,
                                        const QDateTime &now)
{
    RecordResult out;
    const QString category = CategoryKey::fromDescription(request.description);
    out.category = MemoryStore::fileKeyFor(category);
    out.returnedCount = int(result.learnings.size());
    if (!result.error.isEmpty()) {
        out.error = result.error;
        return out;
    }
    const QDateTime when = (now.isValid() ? now : QDateTime::currentDateTimeUtc()).toUTC();
    const QList<Learning> records =
        MemoryMerger::buildRecords(request, result, when, options.requireReview);
    const std::optional<BestKnown> candidate = MemoryMerger::bestKnownCandidate(request);
    const MemoryStore::Updated u = store.update(
        category,
        [&](CategoryMemory &m) {
            m.category = category;
            out.merge = MemoryMerger::merge(m, records, candidate, result.antiPatterns, options);
            return true;
        },
        when);
    out.error = u.error;
    if (u.ok())
        qCInfo(lcMemory).noquote()
            << u"%1: %2 new, %3 corroborated, %4 anti-patterns added"_s.arg(category)
                   .arg(out.merge.addedIds.size())
                   .arg(out.merge.corroboratedIds.size())
                   .arg(out.merge.addedAntiPatterns.size());
    return out;
}

void ExtractionRecorder::run(const MemoryStore &store, LearningExtractor &extractor,
                             const ExtractRequest &request, const MergeOptions &options,
                             std::function<void(RecordResult)> done)
{
    if (request.iterations.isEmpty()) {
        RecordResult skipped;
        skipped.skipped = true;
        skipped.category =
            MemoryStore::fileKeyFor(CategoryKey::fromDescription(request.description));
        done(skipped);
        return;
    }
    extractor.extract(request, [&store, request, options, done](ExtractResult result) {
        done(record(store, request, result, options));
    });
}
