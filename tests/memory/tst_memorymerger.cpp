// Building records from an extraction and merging them (behaviour reference §4.4), with
// near-duplicate corroboration, the strict bestKnown rule and normalised anti-pattern dedup.
#include "memorytestdata.h"

#include "memorystore/memorymerger.h"

#include "domain/nanoid.h"

#include <QtTest>

using namespace Qt::StringLiterals;
using namespace MemoryTestData;

namespace {

const QDateTime kNow = QDateTime::fromString(u"2025-08-01T12:00:00.000Z"_s, Qt::ISODateWithMs);

IterationResult iteration(int number, double tpr, double tnr)
{
    IterationResult it;
    it.iteration = number;
    it.topic = Topic{u"Weapons"_s, u"Weapons talk %1"_s.arg(number), {u"a"_s, u"b"_s}};
    it.metrics.truePositiveRate = tpr;
    it.metrics.trueNegativeRate = tnr;
    it.metrics.coverage = std::min(tpr, tnr);
    it.metrics.accuracy = (tpr + tnr) / 2;
    it.metrics.f1Score = 0.5;
    return it;
}

ExtractRequest request(int best = 3)
{
    ExtractRequest r;
    r.runId = u"run-B"_s;
    r.description = u"Block the use of weapons"_s;
    r.providerModel = u"claude-api/claude-sonnet-4"_s;
    // Iteration 2 was a skipped duplicate: numbers have a gap, so array position != number.
    r.iterations = {iteration(1, 0.6, 0.7), iteration(3, 0.95, 0.92), iteration(4, 0.9, 0.8)};
    r.bestIteration = best;
    r.bestCoverage = best == 3 ? 0.92 : 0;
    return r;
}

LearningDraft draft(const QString &insight, const QString &outcome = u"improved"_s,
                    const QString &changeType = u"both"_s)
{
    return LearningDraft{insight, u"strategy"_s, outcome, changeType, {u"brevity"_s}};
}

CategoryMemory originalMemory()
{
    QStringList problems;
    return CategoryMemory::fromJson(readObject(fixture(u"original"_s, u"block-use-weapons.json"_s)),
                                    &problems);
}

} // namespace

class TestMemoryMerger : public QObject
{
    Q_OBJECT
private slots:
    void recordsCarryTheRunAndTheBestIteration()
    {
        ExtractResult result;
        result.learnings = {draft(u"One"_s, u"degraded"_s, u"examples-only"_s),
                            draft(u"Two"_s, u"bogus"_s, QString()), draft(u"  "_s)};
        const QList<Learning> records = MemoryMerger::buildRecords(request(), result, kNow, false);
        QCOMPARE(records.size(), 2); // the blank insight is dropped
        const Learning &a = records.at(0);
        QVERIFY(NanoId::isValid(a.id));
        QCOMPARE(a.id.size(), 21);
        QVERIFY(a.id != records.at(1).id);
        QCOMPARE(a.runId, u"run-B"_s);
        QCOMPARE(a.extractedAt, kNow);
        QCOMPARE(a.topicCategory, u"block-use-weapons"_s);
        QCOMPARE(a.topicDescription, u"Block the use of weapons"_s);
        QCOMPARE(a.outcome, u"degraded"_s);
        QCOMPARE(a.changeType, u"examples-only"_s);
        QCOMPARE(a.corroborations, 0);
        // Metrics of iteration *number* 3 (array index 1), not iterations[3 - 1].
        QCOMPARE(a.metrics.coverage, 0.92);
        QCOMPARE(a.metrics.tpr, 0.95);
        QCOMPARE(a.metrics.tnr, 0.92);
        QCOMPARE(a.confidence, 0.5);
        QCOMPARE(a.source, u"run-B claude-api/claude-sonnet-4"_s);
        QCOMPARE(a.status, u"active"_s);
        QCOMPARE(records.at(1).outcome, u"neutral"_s);
        QCOMPARE(records.at(1).changeType, u"initial"_s);
        // Review required: pending.
        QCOMPARE(MemoryMerger::buildRecords(request(), result, kNow, true).at(0).status,
                 u"pending"_s);
        // No best iteration: the last one.
        QCOMPARE(MemoryMerger::buildRecords(request(0), result, kNow, false).at(0).metrics.coverage,
                 0.8);
    }

    void requestFromARun()
    {
        RunState run;
        run.id = u"run-9"_s;
        run.userInput.topicDescription = u"Block the use of weapons"_s;
        run.userInput.intent = Intent::Allow;
        run.iterations = request().iterations;
        run.bestIteration = 3;
        run.bestCoverage = 0.92;
        const ExtractRequest r = ExtractRequest::fromRun(run, u"ollama/llama3"_s);
        QCOMPARE(r.runId, u"run-9"_s);
        QCOMPARE(r.description, run.userInput.topicDescription);
        QCOMPARE(r.intent, Intent::Allow);
        QCOMPARE(r.iterations.size(), 3);
        QCOMPARE(r.bestOrLast()->iteration, 3);
        QCOMPARE(r.providerModel, u"ollama/llama3"_s);
    }

