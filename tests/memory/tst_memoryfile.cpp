// Memory files (behaviour reference §4.2): files written by the original load here unchanged,
// files written here keep the original's fields and types, and nothing unknown is ever lost.
#include "memorytestdata.h"

#include "memorystore/categorymemory.h"
#include "memorystore/memorystore.h"

#include "domain/jsonin.h"

#include "testmain.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;
using namespace MemoryTestData;

namespace {

// What the original tool reads from a memory file (its TopicMemory type): every field present
// with the right JSON type and enum value. Returns one line per violation.
QStringList originalShapeProblems(const QJsonObject &o)
{
    QStringList p;
    const auto need = [&](const QJsonObject &obj, const QString &path, const QString &key,
                          QJsonValue::Type type) {
        if (obj.value(key).type() != type)
            p.append(path + key);
    };
    need(o, {}, u"category"_s, QJsonValue::String);
    need(o, {}, u"updatedAt"_s, QJsonValue::String);
    need(o, {}, u"learnings"_s, QJsonValue::Array);
    need(o, {}, u"antiPatterns"_s, QJsonValue::Array);
    if (!o.value(u"bestKnown"_s).isNull() && !o.value(u"bestKnown"_s).isObject())
        p.append(u"bestKnown"_s);
    for (const QJsonValue &v : o.value(u"learnings"_s).toArray()) {
        const QJsonObject l = v.toObject();
        for (const QString &k : {u"id"_s, u"runId"_s, u"extractedAt"_s, u"topicCategory"_s,
                                 u"topicDescription"_s, u"insight"_s, u"strategy"_s})
            need(l, u"learning."_s, k, QJsonValue::String);
        need(l, u"learning."_s, u"corroborations"_s, QJsonValue::Double);
        need(l, u"learning."_s, u"tags"_s, QJsonValue::Array);
        need(l, u"learning."_s, u"metrics"_s, QJsonValue::Object);
        for (const QString &k : {u"coverage"_s, u"tpr"_s, u"tnr"_s, u"accuracy"_s, u"f1"_s})
            need(l.value(u"metrics"_s).toObject(), u"learning.metrics."_s, k, QJsonValue::Double);
        if (!QStringList{u"improved"_s, u"degraded"_s, u"neutral"_s}.contains(
                l.value(u"outcome"_s).toString()))
            p.append(u"learning.outcome"_s);
        if (!QStringList{u"description-only"_s, u"examples-only"_s, u"both"_s, u"initial"_s}
                 .contains(l.value(u"changeType"_s).toString()))
            p.append(u"learning.changeType"_s);
    }
    return p;
}

} // namespace

class TestMemoryFile : public QObject
{
    Q_OBJECT
private slots:
    void originalFilesRoundTrip_data()
    {
        QTest::addColumn<QString>("path");
        for (const QString &name : {u"block-use-weapons"_s, u"discussions-violence-weapons"_s,
                                    u"allow-medical-questions"_s})
            QTest::newRow(qPrintable(name)) << fixture(u"original"_s, name + u".json"_s);
        QTest::newRow("injector set") << fixture(u"injector"_s, u"block-violence-weapons.json"_s);
    }
    void originalFilesRoundTrip()
    {
        QFETCH(QString, path);
        const QJsonObject original = readObject(path);
        QVERIFY(!original.isEmpty());
        QStringList problems;
        const CategoryMemory m = CategoryMemory::fromJson(original, &problems);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
        QVERIFY(m.shadowedFields().isEmpty());
        for (const Learning &l : m.learnings) {
            QVERIFY(!l.confidence && !l.lastRecalledAt && !l.type && !l.source && !l.status);
            QVERIFY(l.extra.isEmpty());
        }
        QCOMPARE(m.toJson(), original); // no field added, renamed, removed or changed
    }

