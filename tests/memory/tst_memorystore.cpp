// The memory directory: relevance (§4.3) through the cache, noticing changes made by other
// processes, corrupt files kept and reported, recall marking, the review gate and extraction.
#include "memorytestdata.h"

#include "memorystore/categorykey.h"
#include "memorystore/extractionrecorder.h"
#include "memorystore/memorycurator.h"
#include "memorystore/memorystore.h"

#include "domain/jsonfile.h"

#include "testmain.h"

#include <QTimer>

using namespace Qt::StringLiterals;
using namespace MemoryTestData;

namespace {

const QDateTime kNow = QDateTime::fromString(u"2025-08-01T12:00:00.000Z"_s, Qt::ISODateWithMs);

void touchCategory(const QString &dir, const QString &key, const QString &insight = u"x"_s)
{
    const QByteArray json =
        "{\"category\":\"" + key.toUtf8() + "\",\"updatedAt\":\"\",\"learnings\":[{\"id\":\"id-" +
        key.toUtf8() + "\",\"insight\":\"" + insight.toUtf8() +
        "\",\"outcome\":\"improved\",\"changeType\":\"both\",\"corroborations\":0}],"
        "\"bestKnown\":null,\"antiPatterns\":[]}";
    QVERIFY(writeBytes(dir + u'/' + key + u".json"_s, json));
}

ExtractRequest weaponsRun()
{
    ExtractRequest r;
    r.runId = u"run-1"_s;
    r.description = u"Block the use of weapons"_s;
    r.providerModel = u"openai/gpt-4o"_s;
    IterationResult it;
    it.iteration = 1;
    it.topic = Topic{u"Weapons"_s, u"Weapons"_s, {u"a"_s, u"b"_s}};
    it.metrics.coverage = 0.95;
    r.iterations = {it};
    r.bestIteration = 1;
    r.bestCoverage = 0.95;
    return r;
}

// Answers from the event loop, like the LLM would.
class FakeExtractor final : public LearningExtractor
{
public:
    ExtractResult answer;
    int calls = 0;
    void extract(const ExtractRequest &, std::function<void(ExtractResult)> done) override
    {
        ++calls;
        QTimer::singleShot(0, [this, done] { done(answer); });
    }
};

} // namespace

