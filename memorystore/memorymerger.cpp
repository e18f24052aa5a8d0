#include "memorymerger.h"

#include "categorykey.h"

#include "domain/nanoid.h"

using namespace Qt::StringLiterals;

QList<Learning> MemoryMerger::buildRecords(const ExtractRequest &request,
                                           const ExtractResult &result, const QDateTime &now,
                                           bool requireReview)
{
    QList<Learning> records;
    const IterationResult *best = request.bestOrLast();
    const QString category = CategoryKey::fromDescription(request.description);
    const QString source = request.providerModel.isEmpty()
                               ? request.runId
                               : request.runId + u' ' + request.providerModel;
    for (const LearningDraft &d : result.learnings) {
        if (d.insight.trimmed().isEmpty())
            continue;
        Learning l;
        l.id = NanoId::generate();
        l.runId = request.runId;
        l.extractedAt = now.toUTC();
        l.topicCategory = category;
        l.topicDescription = request.description;
        l.insight = d.insight;
        l.strategy = d.strategy;
        l.outcome = Learning::isValidOutcome(d.outcome) ? d.outcome : u"neutral"_s;
        l.changeType = Learning::isValidChangeType(d.changeType) ? d.changeType : u"initial"_s;
        if (best) {
            l.metrics.coverage = best->metrics.coverage;
            l.metrics.tpr = best->metrics.truePositiveRate;
            l.metrics.tnr = best->metrics.trueNegativeRate;
            l.metrics.accuracy = best->metrics.accuracy;
            l.metrics.f1 = best->metrics.f1Score;
        }
        l.corroborations = 0;
        l.tags = d.tags;
        l.confidence = Learning::DefaultConfidence;
        l.source = source;
        l.status = requireReview ? u"pending"_s : u"active"_s;
        records.append(l);
    }
    return records;
}

std::optional<BestKnown> MemoryMerger::bestKnownCandidate(const ExtractRequest &request)
{
    const IterationResult *best = request.bestOrLast();
    if (!best)
        return std::nullopt;
    BestKnown b;
    b.runId = request.runId;
    b.iteration = best->iteration;
    b.topic = best->topic;
    b.metrics = best->metrics.toJson();
    return b;
}

MergeOutcome MemoryMerger::merge(CategoryMemory &memory, const QList<Learning> &records,
                                 const std::optional<BestKnown> &candidate,
                                 const QStringList &antiPatterns, const MergeOptions &options)
{
    MergeOutcome out;
    // Trigram sets of the existing insights, built once and extended as records are appended.
    QList<QSet<quint64>> grams;
    QList<QString> forms;
    grams.reserve(memory.learnings.size() + records.size());
    for (const Learning &l : std::as_const(memory.learnings)) {
        forms.append(LearningText::normalised(l.insight));
        grams.append(LearningText::trigrams(forms.constLast()));
    }
    for (const Learning &record : records) {
        qsizetype match = -1;
        for (qsizetype i = 0; i < memory.learnings.size() && match < 0; ++i) {
            if (memory.learnings.at(i).insight == record.insight)
                match = i;
        }
        const QString form = LearningText::normalised(record.insight);
        const QSet<quint64> g = LearningText::trigrams(form);
        if (match < 0) {
            double bestScore = -1;
            for (qsizetype i = 0; i < grams.size(); ++i) {
                const double s =
                    forms.at(i) == form ? 1.0 : LearningText::similarity(g, grams.at(i));
                if (s >= options.nearDuplicateThreshold && s > bestScore) {
                    bestScore = s;
                    match = i;
                }
            }
        }
        if (match >= 0) {
            Learning &existing = memory.learnings[match];
            ++existing.corroborations;
            existing.extractedAt = record.extractedAt;
            out.corroboratedIds.append(existing.id);
            continue;
        }
        memory.learnings.append(record);
        forms.append(form);
        grams.append(g);
        out.addedIds.append(record.id);
    }

    if (candidate && (!memory.bestKnown || candidate->coverage() > memory.bestKnown->coverage())) {
        memory.bestKnown = candidate;
        out.bestKnownReplaced = true;
    }

    QSet<QString> present;
    for (const QString &a : std::as_const(memory.antiPatterns))
        present.insert(LearningText::normalised(a));
    for (const QString &a : antiPatterns) {
        const QString form = LearningText::normalised(a);
        if (form.isEmpty() || present.contains(form))
            continue;
        present.insert(form);
        memory.antiPatterns.append(a);
        out.addedAntiPatterns.append(a);
    }
    return out;
}