    void originalFieldsRead()
    {
        QStringList problems;
        const CategoryMemory m = CategoryMemory::fromJson(
            readObject(fixture(u"original"_s, u"block-use-weapons.json"_s)), &problems);
        QCOMPARE(m.category, u"block-use-weapons"_s);
        QCOMPARE(m.updatedAt,
                 QDateTime::fromString(u"2025-03-14T09:31:09.512Z"_s, Qt::ISODateWithMs));
        QCOMPARE(m.learnings.size(), 3);
        const Learning &l = m.learnings.at(0);
        QCOMPARE(l.id, u"Xk2_pQ9vLm3RtY7wZa1bC"_s);
        QCOMPARE(l.runId, u"V1StGXR8_Z5jdHi6B-myT"_s);
        QCOMPARE(l.insight, u"Short descriptions under 100 characters gave the highest coverage"_s);
        QCOMPARE(l.outcome, u"improved"_s);
        QCOMPARE(l.changeType, u"description-only"_s);
        QCOMPARE(l.corroborations, 2);
        QCOMPARE(l.metrics.coverage, 0.9);
        QCOMPARE(l.metrics.f1, 0.9268292682926829);
        QCOMPARE(l.tags, (QStringList{u"brevity"_s, u"description-weight"_s}));
        QCOMPARE(l.confidenceValue(), 0.6); // no stored confidence: 0.5 + 0.05 × 2 corroborations
        QVERIFY(!l.intent && !l.intentNeutral && !l.iteration && l.mergedFrom.isEmpty());
        QVERIFY(!l.isAntiPattern());
        QVERIFY(!l.isPending());
        QVERIFY(m.bestKnown.has_value());
        QCOMPARE(m.bestKnown->iteration, 3);
        QCOMPARE(m.bestKnown->coverage(), 0.9);
        QCOMPARE(m.bestKnown->efficacy().truePositives, 19);
        QCOMPARE(m.bestKnown->topic.examples.size(), 2);
        QCOMPARE(m.antiPatterns.size(), 2);
        const CategoryMemory other = CategoryMemory::fromJson(
            readObject(fixture(u"original"_s, u"discussions-violence-weapons.json"_s)), &problems);
        QVERIFY(!other.bestKnown.has_value());
        QVERIFY(other.toJson().value(u"bestKnown"_s).isNull());
    }

    void extensionFieldsRoundTrip()
    {
        Learning l;
        l.id = u"abcdefghijklmnopqrstu"_s;
        l.extractedAt = QDateTime::fromString(u"2025-01-01T00:00:00.000Z"_s, Qt::ISODateWithMs);
        l.insight = u"x"_s;
        l.confidence = 0.35;
        l.lastRecalledAt = QDateTime::fromString(u"2025-02-01T10:00:00.250Z"_s, Qt::ISODateWithMs);
        l.type = u"anti-pattern"_s;
        l.source = u"run1 openai/gpt-4o"_s;
        l.status = u"pending"_s;
        const QJsonObject o = l.toJson();
        QCOMPARE(o.value(u"confidence"_s).toDouble(), 0.35);
        QCOMPARE(o.value(u"lastRecalledAt"_s).toString(), u"2025-02-01T10:00:00.250Z"_s);
        QCOMPARE(o.value(u"type"_s).toString(), u"anti-pattern"_s);
        QCOMPARE(o.value(u"source"_s).toString(), u"run1 openai/gpt-4o"_s);
        QCOMPARE(o.value(u"status"_s).toString(), u"pending"_s);
        QStringList problems;
        const Learning back = Learning::fromJson(JsonIn(o, {}, &problems));
        QVERIFY(problems.isEmpty());
        QCOMPARE(back, l);
        QVERIFY(back.isAntiPattern());
        QVERIFY(back.isPending());
    }