class TestMemoryStore : public QObject
{
    Q_OBJECT
private slots:
    void relevance_data()
    {
        QTest::addColumn<QString>("description");
        QTest::addColumn<QStringList>("expected");
        // Listed in byte order of the file names (the original's readdir order), whatever the
        // creation order: "weapons-trade.json" sorts before "weapons.json".
        // block-use-weapons: 3/3; weapons-trade: 1 of its 2 words = half; weapons: 1/1;
        // discussions-violence-weapons: 1/3 only.
        // Relevance counts subject words only (CategoryKey::framingWords): "block" and "use"
        // no longer dilute the overlap, so "discussions-violence-weapons" ({violence, weapons})
        // shares half of its subject with {weapons}.
        QTest::newRow("reference example")
            << u"Block the use of weapons"_s
            << QStringList{u"block-use-weapons"_s, u"discussions-violence-weapons"_s,
                           u"weapons-trade"_s, u"weapons"_s};
        QTest::newRow("one word is the smaller set")
            << u"weapons"_s
            << QStringList{u"block-use-weapons"_s, u"discussions-violence-weapons"_s,
                           u"weapons-trade"_s, u"weapons"_s};
        QTest::newRow("exactly half of the smaller set")
            << u"violence and drugs"_s << QStringList{u"discussions-violence-weapons"_s};
        QTest::newRow("a third of the smaller set is not enough")
            << u"Block drugs and alcohol"_s << QStringList{};
        QTest::newRow("seed transfer example")
            << u"Block violence and weapons"_s
            << QStringList{u"block-use-weapons"_s, u"discussions-violence-weapons"_s,
                           u"weapons-trade"_s, u"weapons"_s};
        // (The original matched only weapons-trade and weapons: "block" and "use", and
        // "discussions", made the other two keys' overlap one of three.)
        QTest::newRow("a one-word subject is the smaller set")
            << u"illegal weapons trade"_s
            << QStringList{u"block-use-weapons"_s, u"discussions-violence-weapons"_s,
                           u"weapons-trade"_s, u"weapons"_s};
        QTest::newRow("only stop words -> uncategorized")
            << u"the and of"_s << QStringList{u"uncategorized"_s};
        QTest::newRow("nothing in common") << u"Allow cooking recipes"_s << QStringList{};
    }
    void relevance()
    {
        QFETCH(QString, description);
        QFETCH(QStringList, expected);
        const QString dir = freshDir();
        for (const QString &key : {u"weapons"_s, u"discussions-violence-weapons"_s,
                                   u"uncategorized"_s, u"weapons-trade"_s, u"block-use-weapons"_s})
            touchCategory(dir, key);
        // Not memory files: ignored like the original ignores them.
        QVERIFY(writeBytes(dir + u"/feedback-log.jsonl"_s, "{}\n"));
        QVERIFY(writeBytes(dir + u"/weapons.json.lock"_s, "1"));
        QVERIFY(writeBytes(dir + u"/weapons.json.corrupt-20250101T000000000Z"_s, "{"));
        QVERIFY(writeBytes(dir + u"/WEAPONS.JSON"_s, "{"));
        const MemoryStore store(dir);
        const MemoryStore::RelevantSet set = store.relevantSet(description);
        QCOMPARE(set.keys, expected);
        QCOMPARE(set.memories.size(), expected.size());
        // The cache's overlap test agrees with CategoryKey::related.
        const QString target = CategoryKey::fromDescription(description);
        for (const QString &key : store.categories())
            QCOMPARE(set.keys.contains(key), CategoryKey::related(target, key));
    }

    void warmLookupsDoNotParse()
    {
        const QStringList keys{u"block-use-weapons"_s, u"discussions-violence-weapons"_s,
                               u"allow-medical-questions"_s};
        const QString dir = dirWith(u"original"_s, keys);
        for (const QString &key : keys)
            QVERIFY(backdate(dir + u'/' + key + u".json"_s));
        const MemoryStore store(dir);
        QCOMPARE(store.relevant(u"weapons and violence"_s).size(), 2);
        QCOMPARE(store.parseCount(), 2); // only the relevant files
        for (int i = 0; i < 5; ++i)
            QCOMPARE(store.relevant(u"weapons and violence"_s).size(), 2);
        QCOMPARE(store.parseCount(), 2);
        QCOMPARE(store.relevant(u"medical"_s).size(), 1);
        QCOMPARE(store.parseCount(), 3);
        // A write through the store is visible to its next lookup.
        QVERIFY(store
                    .update(u"allow-medical-questions"_s,
                            [](CategoryMemory &m) {
                                m.antiPatterns.append(u"Broad allow topics"_s);
                                return true;
                            })
                    .written);
        QCOMPARE(store.load(u"allow-medical-questions"_s).memory.antiPatterns.size(), 1);
    }

    void changesOnDiskAreNoticed()
    {
        const QString dir = dirWith(u"original"_s, {u"block-use-weapons"_s});
        const MemoryStore gui(dir);
        const MemoryStore cli(dir); // another process sharing the home, as far as files go
        QCOMPARE(gui.relevant(u"weapons"_s).at(0).learnings.size(), 3);

        // The other "process" adds a learning through its own store.
        QVERIFY(cli.update(u"block-use-weapons"_s,
                           [](CategoryMemory &m) {
                               m.learnings.append(m.learnings.at(0));
                               m.learnings.last().id = u"copy"_s;
                               return true;
                           })
                    .ok());
        QCOMPARE(gui.relevant(u"weapons"_s).at(0).learnings.size(), 4);

        // The original tool rewrites in place (same inode), here with the same size.
        const QString path = dir + u"/block-use-weapons.json"_s;
        QByteArray bytes = readBytes(path);
        bytes.replace("Short descriptions", "Brief descriptions");
        QVERIFY(writeBytes(path, bytes));
        QCOMPARE(gui.relevant(u"weapons"_s).at(0).learnings.at(0).insight,
                 u"Brief descriptions under 100 characters gave the highest coverage"_s);

        // A new file and a deleted one.
        touchCategory(dir, u"weapons-trade"_s);
        QCOMPARE(gui.relevantSet(u"weapons"_s).keys,
                 (QStringList{u"block-use-weapons"_s, u"weapons-trade"_s}));
        QVERIFY(QFile::remove(path));
        QCOMPARE(gui.relevantSet(u"weapons"_s).keys, QStringList{u"weapons-trade"_s});
    }

