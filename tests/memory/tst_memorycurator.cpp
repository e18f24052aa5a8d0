// Curation: confirm/reject arithmetic, inversion into an anti-pattern, approve, edit, delete,
// add, merge and anti-pattern list changes, each logged to feedback-log.jsonl.
#include "memorytestdata.h"

#include "memorystore/feedbacklog.h"
#include "memorystore/memorycurator.h"
#include "memorystore/memorystore.h"

#include "testmain.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QLockFile>

using namespace Qt::StringLiterals;
using namespace MemoryTestData;

namespace {

const QString kCategory = u"block-use-weapons"_s;
const QString kShort = u"Xk2_pQ9vLm3RtY7wZa1bC"_s;     // corroborations 2
const QString kExclusion = u"Hq7mN2xR5tUv8wYz0AbCd"_s; // degraded
const QString kSharp = u"Jr4sT6uV8wX0yZ2aB4cDe"_s;     // corroborations 1
const QDateTime kNow = QDateTime::fromString(u"2025-09-09T09:09:09.009Z"_s, Qt::ISODateWithMs);

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestMemoryCurator : public QObject
{
    Q_OBJECT
private slots:
    void init()
    {
        m_store = std::make_unique<MemoryStore>(dirWith(u"original"_s, {kCategory}));
        m_curator = std::make_unique<MemoryCurator>(*m_store);
        m_curator->setClock([] { return kNow; });
    }

    void confirmAndRejectArithmetic_data()
    {
        QTest::addColumn<QString>("steps"); // c = confirm, r = reject
        QTest::addColumn<double>("confidence"); // -1: inverted (moved to the anti-patterns)
        QTest::addColumn<int>("logged");
        // kSharp has no stored confidence and 1 corroboration: base 0.55.
        QTest::newRow("confirm") << u"c"_s << 0.65 << 1;
        QTest::newRow("confirm x6 clamps at 1.0 (the 6th changes nothing)")
            << u"cccccc"_s << 1.0 << 5;
        QTest::newRow("reject") << u"r"_s << 0.4 << 1;
        QTest::newRow("reject x2 = 0.25 stays") << u"rr"_s << 0.25 << 2;
        QTest::newRow("reject x3 drops below 0.15: inverted") << u"rrr"_s << -1.0 << 3;
        QTest::newRow("confirmed first, rejected four times") << u"crrrr"_s << -1.0 << 5;
        QTest::newRow("confirm undoes a reject") << u"rc"_s << 0.5 << 2;
    }
    void confirmAndRejectArithmetic()
    {
        QFETCH(QString, steps);
        QFETCH(double, confidence);
        QFETCH(int, logged);
        for (QChar s : steps) {
            const MemoryCurator::Result r = s == u'c' ? m_curator->confirm(kCategory, kSharp)
                                                      : m_curator->reject(kCategory, kSharp);
            QVERIFY2(r.ok(), qPrintable(r.error));
        }
        const CategoryMemory m = m_store->load(kCategory).memory;
        const QString insight = u"Two sharp examples beat five loosely related ones"_s;
        if (confidence < 0) {
            QVERIFY(!m.learning(kSharp));
            QCOMPARE(m.antiPatterns.constLast(), u"KNOWN PITFALL: "_s + insight);
        } else {
            const Learning l = *m.learning(kSharp);
            QCOMPARE(l.confidence.value(), confidence);
            QCOMPARE(l.insight, insight);
            QCOMPARE(l.outcome, u"improved"_s);
            // What the curator said is what is shown: confirming restarts the clock.
            QCOMPARE(l.explainConfidence(kNow, 90).shown, confidence);
        }
        QCOMPARE(m_curator->log().read().size(), logged);
    }

    // The store's lock timeout reaches the feedback log too: with the log's lock held by a
    // live process, an edit on a store that waits briefly (the GUI's) reports the lock
    // after its own timeout and leaves the file as it was, instead of waiting the default 120 s.
    void feedbackLogWaitsTheStoresTimeout()
    {
        m_store->setLockTimeout(300);
        QCOMPARE(m_store->feedbackLog().path(), m_store->feedbackLogPath());
        m_curator = std::make_unique<MemoryCurator>(*m_store);
        const QByteArray before = readAll(m_store->pathFor(kCategory));
        QLockFile held(m_store->feedbackLogPath() + u".lock"_s);
        QVERIFY(held.tryLock(0));
        QElapsedTimer waited;
        waited.start();
        const MemoryCurator::Result r = m_curator->confirm(kCategory, kSharp);
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(u"still locked"_s), qPrintable(r.error));
        QVERIFY2(waited.elapsed() < MemoryStore::DefaultLockTimeoutMs / 2,
                 qPrintable(QString::number(waited.elapsed())));
        QCOMPARE(readAll(m_store->pathFor(kCategory)), before);
        held.unlock();
        QVERIFY(m_curator->confirm(kCategory, kSharp).ok());
    }

