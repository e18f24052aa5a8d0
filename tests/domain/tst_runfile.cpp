// Run files built in code (behaviour reference §1 and §5.1): JSON round trips of RunState with
// every optional field, path-qualified errors for bad input, 2-space indentation.
#include "domain/jsonfile.h"
#include "domain/jsonin.h"
#include "domain/efficacymetrics.h"
#include "domain/nanoid.h"
#include "domain/runstate.h"
#include "runfilefixture.h"
#include "runs/runstore.h"
#include "testhome.h"

#include "testmain.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;
using namespace RunFileFixture;

Q_DECLARE_METATYPE(RunStatus)

class TestRunFile : public QObject
{
    Q_OBJECT
private slots:
    // ---- (b) every optional field set, built in code
    void codeBuilt_roundTrip_data()
    {
        QTest::addColumn<bool>("everyOptional");
        QTest::addColumn<RunStatus>("status");
        QTest::newRow("every optional, running") << true << RunStatus::Running;
        QTest::newRow("every optional, paused") << true << RunStatus::Paused;
        QTest::newRow("every optional, completed") << true << RunStatus::Completed;
        QTest::newRow("every optional, failed") << true << RunStatus::Failed;
        QTest::newRow("every optional, cancelled") << true << RunStatus::Cancelled;
        QTest::newRow("no optional, completed") << false << RunStatus::Completed;
    }
    void codeBuilt_roundTrip()
    {
        QFETCH(bool, everyOptional);
        QFETCH(RunStatus, status);
        const RunState run = makeRun(everyOptional, status);

        QString error;
        const RunState back = roundTrip(run, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(back, run);
        // Spot checks, so that a loader dropping a field and a writer skipping it cannot hide
        // behind each other.
        QCOMPARE(back.status, status);
        QCOMPARE(back.userInput.maxAccumulatedTests.has_value(), everyOptional);
        QCOMPARE(back.userInput.scanRate.has_value(), everyOptional);
        QCOMPARE(back.companionTopic.has_value(), everyOptional);
        QCOMPARE(back.iterations[1].testResults[0].detections.size(), everyOptional ? 2 : 0);
        QCOMPARE(back.iterations[1].durationMs, qint64(123456789016));
        if (everyOptional) {
            QCOMPARE(*back.userInput.maxAccumulatedTests, 120);
            QCOMPARE(*back.userInput.scanRate, 2.5);
            QCOMPARE(back.userInput.seedExamples.size(), 2);
            QCOMPARE(back.stopReason, u"stopped by the user"_s);
            QCOMPARE(back.iterations[0].testResults[0].scanCategory, u"malicious"_s);
            QCOMPARE(back.iterations[0].testResults[0].detections.value(u"topic_violation"_s), true);
            QCOMPARE(back.iterations[0].testResults[0].testCase.targetTopic, u"Weapons"_s);
            QVERIFY(back.checkpoint.has_value());
            QCOMPARE(back.checkpoint->finishReason, u"reached the target coverage"_s);
            QVERIFY(back.checkpoint->learningsExtracted);
            QCOMPARE(back.checkpoint->promptSetId, u"prompt-set-1"_s);
            QCOMPARE(back.checkpoint->promptSetPrompts, 3);
            QCOMPARE(back.checkpoint->accumulatedTests.size(), 2);
            QCOMPARE(back.usage.inputTokens, 9000000000LL);
            QCOMPARE(back.usage.estimatedCost.value_or(-1), 0.25);
            QCOMPARE(back.iterations[1].usage.scans, 40);
            QCOMPARE(back.userInput.maxTokens.value_or(0), 5000000000LL);
            QCOMPARE(back.userInput.maxCost.value_or(0), 12.5);
            QCOMPARE(back.checkpoint->iterationUsage.inputTokens, 700);
            QVERIFY(!back.checkpoint->iterationUsage.estimatedCost);
        } else {
            QVERIFY(back.usage.isEmpty());
            QVERIFY(!back.userInput.maxTokens && !back.userInput.maxCost);
        }
    }

    // Undefined fields are omitted (reference §5.1), and optional ones are written when set.
    void codeBuilt_optionalKeys_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("companionTopic") << u"companionTopic"_s;
        QTest::newRow("stopReason") << u"stopReason"_s;
        QTest::newRow("userInput.seedExamples") << u"userInput.seedExamples"_s;
        QTest::newRow("userInput.maxAccumulatedTests") << u"userInput.maxAccumulatedTests"_s;
        QTest::newRow("userInput.scanRate") << u"userInput.scanRate"_s;
        QTest::newRow("userInput.scanConcurrency") << u"userInput.scanConcurrency"_s;
        QTest::newRow("userInput.promptSetName") << u"userInput.promptSetName"_s;
        QTest::newRow("testResults[0].category")
            << u"iterations[0].testResults[0].category"_s;
        QTest::newRow("testResults[0].detections")
            << u"iterations[0].testResults[0].detections"_s;
        QTest::newRow("testCases[0].targetTopic") << u"iterations[0].testCases[0].targetTopic"_s;
        QTest::newRow("checkpoint.currentTopic") << u"checkpoint.currentTopic"_s;
        QTest::newRow("checkpoint.finishReason") << u"checkpoint.finishReason"_s;
        QTest::newRow("checkpoint.learningsExtracted") << u"checkpoint.learningsExtracted"_s;
        QTest::newRow("checkpoint.promptSetId") << u"checkpoint.promptSetId"_s;
        QTest::newRow("checkpoint.promptSetPrompts") << u"checkpoint.promptSetPrompts"_s;
        QTest::newRow("userInput.maxTokens") << u"userInput.maxTokens"_s;
        QTest::newRow("userInput.maxCost") << u"userInput.maxCost"_s;
        QTest::newRow("checkpoint.iterationUsage") << u"checkpoint.iterationUsage"_s;
    }
    void codeBuilt_optionalKeys()
    {
        QFETCH(QString, path);
        QVERIFY(lookup(makeRun(false, RunStatus::Completed).toJson(), path).isUndefined());
        const QJsonValue set = lookup(makeRun(true, RunStatus::Completed).toJson(), path);
        QVERIFY(!set.isUndefined());
        QVERIFY(!set.isNull());
    }

