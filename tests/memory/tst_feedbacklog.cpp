// The feedback log as a write-ahead log: every change is logged before the file is replaced,
// a crash between the two leaves an entry that reads as "not landed", and extraction and
// recall are logged like curation.
#include "memorytestdata.h"

#include "memorystore/extractionrecorder.h"
#include "memorystore/feedbacklog.h"
#include "memorystore/memorycurator.h"
#include "memorystore/memorystore.h"

#include "testmain.h"

#include <QProcess>

using namespace Qt::StringLiterals;
using namespace MemoryTestData;

namespace {

const QString kCategory = u"block-use-weapons"_s;
const QString kSharp = u"Jr4sT6uV8wX0yZ2aB4cDe"_s;
const QString kShort = u"Xk2_pQ9vLm3RtY7wZa1bC"_s;
using Landing = FeedbackLog::Landing;

QList<Landing> landings(const MemoryStore &store)
{
    return FeedbackLog::landings(FeedbackLog(store.feedbackLogPath()).read(),
                                 [&](const QString &c) { return store.stateOf(c); });
}

QStringList actions(const MemoryStore &store)
{
    QStringList out;
    for (const FeedbackLog::Entry &e : FeedbackLog(store.feedbackLogPath()).read())
        out.append(e.action);
    return out;
}

} // namespace

class TestFeedbackLog : public QObject
{
    Q_OBJECT
private slots:
    void everyWriteIsLoggedFirst()
    {
        MemoryStore store(dirWith(u"original"_s, {kCategory}));
        const MemoryCurator curator(store);
        QString stateSeenByTheJournal;
        // The journal runs before the file is replaced: the file still has the old state.
        const QString before = store.stateOf(kCategory);
        store.setBeforeWriteHook([&] {
            const QList<FeedbackLog::Entry> log = curator.log().read();
            stateSeenByTheJournal = store.stateOf(kCategory);
            return log.size() == 1 && log.at(0).stateBefore == before;
        });
        QVERIFY(curator.confirm(kCategory, kSharp).ok());
        QCOMPARE(stateSeenByTheJournal, before);
        const FeedbackLog::Entry e = curator.log().read().at(0);
        QCOMPARE(e.stateBefore, before);
        QCOMPARE(e.stateAfter, store.stateOf(kCategory));
        QCOMPARE(e.id.size(), 21);
        QCOMPARE(landings(store), QList<Landing>{Landing::Landed});
    }

    // A crash after the log append and before the atomic rename (simulated in-process).
    void simulatedCrashBetweenLogAndWrite()
    {
        MemoryStore store(dirWith(u"original"_s, {kCategory}));
        const MemoryCurator curator(store);
        const QByteArray file = readBytes(store.pathFor(kCategory));
        store.setBeforeWriteHook([] { return false; });
        QVERIFY(!curator.confirm(kCategory, kSharp).ok());
        QCOMPARE(readBytes(store.pathFor(kCategory)), file); // nothing landed
        QCOMPARE(actions(store), QStringList{u"confirm"_s}); // but it was logged
        QCOMPARE(landings(store), QList<Landing>{Landing::NotLanded});

        // Later writes start from the old state, so the lost entry stays recognisable.
        store.setBeforeWriteHook({});
        QVERIFY(curator.reject(kCategory, kSharp).ok());
        QVERIFY(curator.confirm(kCategory, kShort).ok());
        QCOMPARE(landings(store),
                 (QList<Landing>{Landing::NotLanded, Landing::Landed, Landing::Landed}));
    }