    // Rejecting enough to invert puts the pitfall in the anti-pattern list at once and takes
    // the learning out of the table; one log entry records both sides.
    void inversionIsLogged()
    {
        QVERIFY(m_curator->reject(kCategory, kSharp).ok());
        QVERIFY(m_curator->reject(kCategory, kSharp).ok());
        const MemoryCurator::Result third = m_curator->reject(kCategory, kSharp);
        QVERIFY(third.ok());
        QVERIFY(third.inverted);
        QVERIFY(third.learning->isAntiPattern());
        const QString pitfall = u"KNOWN PITFALL: Two sharp examples beat five loosely related ones"_s;
        QCOMPARE(third.antiPattern, pitfall);
        QCOMPARE(third.memoryAfter->antiPatterns.constLast(), pitfall);
        QVERIFY(third.memoryBefore->learning(kSharp));
        const CategoryMemory m = m_store->load(kCategory).memory;
        QVERIFY(!m.learning(kSharp));
        QCOMPARE(m.antiPatterns,
                 (QStringList{u"Adding 'do not match' exclusions to the description"_s,
                              u"Using more than 4 examples"_s, pitfall}));
        const QList<FeedbackLog::Entry> log = m_curator->log().read();
        QCOMPARE(log.size(), 3);
        QCOMPARE(log.at(0).action, u"reject"_s);
        QCOMPARE(log.at(2).action, u"invert"_s);
        QCOMPARE(log.at(2).category, kCategory);
        QCOMPARE(log.at(2).learningId, kSharp);
        QCOMPARE(log.at(2).timestamp, kNow);
        QCOMPARE(log.at(2).source, u"person"_s);
        QCOMPARE(log.at(2).before.toObject().value(u"confidence"_s).toDouble(), 0.25);
        const QJsonObject after = log.at(2).after.toObject();
        QCOMPARE(after.value(u"learning"_s).toObject().value(u"type"_s).toString(),
                 u"anti-pattern"_s);
        QCOMPARE(after.value(u"antiPattern"_s).toString(), pitfall);
        QVERIFY(!log.at(0).before.toObject().contains(u"confidence"_s)); // was the default
        // One JSON object per line.
        const QList<QByteArray> lines = readBytes(m_store->feedbackLogPath()).split('\n');
        QCOMPARE(lines.size(), 4);
        QVERIFY(lines.at(3).isEmpty());
        const QJsonObject first = QJsonDocument::fromJson(lines.at(0)).object();
        QCOMPARE(first.keys(),
                 (QStringList{u"action"_s, u"after"_s, u"before"_s, u"category"_s, u"id"_s,
                              u"learningId"_s, u"source"_s, u"stateAfter"_s, u"stateBefore"_s,
                              u"timestamp"_s}));
        QCOMPARE(first.value(u"timestamp"_s).toString(), u"2025-09-09T09:09:09.009Z"_s);
        // An inverted pitfall already listed is not listed twice.
        QVERIFY(m_curator->addAntiPattern(kCategory, u"Other"_s).isEmpty());
    }