    void exactAndNearDuplicatesCorroborate()
    {
        CategoryMemory m = originalMemory();
        const Learning before = m.learnings.at(0); // corroborations 2
        ExtractResult result;
        result.learnings = {
            draft(u"Short descriptions under 100 characters gave the highest coverage"_s), // exact
            draft(u"Two sharp examples beat five loosely-related ones."_s), // 1.0 normalised
            draft(
                u"Adding exclusion clauses to the description increased false positives"_s), // 0.81
            draft(u"Exclusion clauses in the description raised false positives"_s),  // 0.77: new
            draft(u"Exclusion clauses in the description raised false positives!"_s), // same batch
        };
        const QList<Learning> records = MemoryMerger::buildRecords(request(), result, kNow, false);
        const MergeOutcome out = MemoryMerger::merge(m, records, std::nullopt, {});
        QCOMPARE(m.learnings.size(), 4);
        QCOMPARE(out.addedIds.size(), 1);
        QCOMPARE(out.corroboratedIds,
                 (QStringList{u"Xk2_pQ9vLm3RtY7wZa1bC"_s, u"Jr4sT6uV8wX0yZ2aB4cDe"_s,
                              u"Hq7mN2xR5tUv8wYz0AbCd"_s, records.at(3).id}));
        const Learning &after = m.learnings.at(0);
        QCOMPARE(after.corroborations, 3);
        QCOMPARE(after.extractedAt, kNow);
        // Everything else is kept: id, run, metrics, insight, tags.
        QCOMPARE(after.id, before.id);
        QCOMPARE(after.runId, before.runId);
        QCOMPARE(after.metrics, before.metrics);
        QCOMPARE(after.tags, before.tags);
        QCOMPARE(m.learnings.at(1).insight,
                 u"Adding exclusion clauses to the description raised false positives"_s);
        QCOMPARE(m.learnings.at(3).corroborations, 1); // corroborated by its batch mate
        QVERIFY(!m.learnings.at(0).confidence);        // untouched fields stay absent
    }

    void thresholdIsAnOption()
    {
        CategoryMemory m = originalMemory();
        ExtractResult result;
        result.learnings = {
            draft(u"Adding exclusion clauses to the description increased false positives"_s)};
        const QList<Learning> records = MemoryMerger::buildRecords(request(), result, kNow, false);
        MergeOptions strict;
        strict.nearDuplicateThreshold = 0.9;
        CategoryMemory copy = m;
        QCOMPARE(MemoryMerger::merge(copy, records, std::nullopt, {}, strict).addedIds.size(), 1);
        QCOMPARE(MemoryMerger::merge(m, records, std::nullopt, {}).addedIds.size(), 0);
    }

    void invertedLearningsAreStillMatched()
    {
        CategoryMemory m = originalMemory();
        m.learnings[2].reject();
        m.learnings[2].reject();
        QVERIFY(m.learnings[2].reject()); // now "KNOWN PITFALL: Two sharp examples ..."
        ExtractResult result;
        result.learnings = {draft(u"Two sharp examples beat five loosely related ones"_s)};
        const MergeOutcome out = MemoryMerger::merge(
            m, MemoryMerger::buildRecords(request(), result, kNow, false), std::nullopt, {});
        QCOMPARE(out.corroboratedIds, QStringList{u"Jr4sT6uV8wX0yZ2aB4cDe"_s});
        QCOMPARE(m.learnings.size(), 3);
    }

    void bestKnownOnlyForAStrictlyBetterRun()
    {
        CategoryMemory m = originalMemory(); // bestKnown coverage 0.9
        const std::optional<BestKnown> candidate = MemoryMerger::bestKnownCandidate(request());
        QVERIFY(candidate);
        QCOMPARE(candidate->iteration, 3);
        QCOMPARE(candidate->coverage(), 0.92);
        QCOMPARE(candidate->topic.description, u"Weapons talk 3"_s);
        QCOMPARE(candidate->metrics.value(u"truePositiveRate"_s).toDouble(), 0.95);
        QVERIFY(MemoryMerger::merge(m, {}, candidate, {}).bestKnownReplaced);
        QCOMPARE(m.bestKnown->runId, u"run-B"_s);

        BestKnown equal = *candidate;
        equal.runId = u"run-C"_s;
        QVERIFY(!MemoryMerger::merge(m, {}, equal, {}).bestKnownReplaced); // a tie keeps the old
        BestKnown worse = equal;
        worse.metrics.insert(u"coverage"_s, 0.5);
        QVERIFY(!MemoryMerger::merge(m, {}, worse, {}).bestKnownReplaced);
        QCOMPARE(m.bestKnown->runId, u"run-B"_s);

        CategoryMemory empty;
        QVERIFY(MemoryMerger::merge(empty, {}, worse, {}).bestKnownReplaced); // none yet
        ExtractRequest none = request();
        none.iterations.clear();
        QVERIFY(!MemoryMerger::bestKnownCandidate(none));
    }

    void antiPatternsAreDeduplicated()
    {
        CategoryMemory m = originalMemory();
        const MergeOutcome out =
            MemoryMerger::merge(m, {}, std::nullopt,
                                {u"Using more than 4 examples"_s,  // exact
                                 u"using MORE than 4 examples!"_s, // normalised
                                 u"Negation clauses"_s,            // new
                                 u"negation clauses."_s,           // same batch
                                 u"--"_s});                        // empty normal form
        QCOMPARE(out.addedAntiPatterns, QStringList{u"Negation clauses"_s});
        QCOMPARE(m.antiPatterns,
                 (QStringList{u"Adding 'do not match' exclusions to the description"_s,
                              u"Using more than 4 examples"_s, u"Negation clauses"_s}));
    }
};

QTEST_GUILESS_MAIN(TestMemoryMerger)
#include "tst_memorymerger.moc"
