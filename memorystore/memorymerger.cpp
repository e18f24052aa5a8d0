#include "memorymerger.h"

#include "categorykey.h"

#include "domain/nanoid.h"

#include <algorithm>

using namespace Qt::StringLiterals;

QList<Learning> MemoryMerger::buildRecords(const ExtractRequest &request,
                                           const ExtractResult &result, const QDateTime &now,
                                           bool requireReview)
{
    QList<Learning> records;
    const IterationResult *fallback = request.bestOrLast();
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
        const IterationResult *described = request.iterationNumbered(d.iteration);
        if (!described)
            described = fallback;
        if (described) {
            l.metrics.coverage = described->metrics.coverage;
            l.metrics.tpr = described->metrics.truePositiveRate;
            l.metrics.tnr = described->metrics.trueNegativeRate;
            l.metrics.accuracy = described->metrics.accuracy;
            l.metrics.f1 = described->metrics.f1Score;
            l.iteration = described->iteration;
        }
        l.intent = request.intent;
        l.intentNeutral = d.intentNeutral;
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

namespace {

bool isNegation(QStringView w)
{
    static const QSet<QString> words{
        u"not"_s,   u"no"_s,      u"never"_s,  u"without"_s, u"avoid"_s,   u"avoiding"_s,
        u"avoids"_s, u"cannot"_s, u"nor"_s,    u"neither"_s, u"none"_s,    u"t"_s, // n't
        u"fail"_s,  u"fails"_s,   u"failed"_s};
    return words.contains(w.toString());
}

bool isFalling(QStringView w)
{
    static const QSet<QString> words{
        u"lower"_s,      u"lowered"_s,   u"lowers"_s,    u"lowering"_s,   u"decrease"_s,
        u"decreased"_s,  u"decreases"_s, u"decreasing"_s, u"reduce"_s,    u"reduced"_s,
        u"reduces"_s,    u"reducing"_s,  u"drop"_s,      u"dropped"_s,    u"drops"_s,
        u"dropping"_s,   u"fewer"_s,     u"less"_s,      u"worse"_s,      u"worsened"_s,
        u"hurt"_s,       u"hurts"_s,     u"hurting"_s,   u"degrade"_s,    u"degraded"_s,
        u"degrades"_s,   u"degrading"_s, u"fall"_s,      u"fell"_s,       u"falls"_s,
        u"remove"_s,     u"removed"_s,   u"removes"_s,   u"removing"_s,   u"trim"_s,
        u"trimmed"_s,    u"trimming"_s,  u"shrink"_s,    u"shrank"_s,     u"shrinking"_s,
        u"lose"_s,       u"loses"_s,     u"lost"_s,      u"harm"_s,       u"harmed"_s,
        u"harms"_s,      u"weaken"_s,    u"weakened"_s,  u"narrow"_s,     u"narrowed"_s,
        u"narrowing"_s,  u"shorter"_s,   u"shorten"_s,   u"shortened"_s,  u"cut"_s,
        u"cuts"_s,       u"cutting"_s,   u"minus"_s,     u"below"_s};
    return words.contains(w.toString());
}

} // namespace

int MemoryMerger::direction(QStringView insight)
{
    const QString form = LearningText::normalised(insight);
    int sign = 1;
    for (const QStringView word : QStringView(form).split(u' ', Qt::SkipEmptyParts)) {
        if (isNegation(word) || isFalling(word))
            sign = -sign;
    }
    return sign;
}

QString MemoryMerger::mergeConflict(const Learning &a, const Learning &b)
{
    if (a.outcome != b.outcome)
        return u"their outcomes differ (%1 vs %2)"_s.arg(a.outcome, b.outcome);
    if (a.isPitfall() != b.isPitfall())
        return u"an anti-pattern never merges with a learning"_s;
    if (a.intent && b.intent && *a.intent != *b.intent && !(a.intentNeutral && b.intentNeutral))
        return u"their intents differ (%1 vs %2)"_s.arg(intentName(*a.intent),
                                                       intentName(*b.intent));
    if (LearningText::normalised(a.insight) != LearningText::normalised(b.insight) &&
        direction(a.insight) != direction(b.insight))
        return u"they point in opposite directions"_s;
    return {};
}

void MemoryMerger::absorb(Learning &keep, const Learning &gone)
{
    const bool stored = keep.confidence || gone.confidence;
    const double base = std::max(keep.baseConfidence(), gone.baseConfidence());
    keep.corroborations += gone.corroborations + 1;
    for (const QString &t : gone.tags) {
        if (!keep.tags.contains(t))
            keep.tags.append(t);
    }
    if (gone.extractedAt > keep.extractedAt)
        keep.extractedAt = gone.extractedAt;
    const auto later = [](std::optional<QDateTime> &mine, const std::optional<QDateTime> &theirs) {
        if (theirs && (!mine || *theirs > *mine))
            mine = theirs;
    };
    later(keep.lastRecalledAt, gone.lastRecalledAt);
    later(keep.lastConfirmedAt, gone.lastConfirmedAt);
    if (stored)
        keep.confidence = base;
    if (!keep.intent)
        keep.intent = gone.intent;
    keep.mergedFrom.append(gone.origin());
    keep.mergedFrom.append(gone.mergedFrom);
}

bool MemoryMerger::hasRun(const CategoryMemory &memory, const QString &runId)
{
    if (runId.isEmpty())
        return false;
    for (const Learning &l : memory.learnings) {
        if (l.runId == runId)
            return true;
        for (const LearningOrigin &o : l.mergedFrom) {
            if (o.runId == runId)
                return true;
        }
    }
    return false;
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
            const Learning &l = memory.learnings.at(i);
            if (l.insight == record.insight && mergeConflict(l, record).isEmpty())
                match = i;
        }
        const QString form = LearningText::normalised(record.insight);
        const QSet<quint64> g = LearningText::trigrams(form);
        if (match < 0) {
            double bestScore = -1;
            for (qsizetype i = 0; i < grams.size(); ++i) {
                const double s =
                    forms.at(i) == form ? 1.0 : LearningText::similarity(g, grams.at(i));
                if (s >= options.nearDuplicateThreshold && s > bestScore &&
                    mergeConflict(memory.learnings.at(i), record).isEmpty()) {
                    bestScore = s;
                    match = i;
                }
            }
        }
        if (match >= 0) {
            Learning &existing = memory.learnings[match];
            existing.corroborate();
            existing.extractedAt = record.extractedAt;
            LearningOrigin origin = record.origin();
            origin.learningId.clear(); // the record itself is never stored
            existing.mergedFrom.append(origin);
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
