// The output schemas (well-formed for OpenAI strict mode, exactly the documented shapes) and
// the output parsers, including the meaning checks a schema cannot express.
#include "llm/prompts/promptbook.h"
#include "llm/schemavalidator.h"

#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {
// Every problem that would make OpenAI's strict mode (or the local validator) reject the
// schema: unknown keywords, open objects, optional properties, bad types.
void strictProblems(const QJsonObject &s, const QString &path, QStringList &out)
{
    static const QStringList keywords{
        u"type"_s,     u"properties"_s, u"required"_s,  u"items"_s,     u"minItems"_s,
        u"maxItems"_s, u"enum"_s,       u"minLength"_s, u"maxLength"_s, u"additionalProperties"_s};
    static const QStringList types{u"object"_s,  u"array"_s,  u"string"_s,
                                   u"boolean"_s, u"number"_s, u"integer"_s};
    for (const QString &k : s.keys()) {
        if (!keywords.contains(k))
            out.append(path + u": keyword "_s + k);
    }
    const QString type = s.value(u"type"_s).toString();
    if (!types.contains(type))
        out.append(path + u": type "_s + type);
    if (type == u"object") {
        const QJsonObject props = s.value(u"properties"_s).toObject();
        QStringList required;
        for (const QJsonValue &r : s.value(u"required"_s).toArray())
            required.append(r.toString());
        QStringList keys = props.keys();
        std::sort(required.begin(), required.end());
        if (keys != required)
            out.append(path + u": required differs from properties"_s);
        if (s.value(u"additionalProperties"_s) != QJsonValue(false))
            out.append(path + u": not closed"_s);
        for (const QString &k : keys)
            strictProblems(props.value(k).toObject(), path + u'.' + k, out);
    } else if (type == u"array") {
        strictProblems(s.value(u"items"_s).toObject(), path + u"[]"_s, out);
    }
}

QJsonObject json(const char *text)
{
    return QJsonDocument::fromJson(text).object();
}
} // namespace

class TestPromptBookSchemas final : public QObject
{
    Q_OBJECT

private slots:
    void schemasAreStrictModeReady_data()
    {
        QTest::addColumn<QJsonObject>("schema");
        QTest::newRow("topic") << PromptBook::topicSchema();
        QTest::newRow("tests") << PromptBook::testsSchema();
        QTest::newRow("analysis") << PromptBook::analysisSchema();
        QTest::newRow("extraction") << PromptBook::extractionSchema();
    }