    // The same with a real process killed between the two steps.
    void processKilledBetweenLogAndWrite()
    {
        MemoryStore store(dirWith(u"original"_s, {kCategory}));
        const QByteArray file = readBytes(store.pathFor(kCategory));
        QProcess p;
        p.start(QStringLiteral(MEMORY_WRITER),
                {store.directory(), kCategory, u"--crash-after-log"_s, kSharp});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 9);
        QCOMPARE(readBytes(store.pathFor(kCategory)), file);
        QCOMPARE(actions(store), QStringList{u"confirm"_s});
        QCOMPARE(landings(store), QList<Landing>{Landing::NotLanded});
        // The dead process's lock is stale and taken over; the next write chains on.
        QVERIFY(MemoryCurator(store).confirm(kCategory, kSharp).ok());
        QCOMPARE(landings(store), (QList<Landing>{Landing::NotLanded, Landing::Landed}));
    }

    void anUnloggableChangeIsNotMade()
    {
        MemoryStore store(dirWith(u"original"_s, {kCategory}));
        QVERIFY(QDir().mkpath(store.feedbackLogPath())); // a directory: appends fail
        const QByteArray file = readBytes(store.pathFor(kCategory));
        const MemoryCurator::Result r = MemoryCurator(store).confirm(kCategory, kSharp);
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(u"cannot be logged"_s), qPrintable(r.error));
        QCOMPARE(readBytes(store.pathFor(kCategory)), file);
    }

    void oldAndOutsideChangesAreUnknown()
    {
        MemoryStore store(dirWith(u"original"_s, {kCategory}));
        FeedbackLog::Entry old;
        old.action = u"confirm"_s;
        old.category = kCategory;
        QVERIFY(FeedbackLog(store.feedbackLogPath()).append(old).isEmpty());
        QVERIFY(MemoryCurator(store).confirm(kCategory, kSharp).ok());
        // Someone (the original tool) rewrites the file without logging.
        QVERIFY(store
                    .update(kCategory,
                            [](CategoryMemory &m) {
                                m.antiPatterns.append(u"outside"_s);
                                return true;
                            })
                    .ok());
        QCOMPARE(landings(store), (QList<Landing>{Landing::Unknown, Landing::Unknown}));
    }

    void extractionAndRecallAreLogged()
    {
        MemoryStore store(dirWith(u"original"_s, {kCategory}));
        ExtractRequest request;
        request.runId = u"run-X"_s;
        request.description = u"Block the use of weapons"_s;
        request.providerModel = u"sandbox/brain"_s;
        IterationResult it;
        it.iteration = 1;
        it.metrics.coverage = 0.95;
        request.iterations = {it};
        request.bestIteration = 1;
        ExtractResult result;
        result.learnings = {
            LearningDraft{u"Short descriptions under 100 characters gave the highest coverage"_s,
                          u"s"_s,
                          u"improved"_s,
                          u"description-only"_s,
                          {}},
            LearningDraft{u"Something new entirely"_s, u"s"_s, u"neutral"_s, u"initial"_s, {}}};
        result.antiPatterns = {u"A fresh anti-pattern"_s};
        const QDateTime now =
            QDateTime::fromString(u"2025-09-01T00:00:00.000Z"_s, Qt::ISODateWithMs);
        const RecordResult r = ExtractionRecorder::record(store, request, result, {}, now);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(actions(store), (QStringList{u"extract"_s, u"corroborate"_s, u"anti-pattern-add"_s,
                                              u"best-known"_s}));
        const QList<FeedbackLog::Entry> log = FeedbackLog(store.feedbackLogPath()).read();
        for (const FeedbackLog::Entry &e : log) {
            QCOMPARE(e.source, u"run-X sandbox/brain"_s);
            QCOMPARE(e.id, log.at(0).id); // one write
        }
        QCOMPARE(log.at(1).learningId, kShort);
        QCOMPARE(log.at(1).before.toObject().value(u"corroborations"_s).toInt(), 2);
        QCOMPARE(log.at(1).after.toObject().value(u"corroborations"_s).toInt(), 3);

        QVERIFY(store.markRecalled({LearningRef{-1, kCategory, kShort}}, now.addDays(1)).isEmpty());
        const FeedbackLog::Entry recall = FeedbackLog(store.feedbackLogPath()).read().constLast();
        QCOMPARE(recall.action, u"recall"_s);
        QCOMPARE(recall.before.toObject().value(kShort), QJsonValue());
        QCOMPARE(recall.after.toObject().value(kShort).toString(), u"2025-09-02T00:00:00.000Z"_s);
        for (Landing l : landings(store))
            QCOMPARE(l, Landing::Landed);
    }
};

QTEST_GUILESS_MAIN(TestFeedbackLog)
#include "tst_feedbacklog.moc"
