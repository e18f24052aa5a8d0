// Curation: confirm/reject arithmetic, inversion into an anti-pattern, approve, edit, delete,
// add, merge and anti-pattern list changes, each logged to feedback-log.jsonl.
#include "memorytestdata.h"

#include "memorystore/feedbacklog.h"
#include "memorystore/memorycurator.h"
#include "memorystore/memorystore.h"

#include <QtTest>

using namespace Qt::StringLiterals;
using namespace MemoryTestData;

namespace {

const QString kCategory = u"block-use-weapons"_s;
const QString kShort = u"Xk2_pQ9vLm3RtY7wZa1bC"_s;     // corroborations 2
const QString kExclusion = u"Hq7mN2xR5tUv8wYz0AbCd"_s; // degraded
const QString kSharp = u"Jr4sT6uV8wX0yZ2aB4cDe"_s;     // corroborations 1
const QDateTime kNow = QDateTime::fromString(u"2025-09-09T09:09:09.009Z"_s, Qt::ISODateWithMs);

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
        QTest::addColumn<double>("confidence");
        QTest::addColumn<bool>("antiPattern");
        QTest::newRow("confirm") << u"c"_s << 0.6 << false;
        QTest::newRow("confirm x6 clamps at 1.0") << u"cccccc"_s << 1.0 << false;
        QTest::newRow("reject") << u"r"_s << 0.35 << false;
        QTest::newRow("reject x2 = 0.2 stays") << u"rr"_s << 0.2 << false;
        QTest::newRow("reject x3 drops below 0.15: inverted, reset to 0.5")
            << u"rrr"_s << 0.5 << true;
        QTest::newRow("an anti-pattern keeps falling") << u"rrrr"_s << 0.35 << true;
        QTest::newRow("and clamps at 0.01, never inverting back") << u"rrrrrrrr"_s << 0.01 << true;
        QTest::newRow("confirm after inversion") << u"rrrc"_s << 0.6 << true;
        QTest::newRow("confirmed first, rejected five times") << u"crrrr"_s << 0.5 << true;
    }
    void confirmAndRejectArithmetic()
    {
        QFETCH(QString, steps);
        QFETCH(double, confidence);
        QFETCH(bool, antiPattern);
        for (QChar s : steps) {
            const MemoryCurator::Result r = s == u'c' ? m_curator->confirm(kCategory, kSharp)
                                                      : m_curator->reject(kCategory, kSharp);
            QVERIFY2(r.ok(), qPrintable(r.error));
        }
        const Learning l = *m_store->load(kCategory).memory.learning(kSharp);
        QCOMPARE(l.confidence.value(), confidence);
        QCOMPARE(l.isAntiPattern(), antiPattern);
        const QString insight = u"Two sharp examples beat five loosely related ones"_s;
        QCOMPARE(l.insight, antiPattern ? u"KNOWN PITFALL: "_s + insight : insight);
        QCOMPARE(l.outcome, antiPattern ? u"degraded"_s : u"improved"_s);
        QCOMPARE(m_curator->log().read().size(), steps.size());
    }

    void inversionIsLogged()
    {
        QVERIFY(m_curator->reject(kCategory, kSharp).ok());
        QVERIFY(m_curator->reject(kCategory, kSharp).ok());
        const MemoryCurator::Result third = m_curator->reject(kCategory, kSharp);
        QVERIFY(third.ok());
        QVERIFY(third.learning->isAntiPattern());
        const QList<FeedbackLog::Entry> log = m_curator->log().read();
        QCOMPARE(log.size(), 3);
        QCOMPARE(log.at(0).action, u"reject"_s);
        QCOMPARE(log.at(2).action, u"invert"_s);
        QCOMPARE(log.at(2).category, kCategory);
        QCOMPARE(log.at(2).learningId, kSharp);
        QCOMPARE(log.at(2).timestamp, kNow);
        QCOMPARE(log.at(2).before.toObject().value(u"confidence"_s).toDouble(), 0.2);
        QCOMPARE(log.at(2).after.toObject().value(u"type"_s).toString(), u"anti-pattern"_s);
        QVERIFY(!log.at(0).before.toObject().contains(u"confidence"_s)); // was the default
        // One JSON object per line.
        const QList<QByteArray> lines = readBytes(m_store->feedbackLogPath()).split('\n');
        QCOMPARE(lines.size(), 4);
        QVERIFY(lines.at(3).isEmpty());
        const QJsonObject first = QJsonDocument::fromJson(lines.at(0)).object();
        QCOMPARE(first.keys(), (QStringList{u"action"_s, u"after"_s, u"before"_s, u"category"_s,
                                            u"learningId"_s, u"timestamp"_s}));
        QCOMPARE(first.value(u"timestamp"_s).toString(), u"2025-09-09T09:09:09.009Z"_s);
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
        QVERIFY(m_curator->confirm(kCategory, kSharp).ok()); // 0.6
        const MemoryCurator::Result r = m_curator->merge(kCategory, kShort, kSharp);
        QVERIFY2(r.ok(), qPrintable(r.error));
        // Seen 3x + seen 2x = seen 5x.
        QCOMPARE(r.learning->corroborations, 4);
        QCOMPARE(r.learning->confidence.value(), 0.6);
        QCOMPARE(r.learning->tags, (QStringList{u"brevity"_s, u"description-weight"_s,
                                                u"example-count"_s, u"few-examples"_s}));
        const CategoryMemory m = m_store->load(kCategory).memory;
        QCOMPARE(m.learnings.size(), 2);
        QVERIFY(!m.learning(kSharp));
        QVERIFY(!m_curator->merge(kCategory, kShort, kShort).ok());
        const FeedbackLog::Entry last = m_curator->log().read().constLast();
        QCOMPARE(last.action, u"merge"_s);
        QCOMPARE(last.before.toArray().size(), 2);
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