    void unknownFieldsSurvive()
    {
        QJsonObject o = readObject(fixture(u"original"_s, u"block-use-weapons.json"_s));
        o.insert(u"schemaVersion"_s, 7);
        QJsonArray learnings = o.value(u"learnings"_s).toArray();
        QJsonObject first = learnings.at(0).toObject();
        first.insert(u"embedding"_s, QJsonArray{0.1, 0.2});
        QJsonObject metrics = first.value(u"metrics"_s).toObject();
        metrics.insert(u"precision"_s, 0.7);
        first.insert(u"metrics"_s, metrics);
        learnings.replace(0, first);
        o.insert(u"learnings"_s, learnings);
        QJsonObject best = o.value(u"bestKnown"_s).toObject();
        best.insert(u"note"_s, u"kept"_s);
        QJsonObject topic = best.value(u"topic"_s).toObject();
        topic.insert(u"id"_s, u"t-1"_s);
        best.insert(u"topic"_s, topic);
        o.insert(u"bestKnown"_s, best);

        QStringList problems;
        const CategoryMemory m = CategoryMemory::fromJson(o, &problems);
        QVERIFY(problems.isEmpty());
        QVERIFY(m.shadowedFields().isEmpty()); // unknown fields do not make a file read-only
        QCOMPARE(m.toJson(), o);
    }

    void wrongTypesAreReportedAndKept()
    {
        QJsonObject o = readObject(fixture(u"original"_s, u"block-use-weapons.json"_s));
        QJsonArray learnings = o.value(u"learnings"_s).toArray();
        QJsonObject first = learnings.at(0).toObject();
        first.insert(u"corroborations"_s, u"three"_s);
        learnings.replace(0, first);
        o.insert(u"learnings"_s, learnings);
        QStringList problems;
        const CategoryMemory m = CategoryMemory::fromJson(o, &problems);
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.at(0).startsWith(u"learnings[0].corroborations"_s),
                 qPrintable(problems.at(0)));
        QCOMPARE(m.learnings.at(0).corroborations, 0); // typed default for reading
        QCOMPARE(m.toJson(), o);                       // the raw value is written back
        QCOMPARE(m.shadowedFields(), QStringList{u"learnings[0].corroborations"_s});
    }

    void writtenFilesHaveTheOriginalShape()
    {
        const MemoryStore store(freshDir());
        const auto u = store.update(u"block-use-weapons"_s, [](CategoryMemory &m) {
            Learning l;
            l.id = u"abcdefghijklmnopqrstu"_s;
            l.extractedAt = QDateTime::currentDateTimeUtc();
            l.insight = u"Hand-written"_s;
            l.confidence = 0.5;
            l.source = u"person"_s;
            l.status = u"active"_s;
            m.learnings.append(l);
            return true;
        });
        QVERIFY2(u.ok(), qPrintable(u.error));
        QVERIFY(u.written);
        const QByteArray bytes = readBytes(store.pathFor(u"block-use-weapons"_s));
        QVERIFY(bytes.startsWith("{\n  \"")); // 2-space indentation like JSON.stringify(x, null, 2)
        QVERIFY(!bytes.endsWith('\n'));
        QVERIFY(bytes.contains("\"antiPatterns\": []"));
        QVERIFY(bytes.contains("\"bestKnown\": null"));
        const QJsonObject o = QJsonDocument::fromJson(bytes).object();
        QCOMPARE(originalShapeProblems(o), QStringList());
        QCOMPARE(o.value(u"category"_s).toString(), u"block-use-weapons"_s);
        QVERIFY(
            QDateTime::fromString(o.value(u"updatedAt"_s).toString(), Qt::ISODateWithMs).isValid());
    }

    void originalFixturesPassTheShapeCheck()
    {
        // The check itself accepts what the original writes and rejects a broken learning.
        QJsonObject o = readObject(fixture(u"original"_s, u"block-use-weapons.json"_s));
        QCOMPARE(originalShapeProblems(o), QStringList());
        QJsonArray learnings = o.value(u"learnings"_s).toArray();
        QJsonObject first = learnings.at(0).toObject();
        first.insert(u"outcome"_s, u"great"_s);
        learnings.replace(0, first);
        o.insert(u"learnings"_s, learnings);
        QCOMPARE(originalShapeProblems(o), QStringList{u"learning.outcome"_s});
    }
};

QTEST_GUILESS_MAIN(TestMemoryFile)
#include "tst_memoryfile.moc"
