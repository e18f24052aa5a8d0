#include "extractionrecorder.h"

#include "categorykey.h"
#include "feedbacklog.h"
#include "memorylog.h"
#include "memorystore.h"


using namespace Qt::StringLiterals;

namespace {

// What an extraction changed, as feedback-log entries (ids, states and times filled later).
QList<FeedbackLog::Entry> logEntries(const CategoryMemory &before, const CategoryMemory &after,
                                     const MergeOutcome &merge)
{
    QList<FeedbackLog::Entry> out;
    const auto entry = [&](const QString &action, const QString &learningId,
                           const QJsonValue &was, const QJsonValue &is) {
        FeedbackLog::Entry e;
        e.action = action;
        e.learningId = learningId;
        e.before = was;
        e.after = is;
        out.append(e);
    };
    for (const QString &id : merge.addedIds) {
        if (const Learning *l = after.learning(id))
            entry(u"extract"_s, id, QJsonValue(), l->toJson());
    }
    QStringList seen;
    for (const QString &id : merge.corroboratedIds) {
        if (seen.contains(id))
            continue;
        seen.append(id);
        const Learning *was = before.learning(id);
        const Learning *is = after.learning(id);
        if (is)
            entry(u"corroborate"_s, id, was ? QJsonValue(was->toJson()) : QJsonValue(),
                  is->toJson());
    }
    for (const QString &a : merge.addedAntiPatterns)
        entry(u"anti-pattern-add"_s, QString(), QJsonValue(), a);
    if (merge.bestKnownReplaced && after.bestKnown)
        entry(u"best-known"_s, QString(),
              before.bestKnown ? QJsonValue(before.bestKnown->toJson()) : QJsonValue(),
              after.bestKnown->toJson());
    return out;
}

} // namespace

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
    const QString source = records.isEmpty() ? request.runId : *records.constFirst().source;
    QList<FeedbackLog::Entry> entries;
    const MemoryStore::Updated u = store.update(
        category,
        [&](CategoryMemory &m) {
            if (MemoryMerger::hasRun(m, request.runId)) {
                out.merge.alreadyMerged = true;
                return false; // unchanged: nothing written, nothing logged
            }
            const CategoryMemory before = m;
            m.category = category;
            out.merge = MemoryMerger::merge(m, records, candidate, result.antiPatterns, options);
            entries = logEntries(before, m, out.merge);
            return true;
        },
        when,
        [&](const QString &stateBefore, const QString &stateAfter) {
            return store.feedbackLog().appendChange(entries, when, category, source, stateBefore, stateAfter);
        });
    out.error = u.error;
    if (u.ok() && out.merge.alreadyMerged)
        qCInfo(lcMemory).noquote() << u"%1: run %2's learnings are already in it; nothing merged"_s.arg(category, request.runId);
    else if (u.ok())
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