    // ---- (c) bad input: a clear, path-qualified error
    void badInput_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QJsonValue>("value"); // undefined = remove the field
        QTest::addColumn<QString>("error");    // the first error reported

        const QJsonValue remove(QJsonValue::Undefined);
        QTest::newRow("coverage not a number")
            << u"iterations[0].metrics.coverage"_s << QJsonValue(u"high"_s)
            << u"iterations[0].metrics.coverage: expected a number"_s;
        QTest::newRow("unknown status") << u"status"_s << QJsonValue(u"exploded"_s)
                                        << u"status: unknown run status exploded"_s;
        QTest::newRow("intent maybe") << u"userInput.intent"_s << QJsonValue(u"maybe"_s)
                                      << u"userInput.intent: must be block or allow, not maybe"_s;
        QTest::newRow("intent is case-sensitive")
            << u"userInput.intent"_s << QJsonValue(u"BLOCK"_s)
            << u"userInput.intent: must be block or allow, not BLOCK"_s;
        QTest::newRow("missing id") << u"id"_s << remove << u"id: is missing"_s;
        QTest::newRow("null id") << u"id"_s << QJsonValue() << u"id: is missing"_s;
        QTest::newRow("id not a string") << u"id"_s << QJsonValue(42) << u"id: expected a string"_s;
        QTest::newRow("unknown source")
            << u"iterations[1].testCases[2].source"_s << QJsonValue(u"carried"_s)
            << u"iterations[1].testCases[2].source: unknown test source carried"_s;
        QTest::newRow("actualTriggered not a bool")
            << u"iterations[1].testResults[0].actualTriggered"_s << QJsonValue(u"yes"_s)
            << u"iterations[1].testResults[0].actualTriggered: expected true or false"_s;
        QTest::newRow("expectedTriggered missing")
            << u"iterations[1].testCases[6].expectedTriggered"_s << remove
            << u"iterations[1].testCases[6].expectedTriggered: is missing"_s;
        QTest::newRow("createdAt not a time") << u"createdAt"_s << QJsonValue(u"yesterday"_s)
                                              << u"createdAt: is not an ISO-8601 time: yesterday"_s;
        // Known problem: JsonIn::timestamp() returns an invalid QDateTime for "" without
        // recording an error (see badInput()).
        QTest::newRow("createdAt empty") << u"createdAt"_s << QJsonValue(QString())
                                         << u"createdAt: is not an ISO-8601 time: "_s;
        QTest::newRow("updatedAt month 13")
            << u"updatedAt"_s << QJsonValue(u"2025-13-45T00:00:00.000Z"_s)
            << u"updatedAt: is not an ISO-8601 time: 2025-13-45T00:00:00.000Z"_s;
        QTest::newRow("timestamp missing") << u"iterations[0].timestamp"_s << remove
                                           << u"iterations[0].timestamp: is missing"_s;
        QTest::newRow("fractional iteration number")
            << u"iterations[0].iteration"_s << QJsonValue(1.5)
            << u"iterations[0].iteration: expected a whole number"_s;
        QTest::newRow("fractional durationMs") << u"iterations[1].durationMs"_s << QJsonValue(-0.5)
                                               << u"iterations[1].durationMs: expected a whole number"_s;
        QTest::newRow("bestIteration a string") << u"bestIteration"_s << QJsonValue(u"3"_s)
                                                << u"bestIteration: expected a number"_s;
        QTest::newRow("hasRevertedToBest a string")
            << u"hasRevertedToBest"_s << QJsonValue(u"false"_s)
            << u"hasRevertedToBest: expected true or false"_s;
        QTest::newRow("example not a string")
            << u"iterations[0].topic.examples"_s << QJsonValue(QJsonArray{1, u"x"_s})
            << u"iterations[0].topic.examples: item 0 is not a string"_s;
        QTest::newRow("iterations an object") << u"iterations"_s << QJsonValue(QJsonObject())
                                              << u"iterations: expected an array"_s;
        QTest::newRow("iterations missing") << u"iterations"_s << remove
                                            << u"iterations: is missing"_s;
        QTest::newRow("iteration not an object") << u"iterations[1]"_s << QJsonValue(u"oops"_s)
                                                 << u"iterations[1]: expected an object"_s;
        QTest::newRow("testCase an array")
            << u"iterations[0].testResults[2].testCase"_s << QJsonValue(QJsonArray())
            << u"iterations[0].testResults[2].testCase: expected an object"_s;
        QTest::newRow("prompt null")
            << u"iterations[0].testResults[1].testCase.prompt"_s << QJsonValue()
            << u"iterations[0].testResults[1].testCase.prompt: is missing"_s;
        QTest::newRow("userInput missing") << u"userInput"_s << remove << u"userInput: is missing"_s;
        QTest::newRow("topicDescription missing") << u"userInput.topicDescription"_s << remove
                                                  << u"userInput.topicDescription: is missing"_s;
        QTest::newRow("metrics missing") << u"iterations[0].metrics"_s << remove
                                         << u"iterations[0].metrics: is missing"_s;
        QTest::newRow("truePositives missing")
            << u"iterations[1].metrics.truePositives"_s << remove
            << u"iterations[1].metrics.truePositives: is missing"_s;
        QTest::newRow("maxAccumulatedTests a string")
            << u"userInput.maxAccumulatedTests"_s << QJsonValue(u"ten"_s)
            << u"userInput.maxAccumulatedTests: expected a number"_s;
        QTest::newRow("targetCoverage a bool") << u"userInput.targetCoverage"_s << QJsonValue(true)
                                               << u"userInput.targetCoverage: expected a number"_s;
        QTest::newRow("companion name a number") << u"companionTopic.name"_s << QJsonValue(5)
                                                 << u"companionTopic.name: expected a string"_s;
        QTest::newRow("companionTopic a string")
            << u"companionTopic"_s << QJsonValue(u"none"_s)
            << u"companionTopic: expected an object"_s;
        QTest::newRow("detections not booleans")
            << u"iterations[0].testResults[0].detections"_s
            << QJsonValue(QJsonObject{{u"topic_violation"_s, u"yes"_s}})
            << u"iterations[0].testResults[0].detections: topic_violation is not true or false"_s;
    }
    void badInput()
    {
        QFETCH(QString, path);
        QFETCH(QJsonValue, value);
        QFETCH(QString, error);

        const QJsonObject object = patched(readObject(FixturePath), path, value);
        QVERIFY(object != readObject(FixturePath));

        QStringList errors;
        RunState::fromJson(JsonIn(object, QString(), &errors));
        QVERIFY2(!errors.isEmpty(), "no error reported");
        QCOMPARE(errors.first(), error);

        const RunStore::Loaded loaded = RunStore::parse(object, u"bad.json"_s);
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.error.startsWith(u"bad.json is not a valid run file: "_s),
                 qPrintable(loaded.error));
        QVERIFY2(loaded.error.contains(error), qPrintable(loaded.error));
    }

    void badInput_manyErrorsSummarised()
    {
        QJsonObject object = readObject(FixturePath);
        for (const char *key : {"id", "createdAt", "updatedAt", "userInput", "iterations"})
            object.remove(QLatin1StringView(key));
        QStringList errors;
        RunState::fromJson(JsonIn(object, QString(), &errors));
        QVERIFY(errors.size() >= 5);
        const RunStore::Loaded loaded = RunStore::parse(object, u"x.json"_s);
        QVERIFY2(loaded.error.contains(u"id: is missing"_s), qPrintable(loaded.error));
        QVERIFY2(loaded.error.contains(u"more)"_s), qPrintable(loaded.error));
    }

    // ---- (d) 2-space indentation, as JSON.stringify(x, null, 2) writes it
    void indentedJson_data()
    {
        QTest::addColumn<QByteArray>("json");     // compact input
        QTest::addColumn<QByteArray>("expected"); // JSON.stringify(JSON.parse(json), null, 2)
        QTest::addColumn<bool>("knownDeviation");

        QTest::newRow("flat") << QByteArray(R"({"a":1,"b":"two","c":true,"d":null})")
                              << QByteArray("{\n  \"a\": 1,\n  \"b\": \"two\",\n  \"c\": true,\n"
                                            "  \"d\": null\n}")
                              << false;
        QTest::newRow("nested") << QByteArray(R"({"a":1,"b":{"c":[1,2,{"d":[3]}]}})")
                                << QByteArray("{\n"
                                              "  \"a\": 1,\n"
                                              "  \"b\": {\n"
                                              "    \"c\": [\n"
                                              "      1,\n"
                                              "      2,\n"
                                              "      {\n"
                                              "        \"d\": [\n"
                                              "          3\n"
                                              "        ]\n"
                                              "      }\n"
                                              "    ]\n"
                                              "  }\n"
                                              "}")
                                << false;
        QTest::newRow("blanks inside strings are kept")
            << QByteArray(R"({"a":["  two leading","x    y"]})")
            << QByteArray("{\n  \"a\": [\n    \"  two leading\",\n    \"x    y\"\n  ]\n}") << false;
        QTest::newRow("fractions") << QByteArray(R"({"f":0.8571428571428571,"g":0.5})")
                                   << QByteArray("{\n  \"f\": 0.8571428571428571,\n  \"g\": 0.5\n}")
                                   << false;
        // Empty containers stay on one line, as JSON.stringify writes them.
        QTest::newRow("empty array") << QByteArray(R"({"a":[]})")
                                     << QByteArray("{\n  \"a\": []\n}") << true;
        QTest::newRow("empty object") << QByteArray(R"({})") << QByteArray("{}") << true;
    }
    void indentedJson()
    {
        QFETCH(QByteArray, json);
        QFETCH(QByteArray, expected);
        QFETCH(bool, knownDeviation);

        const QJsonObject object = QJsonDocument::fromJson(json).object();
        const QByteArray out = JsonFile::toIndentedJson(object);
        QCOMPARE(QJsonDocument::fromJson(out).object(), object);
        // One trailing newline is accepted (a text-file convention; JSON.stringify adds none).
        QByteArray text = out;
        if (text.endsWith('\n'))
            text.chop(1);
        QVERIFY(!text.endsWith('\n'));
        QVERIFY(!out.endsWith('\n')); // JSON.stringify adds no final newline
        Q_UNUSED(knownDeviation);
        QCOMPARE(text, expected);
    }

    // A whole run file: every line is indented by 2 spaces per nesting level.
    void indentedJson_runFile()
    {
        const QByteArray text = JsonFile::toIndentedJson(makeRun(true, RunStatus::Completed).toJson());
        int depth = 0;
        int lines = 0;
        for (const QByteArray &line : text.split('\n')) {
            if (line.isEmpty())
                continue;
            ++lines;
            const QByteArray trimmed = line.trimmed();
            const bool closes = trimmed.startsWith('}') || trimmed.startsWith(']');
            const int expectedIndent = 2 * (depth - (closes ? 1 : 0));
            qsizetype indent = 0;
            while (indent < line.size() && line.at(indent) == ' ')
                ++indent;
            QVERIFY2(indent == expectedIndent, line.constData());
            if (closes)
                --depth;
            if (trimmed.endsWith('{') || trimmed.endsWith('['))
                ++depth;
        }
        QCOMPARE(depth, 0);
        QVERIFY(lines > 100);
    }
};

QTEST_GUILESS_MAIN(TestRunFile)
#include "tst_runfile.moc"