    void rejectingAnOldLearningShowsItsDecay()
    {
        // A learning used 90 days ago (one half-life): a reject lowers its base and does not
        // restart the clock, so the shown value stays decayed (it never looks fresher).
        QVERIFY(m_store
                    ->update(kCategory,
                             [](CategoryMemory &m) {
                                 m.learning(kSharp)->lastRecalledAt = kNow.addDays(-90);
                                 return true;
                             })
                    .ok());
        const MemoryCurator::Result r = m_curator->reject(kCategory, kSharp);
        QVERIFY(r.ok());
        QCOMPARE(r.learning->confidence.value(), 0.4);
        QCOMPARE(r.learning->explainConfidence(kNow, 90).shown, 0.2);
        // A confirm restarts it.
        const MemoryCurator::Result c = m_curator->confirm(kCategory, kSharp);
        QCOMPARE(c.learning->explainConfidence(kNow, 90).shown, 0.5);
        QCOMPARE(c.learning->lastConfirmedAt, kNow);
    }

    void editDeleteApprove()
    {
        LearningPatch patch;
        patch.insight = u"Short descriptions (under 100 chars) win"_s;
        patch.tags = QStringList{u"brevity"_s};
        const MemoryCurator::Result e = m_curator->edit(kCategory, kShort, patch);
        QVERIFY2(e.ok(), qPrintable(e.error));
        QCOMPARE(e.learning->insight, *patch.insight);
        QCOMPARE(e.learning->corroborations, 2); // untouched

        LearningPatch bad;
        bad.outcome = u"great"_s;
        QVERIFY(!m_curator->edit(kCategory, kShort, bad).ok());
        LearningPatch empty;
        empty.insight = u"  "_s;
        QVERIFY(!m_curator->edit(kCategory, kShort, empty).ok());
        QVERIFY(!m_curator->confirm(kCategory, u"missing"_s).ok());

        LearningPatch pending;
        pending.status = u"pending"_s;
        QVERIFY(m_curator->edit(kCategory, kExclusion, pending).ok());
        QVERIFY(m_store->load(kCategory).memory.learning(kExclusion)->isPending());
        QVERIFY(m_curator->approve(kCategory, kExclusion).ok());
        QCOMPARE(m_store->load(kCategory).memory.learning(kExclusion)->status, u"active"_s);

        QVERIFY(m_curator->remove(kCategory, kExclusion).ok());
        QVERIFY(!m_store->load(kCategory).memory.learning(kExclusion));
        QVERIFY(!m_curator->remove(kCategory, kExclusion).ok());

        const QList<FeedbackLog::Entry> log = m_curator->log().read();
        QStringList actions;
        for (const auto &entry : log)
            actions.append(entry.action);
        QCOMPARE(actions, (QStringList{u"edit"_s, u"edit"_s, u"approve"_s, u"delete"_s}));
        QCOMPARE(log.at(0).before.toObject().value(u"insight"_s).toString(),
                 u"Short descriptions under 100 characters gave the highest coverage"_s);
        QCOMPARE(log.at(0).after.toObject().value(u"insight"_s).toString(), *patch.insight);
        QVERIFY(log.at(3).after.isNull());
        QCOMPARE(log.at(3).before.toObject().value(u"id"_s).toString(), kExclusion);
    }