    void corruptFilesAreKeptAndReported()
    {
        const QString dir = dirWith(u"original"_s, {u"block-use-weapons"_s});
        const QString path = dir + u"/use-weapons.json"_s;
        const QByteArray broken = "{\"category\": \"use-weapons\", \"learnings\": [";
        QVERIFY(writeBytes(path, broken));
        const MemoryStore store(dir);
        QCOMPARE(store.relevantSet(u"use weapons"_s).keys, QStringList{u"block-use-weapons"_s});
        const QStringList problems = store.problems();
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.at(0).contains(u"use-weapons.json"_s), qPrintable(problems.at(0)));
        QVERIFY(problems.at(0).contains(u"corrupt"_s));

        const MemoryStore::Updated u = store.update(u"use-weapons"_s, [](CategoryMemory &m) {
            m.antiPatterns.append(u"x"_s);
            return true;
        });
        QVERIFY(!u.ok());
        QVERIFY(!u.written);
        QCOMPARE(readBytes(path), broken); // never overwritten
        const QStringList copies = QDir(dir).entryList({u"use-weapons.json.corrupt-*"_s});
        QCOMPARE(copies.size(), 1); // one copy, however often it was read
        QCOMPARE(readBytes(dir + u'/' + copies.at(0)), broken);
        const QList<CategorySummary> summaries = store.summaries();
        QCOMPARE(summaries.size(), 2);
        QVERIFY(!summaries.at(1).error.isEmpty());
    }

    void unreadableFieldsMakeAFileReadOnly()
    {
        const QString dir = freshDir();
        const QByteArray odd = "{\"category\":\"weapons\",\"updatedAt\":\"\",\"learnings\":"
                               "[{\"id\":\"a\",\"insight\":\"x\",\"corroborations\":\"many\"}],"
                               "\"bestKnown\":null,\"antiPatterns\":[]}";
        QVERIFY(writeBytes(dir + u"/weapons.json"_s, odd));
        const MemoryStore store(dir);
        QCOMPARE(store.relevant(u"weapons"_s).size(), 1); // still readable for injection
        QVERIFY(!store.problems().isEmpty());
        const MemoryStore::Updated u =
            store.update(u"weapons"_s, [](CategoryMemory &) { return true; });
        QVERIFY(!u.ok());
        QVERIFY(u.error.contains(u"corroborations"_s));
        QCOMPARE(readBytes(dir + u"/weapons.json"_s), odd);
    }

    void missingAndInvalidCategories()
    {
        const MemoryStore store(freshDir() + u"/not-yet"_s);
        const MemoryStore::Loaded l = store.load(u"weapons"_s);
        QVERIFY(l.ok());
        QVERIFY(!l.exists);
        QCOMPARE(l.memory.category, u"weapons"_s);
        QVERIFY(store.relevant(u"weapons"_s).isEmpty());
        QVERIFY(store.categories().isEmpty());
        for (const QString &bad : {u"../escape"_s, u".hidden"_s, u"a/b"_s, QString(), u"a\nb"_s}) {
            QVERIFY(!MemoryStore::isValidCategory(bad));
            QVERIFY(!store.update(bad, [](CategoryMemory &) { return true; }).ok());
        }
        QVERIFY(!QFileInfo::exists(store.directory() + u"/../escape.json"_s));
        QVERIFY(store
                    .update(u"weapons"_s,
                            [](CategoryMemory &m) {
                                m.antiPatterns.append(u"x"_s);
                                return true;
                            })
                    .written); // the directory is created on the first save
        QVERIFY(store.load(u"weapons"_s).exists);
    }

    void longCategoriesGetShortFileNames()
    {
        QStringList words;
        for (int i = 0; i < 40; ++i)
            words.append(u"keyword%1"_s.arg(i, 2, 10, QLatin1Char('0')));
        const QString category = CategoryKey::fromDescription(words.join(u' '));
        QVERIFY(category.size() > 300);
        const QString key = MemoryStore::fileKeyFor(category);
        QVERIFY(key.toUtf8().size() <= MemoryStore::MaxFileKeyBytes);
        QCOMPARE(MemoryStore::fileKeyFor(category), key); // deterministic
        QVERIFY(key.startsWith(u"keyword00-keyword01-"_s));
        QVERIFY(MemoryStore::fileKeyFor(category + u"-x"_s) != key);
        QCOMPARE(MemoryStore::fileKeyFor(u"block-use-weapons"_s), u"block-use-weapons"_s);

        const MemoryStore store(freshDir());
        QVERIFY(store
                    .update(category,
                            [](CategoryMemory &m) {
                                m.antiPatterns.append(u"x"_s);
                                return true;
                            })
                    .written);
        const MemoryStore::Loaded l = store.load(category);
        QVERIFY(l.exists);
        QCOMPARE(l.memory.category, category); // the full key is kept inside the file
        QCOMPARE(store.relevant(words.join(u' ')).size(), 1);
    }

    void injectMarksRecalledLearnings()
    {
        const QString dir = dirWith(u"injector"_s, {u"block-violence-weapons"_s});
        const MemoryStore store(dir);
        InjectorOptions o;
        o.maxChars = 830;
        o.halfLifeDays = 0;
        o.now = kNow;
        const Injection in = store.inject(u"violence with weapons"_s, o);
        QCOMPARE(in.learningCount, 7);
        QCOMPARE(in.injected.at(0).category, u"block-violence-weapons"_s);
        const CategoryMemory m = store.load(u"block-violence-weapons"_s).memory;
        int recalled = 0;
        for (const Learning &l : m.learnings) {
            const bool injected = in.injectedIds.contains(l.id);
            QCOMPARE(l.lastRecalledAt.has_value(), injected);
            if (injected) {
                QCOMPARE(*l.lastRecalledAt, kNow);
                ++recalled;
            }
        }
        QCOMPARE(recalled, 7);
        // The text itself did not change: recall is an extension field.
        QCOMPARE(store.inject(u"violence with weapons"_s, o, false).text, in.text);
    }

    void reviewGate()
    {
        const MemoryStore store(freshDir());
        ExtractResult result;
        result.learnings = {
            LearningDraft{u"Fewer examples helped"_s, u"s"_s, u"improved"_s, u"both"_s, {}}};
        MergeOptions review;
        review.requireReview = true;
        const RecordResult r =
            ExtractionRecorder::record(store, weaponsRun(), result, review, kNow);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.category, u"block-use-weapons"_s);
        QCOMPARE(r.merge.addedIds.size(), 1);
        InjectorOptions o;
        o.now = kNow;
        QVERIFY(store.inject(u"Block the use of weapons"_s, o).text.isEmpty());
        QCOMPARE(store.summaries().at(0).pendingCount, 1);

        const MemoryCurator curator(store);
        QVERIFY(curator.approve(r.category, r.merge.addedIds.at(0)).ok());
        const Injection in = store.inject(u"Block the use of weapons"_s, o);
        QCOMPARE(in.injectedIds, r.merge.addedIds);
        QVERIFY(in.text.contains(u"- [DO] Fewer examples helped (both, seen 1x)"_s));
    }

    void extractionThroughTheInterface()
    {
        const QString dir = dirWith(u"original"_s, {u"block-use-weapons"_s});
        const MemoryStore store(dir);
        FakeExtractor extractor;
        extractor.answer.learnings = {
            LearningDraft{u"Two sharp examples beat five loosely related ones."_s,
                          u"s"_s,
                          u"improved"_s,
                          u"examples-only"_s,
                          {}},
            LearningDraft{u"Brand names in examples over-match"_s,
                          u"s"_s,
                          u"degraded"_s,
                          u"examples-only"_s,
                          {u"fp-reduction"_s}}};
        extractor.answer.antiPatterns = {u"Using more than 4 examples"_s, u"Brand lists"_s};
        std::optional<RecordResult> done;
        ExtractionRecorder::run(store, extractor, weaponsRun(), {},
                                [&](RecordResult r) { done = r; });
        QVERIFY(!done); // asynchronous, like the LLM
        QTRY_VERIFY(done.has_value());
        QVERIFY2(done->ok(), qPrintable(done->error));
        QCOMPARE(done->returnedCount, 2);
        QCOMPARE(done->merge.corroboratedIds, QStringList{u"Jr4sT6uV8wX0yZ2aB4cDe"_s});
        QCOMPARE(done->merge.addedAntiPatterns, QStringList{u"Brand lists"_s});
        QVERIFY(done->merge.bestKnownReplaced); // 0.95 > 0.9
        const CategoryMemory m = store.load(u"block-use-weapons"_s).memory;
        QCOMPARE(m.learnings.size(), 4);
        QCOMPARE(m.learnings.at(2).corroborations, 2);
        QCOMPARE(m.learnings.at(3).source, u"run-1 openai/gpt-4o"_s);
        QCOMPARE(m.bestKnown->runId, u"run-1"_s);
        QCOMPARE(m.updatedAt.isValid(), true);
        QVERIFY(m.updatedAt >
                QDateTime::fromString(u"2025-03-14T09:31:09.512Z"_s, Qt::ISODateWithMs));

        // A run without iterations asks nothing; a failed call writes nothing.
        ExtractRequest empty = weaponsRun();
        empty.iterations.clear();
        std::optional<RecordResult> skipped;
        ExtractionRecorder::run(store, extractor, empty, {}, [&](RecordResult r) { skipped = r; });
        QVERIFY(skipped && skipped->skipped);
        QCOMPARE(extractor.calls, 1);
        const QByteArray before = readBytes(store.pathFor(u"block-use-weapons"_s));
        extractor.answer.error = u"timeout"_s;
        std::optional<RecordResult> failed;
        ExtractionRecorder::run(store, extractor, weaponsRun(), {},
                                [&](RecordResult r) { failed = r; });
        QTRY_VERIFY(failed.has_value());
        QCOMPARE(failed->error, u"timeout"_s);
        QCOMPARE(readBytes(store.pathFor(u"block-use-weapons"_s)), before);
    }

    void findAndSummaries()
    {
        const MemoryStore store(
            dirWith(u"original"_s, {u"block-use-weapons"_s, u"allow-medical-questions"_s}));
        const auto found = store.find(u"Qz9yX7wV5uT3sR1qP9oNm"_s);
        QVERIFY(found);
        QCOMPARE(found->category, u"allow-medical-questions"_s);
        QVERIFY(!store.find(u"nope"_s));
        const QList<CategorySummary> s = store.summaries();
        QCOMPARE(s.size(), 2);
        QCOMPARE(s.at(0).key, u"allow-medical-questions"_s);
        QCOMPARE(s.at(1).learningCount, 3);
        QCOMPARE(s.at(1).antiPatternCount, 2);
        QCOMPARE(s.at(1).bestCoverage, 0.9);
        QVERIFY(!s.at(0).bestCoverage);
    }
};

QTEST_GUILESS_MAIN(TestMemoryStore)
#include "tst_memorystore.moc"