    void schemasAreStrictModeReady()
    {
        QFETCH(QJsonObject, schema);
        QStringList problems;
        strictProblems(schema, u"$"_s, problems);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u"; "_s)));
    }

    void everyCallCarriesItsSchema()
    {
        QCOMPARE(PromptBook::generateTopic({}).schema, PromptBook::topicSchema());
        QCOMPARE(PromptBook::generateCompanion({}).schema, PromptBook::topicSchema());
        QCOMPARE(PromptBook::improveTopic({}).schema, PromptBook::topicSchema());
        QCOMPARE(PromptBook::simplifyTopic({}).schema, PromptBook::topicSchema());
        QCOMPARE(PromptBook::generateTests({}).schema, PromptBook::testsSchema());
        QCOMPARE(PromptBook::analyzeResults({}).schema, PromptBook::analysisSchema());
        QCOMPARE(PromptBook::extractLearnings({}).schema, PromptBook::extractionSchema());
    }

    void topicSchemaShape()
    {
        const QJsonObject s = PromptBook::topicSchema();
        const QJsonObject props = s.value(u"properties"_s).toObject();
        QCOMPARE(props.value(u"name"_s).toObject(), json(R"({"type":"string","minLength":1})"));
        QCOMPARE(props.value(u"description"_s).toObject(),
                 json(R"({"type":"string","minLength":1})"));
        QCOMPARE(
            props.value(u"examples"_s).toObject(),
            json(
                R"({"type":"array","items":{"type":"string","minLength":1},"minItems":2,"maxItems":5})"));
        // Byte limits are the clamp's job, never the schema's.
        QVERIFY(!QJsonDocument(s).toJson().contains("maxLength"));
    }

    void otherSchemaShapes()
    {
        const QJsonObject tests = PromptBook::testsSchema().value(u"properties"_s).toObject();
        for (const QString &list : {u"positiveTests"_s, u"negativeTests"_s}) {
            const QJsonObject a = tests.value(list).toObject();
            QCOMPARE(a.value(u"minItems"_s).toInt(), 1);
            QVERIFY(!a.contains(u"maxItems"_s));
            const QJsonObject item =
                a.value(u"items"_s).toObject().value(u"properties"_s).toObject();
            QCOMPARE(item.value(u"expectedTriggered"_s).toObject(), json(R"({"type":"boolean"})"));
            QCOMPARE(item.value(u"prompt"_s).toObject().value(u"minLength"_s).toInt(), 1);
            QCOMPARE(item.value(u"category"_s).toObject().value(u"minLength"_s).toInt(), 1);
        }
        const QJsonObject analysis = PromptBook::analysisSchema().value(u"properties"_s).toObject();
        QCOMPARE(analysis.value(u"suggestions"_s).toObject().value(u"minItems"_s).toInt(), 1);
        QCOMPARE(analysis.value(u"summary"_s).toObject().value(u"minLength"_s).toInt(), 1);
        QVERIFY(!analysis.value(u"falsePositivePatterns"_s).toObject().contains(u"minItems"_s));

        const QJsonObject learning = PromptBook::extractionSchema()
                                         .value(u"properties"_s)
                                         .toObject()
                                         .value(u"learnings"_s)
                                         .toObject()
                                         .value(u"items"_s)
                                         .toObject();
        QCOMPARE(learning.value(u"required"_s).toArray().size(), 7); // changeType required too
        QCOMPARE(learning.value(u"properties"_s).toObject().value(u"iteration"_s).toObject(),
                 json(R"({"type":"integer"})"));
        const QJsonObject lp = learning.value(u"properties"_s).toObject();
        QCOMPARE(lp.value(u"outcome"_s).toObject().value(u"enum"_s).toArray(),
                 (QJsonArray{u"improved"_s, u"degraded"_s, u"neutral"_s}));
        QCOMPARE(lp.value(u"changeType"_s).toObject().value(u"enum"_s).toArray(),
                 (QJsonArray{u"description-only"_s, u"examples-only"_s, u"both"_s, u"initial"_s}));
        QCOMPARE(lp.value(u"strategy"_s).toObject().value(u"minLength"_s).toInt(), 1);
    }

    void validatorAgreesWithSchemas_data()
    {
        QTest::addColumn<QJsonObject>("schema");
        QTest::addColumn<QJsonObject>("value");
        QTest::addColumn<bool>("valid");
        const QJsonObject topic = PromptBook::topicSchema();
        QTest::newRow("topic ok") << topic
                                  << json(R"({"name":"n","description":"d","examples":["a","b"]})")
                                  << true;
        QTest::newRow("topic 1 example")
            << topic << json(R"({"name":"n","description":"d","examples":["a"]})") << false;
        QTest::newRow("topic 6 examples")
            << topic
            << json(R"({"name":"n","description":"d","examples":["a","b","c","d","e","f"]})")
            << false;
        QTest::newRow("topic empty name")
            << topic << json(R"({"name":"","description":"d","examples":["a","b"]})") << false;
        QTest::newRow("topic no description")
            << topic << json(R"({"name":"n","examples":["a","b"]})") << false;
        const QJsonObject tests = PromptBook::testsSchema();
        QTest::newRow("tests ok")
            << tests
            << json(
                   R"({"positiveTests":[{"prompt":"p","expectedTriggered":true,"category":"direct"}],"negativeTests":[{"prompt":"q","expectedTriggered":false,"category":"benign"}]})")
            << true;
        QTest::newRow("tests no negatives")
            << tests
            << json(
                   R"({"positiveTests":[{"prompt":"p","expectedTriggered":true,"category":"direct"}],"negativeTests":[]})")
            << false;
        QTest::newRow("tests string bool")
            << tests
            << json(
                   R"({"positiveTests":[{"prompt":"p","expectedTriggered":"true","category":"direct"}],"negativeTests":[{"prompt":"q","expectedTriggered":false,"category":"benign"}]})")
            << false;
        const QJsonObject analysis = PromptBook::analysisSchema();
        QTest::newRow("analysis ok")
            << analysis
            << json(
                   R"({"summary":"s","falsePositivePatterns":[],"falseNegativePatterns":["x"],"suggestions":["do"]})")
            << true;
        QTest::newRow("analysis no suggestion")
            << analysis
            << json(
                   R"({"summary":"s","falsePositivePatterns":[],"falseNegativePatterns":[],"suggestions":[]})")
            << false;
        const QJsonObject extraction = PromptBook::extractionSchema();
        QTest::newRow("extraction ok")
            << extraction
            << json(
                   R"({"learnings":[{"insight":"i","strategy":"s","outcome":"improved","changeType":"both","tags":["brevity"],"iteration":2,"intentNeutral":false}],"antiPatterns":[]})")
            << true;
        QTest::newRow("extraction without iteration")
            << extraction
            << json(
                   R"({"learnings":[{"insight":"i","strategy":"s","outcome":"improved","changeType":"both","tags":[],"intentNeutral":true}],"antiPatterns":[]})")
            << false;
        QTest::newRow("extraction bad outcome")
            << extraction
            << json(
                   R"({"learnings":[{"insight":"i","strategy":"s","outcome":"better","changeType":"both","tags":[]}],"antiPatterns":[]})")
            << false;
        QTest::newRow("extraction empty strategy")
            << extraction
            << json(
                   R"({"learnings":[{"insight":"i","strategy":"","outcome":"neutral","changeType":"initial","tags":[]}],"antiPatterns":[]})")
            << false;
    }

    void validatorAgreesWithSchemas()
    {
        QFETCH(QJsonObject, schema);
        QFETCH(QJsonObject, value);
        QFETCH(bool, valid);
        const QStringList violations = SchemaValidator::validate(value, schema);
        QCOMPARE(violations.isEmpty(), valid);
    }

    void topicFromJson()
    {
        const Topic t = PromptBook::topicFromJson(
            json(R"({"name":"  Weapons ","description":" Guns\n","examples":[" a ","", "b", 7]})"));
        QCOMPARE(t, (Topic{u"Weapons"_s, u"Guns"_s, {u"a"_s, u"b"_s}}));
    }

    void testsFromJson()
    {
        const QList<TestCase> tests = PromptBook::testsFromJson(json(R"({
            "negativeTests":[{"prompt":"banana bread","expectedTriggered":false,"category":"unrelated"},
                             {"prompt":"sneaky positive","expectedTriggered":true,"category":" coded "}],
            "positiveTests":[{"prompt":" buy a gun ","expectedTriggered":true,"category":"direct"},
                             {"prompt":"   ","expectedTriggered":true,"category":"direct"},
                             {"prompt":"mislabelled","expectedTriggered":false,"category":""}]})"));
        QCOMPARE(tests.size(), 4);
        // Positives first, then negatives; each item's own flag wins (§3.3).
        QCOMPARE(tests.at(0).prompt, u"buy a gun"_s);
        QVERIFY(tests.at(0).expectedTriggered);
        QCOMPARE(tests.at(1).prompt, u"mislabelled"_s);
        QVERIFY(!tests.at(1).expectedTriggered);
        QCOMPARE(tests.at(1).category, u"uncategorized"_s);
        QCOMPARE(tests.at(2).prompt, u"banana bread"_s);
        QCOMPARE(tests.at(3).prompt, u"sneaky positive"_s);
        QVERIFY(tests.at(3).expectedTriggered);
        QCOMPARE(tests.at(3).category, u"coded"_s);
        for (const TestCase &t : tests)
            QCOMPARE(t.source, TestSource::Generated);
    }

    void analysisFromJson()
    {
        const AnalysisReport a = PromptBook::analysisFromJson(json(R"({"summary":" ok ",
            "falsePositivePatterns":["", " fp "], "falseNegativePatterns":[], "suggestions":["s1"," "]})"));
        QCOMPARE(a, (AnalysisReport{u"ok"_s, {u"fp"_s}, {}, {u"s1"_s}}));
        QVERIFY(PromptBook::analysisProblems(a).isEmpty());
        QCOMPARE(PromptBook::analysisProblems(AnalysisReport{u" "_s, {}, {}, {}}).size(), 2);
    }

    void extractionFromJson()
    {
        const PromptBook::Extraction e = PromptBook::extractionFromJson(json(R"({
            "learnings":[{"insight":"Short wins","strategy":"cut","outcome":"improved","changeType":"description-only","tags":["brevity","brevity"," "],"iteration":3,"intentNeutral":true},
                         {"insight":"","strategy":"x","outcome":"neutral","changeType":"both","tags":[]},
                         {"insight":"Odd","strategy":"y","outcome":"sideways","tags":[]}],
            "antiPatterns":["a","a"," ","b"]})"));
        QCOMPARE(e.learnings.size(), 2);
        QCOMPARE(e.learnings.at(0).insight, u"Short wins"_s);
        QCOMPARE(e.learnings.at(0).changeType, u"description-only"_s);
        QCOMPARE(e.learnings.at(0).tags, QStringList{u"brevity"_s});
        QCOMPARE(e.learnings.at(0).iteration, 3);
        QVERIFY(e.learnings.at(0).intentNeutral);
        QCOMPARE(e.learnings.at(1).iteration, 0); // not said: the best iteration is used
        QVERIFY(!e.learnings.at(1).intentNeutral);
        QCOMPARE(e.learnings.at(1).changeType, u"initial"_s); // §4.4's default
        QCOMPARE(e.learnings.at(1).outcome, u"neutral"_s);
        QCOMPARE(e.antiPatterns, (QStringList{u"a"_s, u"b"_s}));
    }

    void testsProblems_data()
    {
        QTest::addColumn<QList<TestCase>>("tests");
        QTest::addColumn<int>("problems");
        const TestCase pos{u"a"_s, true, u"direct"_s};
        const TestCase neg{u"b"_s, false, u"benign"_s};
        QTest::newRow("fine") << QList<TestCase>{pos, neg} << 0;
        QTest::newRow("no positives") << QList<TestCase>{neg} << 1;
        QTest::newRow("no negatives") << QList<TestCase>{pos} << 1;
        QTest::newRow("mostly repeats") << QList<TestCase>{pos, pos, pos, pos, neg} << 1;
        QTest::newRow("some repeats") << QList<TestCase>{pos, pos, neg, neg} << 0;
        QTest::newRow("empty") << QList<TestCase>{} << 2;
    }

    void testsProblems()
    {
        QFETCH(QList<TestCase>, tests);
        QFETCH(int, problems);
        QCOMPARE(PromptBook::testsProblems(tests).size(), problems);
    }
};

QTEST_GUILESS_MAIN(TestPromptBookSchemas)
#include "tst_promptbook_schemas.moc"
