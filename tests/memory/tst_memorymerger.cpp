// Building records from an extraction and merging them (behaviour reference §4.4), with
// near-duplicate corroboration, the strict bestKnown rule and normalised anti-pattern dedup.
#include "memorytestdata.h"

#include "memorystore/extractionrecorder.h"
#include "memorystore/memorymerger.h"
#include "memorystore/memorystore.h"

#include "domain/jsonin.h"
#include "domain/nanoid.h"

#include "testmain.h"

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

    static QByteArray readAll(const QString &dir, const QString &fileKey)
    {
        QFile f(dir + u'/' + fileKey + u".json"_s);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
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
            draft(u"Adding exclusion clauses to the description increased false positives"_s,
                  u"degraded"_s), // 0.81
            draft(u"Exclusion clauses in the description raised false positives"_s,
                  u"degraded"_s), // 0.77: new
            draft(u"Exclusion clauses in the description raised false positives!"_s,
                  u"degraded"_s), // same batch
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

    // A run's extraction is merged once: recorded again (a resume after a kill during the
    // extraction), it changes nothing, whether the run added learnings or only corroborated.
    void aRunIsRecordedOnce()
    {
        const QString dir = TestHome::path() + u"/merged-once"_s;
        const MemoryStore store(dir);
        ExtractResult result;
        result.learnings = {draft(u"Short descriptions under 100 characters gave the highest coverage"_s),
                            draft(u"Naming the purchase channel caught indirect buying prompts"_s)};
        result.antiPatterns = {u"A new pitfall"_s};
        const RecordResult first = ExtractionRecorder::record(store, request(), result, {}, kNow);
        QVERIFY2(first.ok(), qPrintable(first.error));
        QVERIFY(!first.merge.alreadyMerged);
        QCOMPARE(first.merge.addedIds.size(), 2);
        const QByteArray once = readAll(dir, first.category);
        QVERIFY(!once.isEmpty());
        QVERIFY(MemoryMerger::hasRun(store.load(first.category).memory, u"run-B"_s));

        result.antiPatterns = {u"Another pitfall"_s};
        const RecordResult second = ExtractionRecorder::record(store, request(), result, {}, kNow.addSecs(60));
        QVERIFY(second.ok());
        QVERIFY(second.merge.alreadyMerged);
        QVERIFY(second.merge.addedIds.isEmpty());
        QCOMPARE(readAll(dir, first.category), once); // not even rewritten

        // Known only from a corroboration: the run is still found.
        CategoryMemory c = originalMemory();
        MemoryMerger::merge(c, MemoryMerger::buildRecords(request(), result, kNow, false).mid(0, 1), std::nullopt, {});
        QCOMPARE(c.learnings.size(), originalMemory().learnings.size());
        QVERIFY(MemoryMerger::hasRun(c, u"run-B"_s));
        QVERIFY(!MemoryMerger::hasRun(c, u"run-C"_s));
        QVERIFY(!MemoryMerger::hasRun(c, QString()));
    }

    void thresholdIsAnOption()
    {
        CategoryMemory m = originalMemory();
        ExtractResult result;
        result.learnings = {draft(
            u"Adding exclusion clauses to the description increased false positives"_s,
            u"degraded"_s)};
        const QList<Learning> records = MemoryMerger::buildRecords(request(), result, kNow, false);
        MergeOptions strict;
        strict.nearDuplicateThreshold = 0.9;
        CategoryMemory copy = m;
        QCOMPARE(MemoryMerger::merge(copy, records, std::nullopt, {}, strict).addedIds.size(), 1);
        QCOMPARE(MemoryMerger::merge(m, records, std::nullopt, {}).addedIds.size(), 0);
    }

    // An improved insight never corroborates its own inverted pitfall (the "KNOWN PITFALL: "
    // prefix is dropped by the normal form, so they look identical).
    void pitfallNeverCorroboratedByItsInsight()
    {
        CategoryMemory m = originalMemory();
        m.learnings[2].reject(); // 0.55 (seen twice) -> 0.40
        m.learnings[2].reject(); // 0.25
        QVERIFY(m.learnings[2].reject()); // 0.10: now "KNOWN PITFALL: Two sharp examples ..."
        ExtractResult result;
        result.learnings = {draft(u"Two sharp examples beat five loosely related ones"_s)};
        const MergeOutcome out = MemoryMerger::merge(
            m, MemoryMerger::buildRecords(request(), result, kNow, false), std::nullopt, {});
        QVERIFY(out.corroboratedIds.isEmpty());
        QCOMPARE(out.addedIds.size(), 1);
        QCOMPARE(m.learnings.size(), 4);
        // Even with the same outcome: a pitfall and a learning never merge.
        Learning pitfall = m.learnings.at(2);
        Learning insight = m.learnings.at(3);
        insight.outcome = pitfall.outcome;
        QVERIFY(!MemoryMerger::mergeConflict(pitfall, insight).isEmpty());
        // Two pitfalls may.
        Learning other = pitfall;
        other.id = u"other"_s;
        QVERIFY(MemoryMerger::mergeConflict(pitfall, other).isEmpty());
    }

    void mergeRules_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("outcomeA");
        QTest::addColumn<QString>("b");
        QTest::addColumn<QString>("outcomeB");
        QTest::addColumn<bool>("merges");
        const QString raised = u"Adding examples about coded slang raised TPR"_s;
        QTest::newRow("exact, same outcome") << raised << u"improved"_s << raised
                                             << u"improved"_s << true;
        QTest::newRow("exact, opposite outcomes")
            << raised << u"improved"_s << raised << u"degraded"_s << false;
        QTest::newRow("exact, improved vs neutral")
            << raised << u"improved"_s << raised << u"neutral"_s << false;
        QTest::newRow("near, same direction")
            << raised << u"improved"_s << u"Adding examples about coded slang raised the TPR"_s
            << u"improved"_s << true;
        QTest::newRow("near, lowered instead of raised")
            << raised << u"improved"_s << u"Adding examples about coded slang lowered TPR"_s
            << u"improved"_s << false;
        QTest::newRow("near, negated")
            << raised << u"improved"_s << u"Adding examples about coded slang did not raise TPR"_s
            << u"improved"_s << false;
        QTest::newRow("near, removing instead of adding")
            << u"Adding examples about coded slang raised TPR"_s << u"improved"_s
            << u"Removing examples about coded slang raised TPR"_s << u"improved"_s << false;
        QTest::newRow("near, two flips cancel")
            << u"Adding examples about coded slang raised TPR"_s << u"improved"_s
            << u"Removing examples about coded slang lowered TPR"_s << u"improved"_s << true;
    }
    void mergeRules()
    {
        QFETCH(QString, a);
        QFETCH(QString, outcomeA);
        QFETCH(QString, b);
        QFETCH(QString, outcomeB);
        QFETCH(bool, merges);
        Learning existing;
        existing.id = u"existing"_s;
        existing.insight = a;
        existing.outcome = outcomeA;
        CategoryMemory m;
        m.learnings = {existing};
        ExtractResult result;
        result.learnings = {draft(b, outcomeB)};
        const QList<Learning> records = MemoryMerger::buildRecords(request(), result, kNow, false);
        MergeOptions loose;
        loose.nearDuplicateThreshold = 0.5; // only the rules decide here
        const MergeOutcome out = MemoryMerger::merge(m, records, std::nullopt, {}, loose);
        QCOMPARE(out.corroboratedIds.size(), merges ? 1 : 0);
        QCOMPARE(m.learnings.size(), merges ? 1 : 2);
        QCOMPARE(MemoryMerger::mergeConflict(existing, records.at(0)).isEmpty(), merges);
    }

    void intentsMustAgree()
    {
        Learning a;
        a.insight = u"Two examples beat five"_s;
        a.outcome = u"improved"_s;
        Learning b = a;
        QVERIFY(MemoryMerger::mergeConflict(a, b).isEmpty()); // both unknown (original files)
        a.intent = Intent::Block;
        QVERIFY(MemoryMerger::mergeConflict(a, b).isEmpty()); // one unknown
        b.intent = Intent::Allow;
        QVERIFY(!MemoryMerger::mergeConflict(a, b).isEmpty());
        a.intentNeutral = b.intentNeutral = true;
        QVERIFY(MemoryMerger::mergeConflict(a, b).isEmpty());
    }

    void corroborationKeepsProvenance()
    {
        CategoryMemory m = originalMemory();
        ExtractResult result;
        result.learnings = {
            draft(u"Short descriptions under 100 characters gave the highest coverage"_s)};
        const QList<Learning> records = MemoryMerger::buildRecords(request(), result, kNow, false);
        MemoryMerger::merge(m, records, std::nullopt, {});
        const Learning &l = m.learnings.at(0);
        QCOMPARE(l.runId, u"V1StGXR8_Z5jdHi6B-myT"_s); // the first source stays
        QCOMPARE(l.mergedFrom.size(), 1);               // and the corroborating run is added
        QCOMPARE(l.mergedFrom.at(0).runId, u"run-B"_s);
        QCOMPARE(l.mergedFrom.at(0).source, u"run-B claude-api/claude-sonnet-4"_s);
        QCOMPARE(l.mergedFrom.at(0).extractedAt, kNow);
        QVERIFY(!l.confidence); // an original learning keeps no stored confidence: base 0.65
        QCOMPARE(l.baseConfidence(), 0.65);
        // Round trip through JSON.
        QStringList problems;
        const CategoryMemory back = CategoryMemory::fromJson(m.toJson(), &problems);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
        QCOMPARE(back.learnings.at(0), l);
    }

    void absorbKeepsBothSources()
    {
        Learning keep;
        keep.id = u"keep"_s;
        keep.runId = u"run-1"_s;
        keep.insight = u"Two examples beat five"_s;
        keep.corroborations = 1;
        keep.tags = {u"example-count"_s};
        Learning gone = keep;
        gone.id = u"gone"_s;
        gone.runId = u"run-2"_s;
        gone.source = u"run-2 ollama/llama3"_s;
        gone.corroborations = 2;
        gone.tags = {u"few-examples"_s};
        gone.confidence = 0.7;
        gone.mergedFrom = {LearningOrigin{u"older"_s, u"run-0"_s, {}, {}, {}}};
        MemoryMerger::absorb(keep, gone);
        QCOMPARE(keep.id, u"keep"_s);
        QCOMPARE(keep.runId, u"run-1"_s);
        QCOMPARE(keep.corroborations, 4); // 1 + 2 + 1: seen 2× + 3× = 5×
        QCOMPARE(keep.tags, (QStringList{u"example-count"_s, u"few-examples"_s}));
        QCOMPARE(keep.confidence, 0.7); // the higher base (keep's own was 0.55)
        QCOMPARE(keep.mergedFrom.size(), 2);
        QCOMPARE(keep.mergedFrom.at(0).learningId, u"gone"_s);
        QCOMPARE(keep.mergedFrom.at(0).runId, u"run-2"_s);
        QCOMPARE(keep.mergedFrom.at(0).source, u"run-2 ollama/llama3"_s);
        QCOMPARE(keep.mergedFrom.at(1).learningId, u"older"_s);
    }

    void recordsDescribeTheirIteration()
    {
        ExtractResult result;
        LearningDraft first = draft(u"First"_s);
        first.iteration = 1;
        LearningDraft unsaid = draft(u"Unsaid"_s);
        LearningDraft missing = draft(u"Missing"_s);
        missing.iteration = 2; // a skipped duplicate: not recorded
        LearningDraft neutral = draft(u"Neutral"_s);
        neutral.iteration = 4;
        neutral.intentNeutral = true;
        result.learnings = {first, unsaid, missing, neutral};
        ExtractRequest r = request();
        r.intent = Intent::Allow;
        const QList<Learning> records = MemoryMerger::buildRecords(r, result, kNow, false);
        QCOMPARE(records.at(0).iteration, 1);
        QCOMPARE(records.at(0).metrics.tpr, 0.6);
        QCOMPARE(records.at(1).iteration, 3); // not said: the best
        QCOMPARE(records.at(1).metrics.tpr, 0.95);
        QCOMPARE(records.at(2).iteration, 3); // not recorded: the best
        QCOMPARE(records.at(3).iteration, 4);
        QCOMPARE(records.at(3).metrics.coverage, 0.8);
        for (const Learning &l : records)
            QCOMPARE(l.intent, Intent::Allow);
        QVERIFY(!records.at(0).intentNeutral);
        QVERIFY(records.at(3).intentNeutral);
        // Both survive the file.
        QStringList problems;
        const Learning back =
            Learning::fromJson(JsonIn(records.at(3).toJson(), QString(), &problems));
        QCOMPARE(back, records.at(3));
        QVERIFY(problems.isEmpty());
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