    void addByAPerson()
    {
        NewLearning n;
        n.insight = u"Always test slang"_s;
        n.strategy = u"Add a slang example"_s;
        n.tags = {u"coded-language"_s};
        const MemoryCurator::Result r = m_curator->add(u"new-category"_s, n);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.learning->source, u"person"_s);
        QCOMPARE(r.learning->status, u"active"_s);
        QCOMPARE(r.learning->id.size(), 21);
        const CategoryMemory m = m_store->load(u"new-category"_s).memory;
        QCOMPARE(m.category, u"new-category"_s);
        QCOMPARE(m.learnings.size(), 1);
        QCOMPARE(m.learnings.at(0).extractedAt, kNow);
        QCOMPARE(m_curator->log().read().at(0).action, u"add"_s);
        QVERIFY(m_curator->log().read().at(0).before.isNull());
        n.outcome = u"excellent"_s;
        QVERIFY(!m_curator->add(u"new-category"_s, n).ok());
    }

    void mergeTwoLearnings()
    {
        QVERIFY(m_curator->confirm(kCategory, kSharp).ok()); // 0.55 -> 0.65
        const MemoryCurator::Result r = m_curator->merge(kCategory, kShort, kSharp);
        QVERIFY2(r.ok(), qPrintable(r.error));
        // Seen 3x + seen 2x = seen 5x.
        QCOMPARE(r.learning->corroborations, 4);
        QCOMPARE(r.learning->confidence.value(), 0.65);
        QCOMPARE(r.learning->lastConfirmedAt, kNow);
        // Both sources stay: kShort's own fields, kSharp in mergedFrom.
        QCOMPARE(r.learning->runId, u"V1StGXR8_Z5jdHi6B-myT"_s);
        QCOMPARE(r.learning->mergedFrom.size(), 1);
        QCOMPARE(r.learning->mergedFrom.at(0).learningId, kSharp);
        QCOMPARE(r.learning->tags, (QStringList{u"brevity"_s, u"description-weight"_s,
                                                u"example-count"_s, u"few-examples"_s}));
        const CategoryMemory m = m_store->load(kCategory).memory;
        QCOMPARE(m.learnings.size(), 2);
        QVERIFY(!m.learning(kSharp));
        QVERIFY(!m_curator->merge(kCategory, kShort, kShort).ok());
        const FeedbackLog::Entry last = m_curator->log().read().constLast();
        QCOMPARE(last.action, u"merge"_s);
        QCOMPARE(last.before.toArray().size(), 2);
        // Opposite outcomes never merge (kExclusion is degraded), and nothing is written.
        const QByteArray file = readBytes(m_store->pathFor(kCategory));
        const MemoryCurator::Result refused = m_curator->merge(kCategory, kShort, kExclusion);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error.contains(u"outcomes differ"_s), qPrintable(refused.error));
        QCOMPARE(readBytes(m_store->pathFor(kCategory)), file);
        QCOMPARE(m_curator->log().read().constLast().action, u"merge"_s);
    }

    void restoreIsByteForByte()
    {
        // (The fixture is in the original's key order; the first write here sorts the keys.)
        QVERIFY(m_curator->confirm(kCategory, kShort).ok());
        const QByteArray file = readBytes(m_store->pathFor(kCategory));
        const MemoryCurator::Result r = m_curator->reject(kCategory, kSharp);
        QVERIFY(r.ok());
        QVERIFY(readBytes(m_store->pathFor(kCategory)) != file);
        QVERIFY(m_curator->restore(kCategory, *r.memoryBefore, u"undo"_s).ok());
        QCOMPARE(readBytes(m_store->pathFor(kCategory)), file);
        QCOMPARE(m_curator->log().read().constLast().action, u"undo"_s);
    }

    void antiPatternList()
    {
        QVERIFY(m_curator->addAntiPattern(kCategory, u"Negation clauses"_s).isEmpty());
        QVERIFY(!m_curator->addAntiPattern(kCategory, u"Negation clauses"_s).isEmpty());
        QVERIFY(m_curator->editAntiPattern(kCategory, 0, u"Exclusion wording"_s).isEmpty());
        QVERIFY(!m_curator->editAntiPattern(kCategory, 9, u"x"_s).isEmpty());
        QVERIFY(m_curator->removeAntiPattern(kCategory, 1).isEmpty());
        QCOMPARE(m_store->load(kCategory).memory.antiPatterns,
                 (QStringList{u"Exclusion wording"_s, u"Negation clauses"_s}));
        const QList<FeedbackLog::Entry> log = m_curator->log().read();
        QCOMPARE(log.size(), 3);
        QCOMPARE(log.at(1).action, u"anti-pattern-edit"_s);
        QCOMPARE(log.at(1).before.toString(),
                 u"Adding 'do not match' exclusions to the description"_s);
        QCOMPARE(log.at(1).after.toString(), u"Exclusion wording"_s);
        QCOMPARE(log.at(2).before.toString(), u"Using more than 4 examples"_s);
    }

private:
    std::unique_ptr<MemoryStore> m_store;
    std::unique_ptr<MemoryCurator> m_curator;
};

QTEST_GUILESS_MAIN(TestMemoryCurator)
#include "tst_memorycurator.moc"
