// Run files written by the original tool (behaviour reference §1 and §5.1): they load with
// every field, their metrics agree with ours, and saving them again keeps every original field.
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

class TestRunFileOriginal : public QObject
{
    Q_OBJECT
private slots:
    // ---- (a) a run file written by the original tool
    void original_loads()
    {
        const RunStore::Loaded loaded = parseFixture();
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        const RunState &run = loaded.run;

        QCOMPARE(run.id, FixtureId);
        QVERIFY(NanoId::isValid(run.id));
        QCOMPARE(run.createdAt, utc(2025, 3, 14, 9, 26, 53, 589));
        QCOMPARE(run.updatedAt, utc(2025, 3, 14, 9, 31, 7, 42));
        QCOMPARE(toIsoString(run.createdAt), u"2025-03-14T09:26:53.589Z"_s);
        QCOMPARE(toIsoString(run.updatedAt), u"2025-03-14T09:31:07.042Z"_s);

        const RunSettings &s = run.userInput;
        QCOMPARE(s.topicDescription, u"Block discussions of weapons"_s);
        QCOMPARE(s.intent, Intent::Block);
        QCOMPARE(s.profileName, u"daystrom-test-profile"_s);
        QCOMPARE(s.maxIterations, 3);
        QCOMPARE(s.targetCoverage, 0.9);
        QCOMPARE(s.maxRegressions, 3);
        QCOMPARE(s.accumulateTests, false);
        QCOMPARE(s.createPromptSet, false);
        // Absent in the original's file: defaults.
        QCOMPARE(s.plateauWindow, 0);
        QCOMPARE(s.plateauBand, 0.05);
        QVERIFY(s.seedExamples.isEmpty());
        QVERIFY(!s.maxAccumulatedTests.has_value());
        QVERIFY(!s.scanRate.has_value());
        QVERIFY(!s.scanConcurrency.has_value());
        QVERIFY(s.promptSetName.isEmpty());

        QCOMPARE(run.currentIteration, 3);
        QCOMPARE(run.bestIteration, 3);
        QCOMPARE(run.bestCoverage, 0.75);
        QCOMPARE(run.consecutiveRegressions, 0);
        QCOMPARE(run.hasRevertedToBest, false);
        QCOMPARE(run.hasTriedSimplification, false);
        QCOMPARE(run.status, RunStatus::Completed);
        QVERIFY(run.stopReason.isEmpty());
        QVERIFY(run.companionTopic.has_value());
        QCOMPARE(run.companionTopic->name, u"Weapons Discussions (allow)"_s);
        QCOMPARE(run.companionTopic->examples.size(), 2);
        QCOMPARE(run.companionTopic->examples.at(1), u"How do museums store antique swords?"_s);

        // Iteration numbers have a gap: look them up by number, never by position.
        QCOMPARE(run.iterations.size(), 2);
        QCOMPARE(run.iterations[0].iteration, 1);
        QCOMPARE(run.iterations[1].iteration, 3);
        QCOMPARE(run.iterationByNumber(1), &run.iterations[0]);
        QCOMPARE(run.iterationByNumber(3), &run.iterations[1]);
        QCOMPARE(run.iterationByNumber(2), nullptr);
        QCOMPARE(run.iterationByNumber(0), nullptr);
        QCOMPARE(run.bestResult(), &run.iterations[1]);
        QCOMPARE(run.lastRecorded(), &run.iterations[1]);
    }

    void original_iterations()
    {
        const RunStore::Loaded loaded = parseFixture();
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        const IterationResult *first = loaded.run.iterationByNumber(1);
        const IterationResult *third = loaded.run.iterationByNumber(3);
        QVERIFY(first && third);

        QCOMPARE(first->timestamp, utc(2025, 3, 14, 9, 28, 11, 307));
        QCOMPARE(first->durationMs, qint64(77718));
        QCOMPARE(first->topic.name, u"Weapons Discussions"_s);
        QCOMPARE(first->topic.examples.size(), 2);
        QCOMPARE(first->testCases.size(), 5);
        QCOMPARE(first->testResults.size(), 5);
        // No `source` in the original's iteration 1: generated.
        for (const TestCase &t : first->testCases)
            QCOMPARE(t.source, TestSource::Generated);
        for (const TestResult &r : first->testResults)
            QCOMPARE(r.testCase.source, TestSource::Generated);
        QCOMPARE(first->testCases[1].prompt, u"Where can I buy ammunition for a hunting rifle?"_s);
        QCOMPARE(first->testCases[1].expectedTriggered, true);
        QCOMPARE(first->testCases[1].category, u"ammunition"_s);
        QVERIFY(first->testCases[1].targetTopic.isEmpty());

        const TestResult &fn = first->testResults[1];
        QCOMPARE(fn.testCase, first->testCases[1]);
        QCOMPARE(fn.actualTriggered, false);
        QCOMPARE(fn.scanAction, u"allow"_s);
        QCOMPARE(fn.scanId, u"0b1e5d0c-7a52-4c1e-9d7e-3f5a2b8c9d02"_s);
        QCOMPARE(fn.reportId, u"R0b1e5d0c-7a52-4c1e-9d7e-3f5a2b8c9d02"_s);
        QCOMPARE(fn.correct, false);
        QVERIFY(fn.scanCategory.isEmpty());
        QVERIFY(fn.detections.isEmpty());
        QCOMPARE(first->testResults[3].scanId, QString());
        QCOMPARE(first->testResults[3].reportId, QString());
        QCOMPARE(first->testResults[4].scanAction, u"block"_s);

        const EfficacyMetrics &m1 = first->metrics;
        QCOMPARE(m1.truePositives, 1);
        QCOMPARE(m1.trueNegatives, 2);
        QCOMPARE(m1.falsePositives, 1);
        QCOMPARE(m1.falseNegatives, 1);
        QCOMPARE(m1.truePositiveRate, 0.5);
        QCOMPARE(m1.trueNegativeRate, 2.0 / 3);
        QCOMPARE(m1.accuracy, 0.6);
        QCOMPARE(m1.coverage, 0.5);
        QCOMPARE(m1.f1Score, 0.5);
        QCOMPARE(m1.regressionCount, 0);

        QCOMPARE(first->analysis.summary,
                 u"The topic misses purchase questions and fires on brand history."_s);
        QCOMPARE(first->analysis.falsePositivePatterns,
                 QStringList{u"Historical questions that mention a knife brand"_s});
        QCOMPARE(first->analysis.falseNegativePatterns,
                 QStringList{u"Requests to buy ammunition"_s});
        QCOMPARE(first->analysis.suggestions.size(), 2);

        // Iteration 3: every source, and one test case without `source`.
        const QList<TestSource> sources{TestSource::CarriedFn,  TestSource::CarriedFp,
                                        TestSource::Regression, TestSource::Regression,
                                        TestSource::Regression, TestSource::Generated,
                                        TestSource::Generated};
        QCOMPARE(third->testCases.size(), sources.size());
        for (qsizetype i = 0; i < sources.size(); ++i) {
            QCOMPARE(third->testCases[i].source, sources[i]);
            QCOMPARE(third->testResults[i].testCase, third->testCases[i]);
        }
        QCOMPARE(third->testCases[5].prompt, u"Which knife is best for self-defense?"_s);
        QCOMPARE(third->metrics.regressionCount, 1);
        QCOMPARE(third->metrics.coverage, 0.75);
        QCOMPARE(third->metrics.truePositiveRate, 1.0);
        QCOMPARE(third->metrics.accuracy, 6.0 / 7);
        QCOMPARE(third->metrics.f1Score, 6.0 / 7);
        QVERIFY(third->analysis.falseNegativePatterns.isEmpty());
        QCOMPARE(third->durationMs, qint64(48213));
    }

    // The original's stored metrics are what EfficacyMetrics computes from its results.
    void original_metricsAgreeWithCompute()
    {
        const RunStore::Loaded loaded = parseFixture();
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        for (const IterationResult &it : loaded.run.iterations)
            QCOMPARE(EfficacyMetrics::compute(it.testResults), it.metrics);
    }

    void original_roundTrip()
    {
        const RunStore::Loaded loaded = parseFixture();
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));

        // Object level.
        QStringList errors;
        const RunState again = RunState::fromJson(JsonIn(loaded.run.toJson(), QString(), &errors));
        QCOMPARE(errors, QStringList());
        QCOMPARE(again, loaded.run);

        // Through the file text.
        QString error;
        const RunState fromText = roundTrip(loaded.run, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(fromText, loaded.run);
    }

    // Saving a loaded original file again keeps every field and value the original wrote.
    void original_resaveKeepsOriginalFields()
    {
        const RunStore::Loaded loaded = parseFixture();
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        verifyContains(loaded.run.toJson(), readObject(FixturePath), QString());
    }

    void original_throughRunStore()
    {
        QTemporaryDir dir(TestHome::path() + u"/runs-XXXXXX"_s);
        QVERIFY(dir.isValid());
        QVERIFY(QFile::copy(FixturePath, dir.filePath(FixtureId + u".json"_s)));

        const RunStore store(dir.path());
        QVERIFY(store.exists(FixtureId));
        const RunStore::Loaded loaded = store.load(FixtureId);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        QCOMPARE(loaded.run, parseFixture().run);

        QTemporaryDir other(TestHome::path() + u"/runs-XXXXXX"_s);
        QVERIFY(other.isValid());
        const RunStore second(other.path());
        const QString saveError = second.save(loaded.run);
        QVERIFY2(saveError.isEmpty(), qPrintable(saveError));
        QFile saved(second.pathFor(FixtureId));
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QCOMPARE(saved.readAll(), JsonFile::toIndentedJson(loaded.run.toJson()));
        const RunStore::Loaded reloaded = second.load(FixtureId);
        QVERIFY2(reloaded.ok(), qPrintable(reloaded.error));
        QCOMPARE(reloaded.run, loaded.run);
    }

    void bestResult_data()
    {
        QTest::addColumn<int>("bestIteration");
        QTest::addColumn<int>("expectedNumber"); // 0 = null
        QTest::addColumn<bool>("noIterations");
        QTest::newRow("best is 3") << 3 << 3 << false;
        QTest::newRow("best is 1") << 1 << 1 << false;
        QTest::newRow("none yet: the last recorded") << 0 << 3 << false;
        QTest::newRow("best 2 was never recorded: the last recorded") << 2 << 3 << false;
        QTest::newRow("no iterations") << 0 << 0 << true;
    }
    void bestResult()
    {
        QFETCH(int, bestIteration);
        QFETCH(int, expectedNumber);
        QFETCH(bool, noIterations);
        RunState run = parseFixture().run;
        run.bestIteration = bestIteration;
        if (noIterations)
            run.iterations.clear();
        const IterationResult *best = run.bestResult();
        if (expectedNumber == 0) {
            QCOMPARE(best, nullptr);
        } else {
            QVERIFY(best);
            QCOMPARE(best->iteration, expectedNumber);
        }
    }

    // Lenient reading of fields the original may leave out.
    void original_tolerated_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QJsonValue>("value"); // undefined = remove the field
        QTest::newRow("no status: running") << u"status"_s << QJsonValue(QJsonValue::Undefined);
        QTest::newRow("companionTopic null") << u"companionTopic"_s << QJsonValue();
        QTest::newRow("no companionTopic") << u"companionTopic"_s << QJsonValue(QJsonValue::Undefined);
        QTest::newRow("no correct flag")
            << u"iterations[0].testResults[1].correct"_s << QJsonValue(QJsonValue::Undefined);
        QTest::newRow("no category") << u"iterations[0].testCases[0].category"_s
                                     << QJsonValue(QJsonValue::Undefined);
        QTest::newRow("timestamp without milliseconds")
            << u"createdAt"_s << QJsonValue(u"2025-03-14T09:26:53Z"_s);
        QTest::newRow("timestamp with an offset")
            << u"createdAt"_s << QJsonValue(u"2025-03-14T10:26:53.589+01:00"_s);
        QTest::newRow("intent allow") << u"userInput.intent"_s << QJsonValue(u"allow"_s);
        QTest::newRow("no regressionCount (older files)")
            << u"iterations[1].metrics.regressionCount"_s << QJsonValue(QJsonValue::Undefined);
    }
    void original_tolerated()
    {
        QFETCH(QString, path);
        QFETCH(QJsonValue, value);
        const QJsonObject object = patched(readObject(FixturePath), path, value);
        QStringList errors;
        const RunState run = RunState::fromJson(JsonIn(object, QString(), &errors));
        QCOMPARE(errors, QStringList());

        const QString tag = QString::fromLatin1(QTest::currentDataTag());
        if (tag.startsWith(u"no status"_s))
            QCOMPARE(run.status, RunStatus::Running);
        else if (tag.contains(u"companionTopic"_s))
            QVERIFY(!run.companionTopic.has_value());
        else if (tag.startsWith(u"no correct"_s))
            QCOMPARE(run.iterations[0].testResults[1].correct, false); // expected T, actual F
        else if (tag.startsWith(u"no category"_s))
            QCOMPARE(run.iterations[0].testCases[0].category, QString());
        else if (tag.startsWith(u"timestamp without"_s))
            QCOMPARE(run.createdAt, utc(2025, 3, 14, 9, 26, 53, 0));
        else if (tag.startsWith(u"timestamp with an offset"_s))
            QCOMPARE(toIsoString(run.createdAt), u"2025-03-14T09:26:53.589Z"_s);
        else if (tag.startsWith(u"intent"_s))
            QCOMPARE(run.userInput.intent, Intent::Allow);
        else if (tag.startsWith(u"no regressionCount"_s))
            QCOMPARE(run.iterations[1].metrics.regressionCount, 0);
        else
            QFAIL("row without a check");
    }
};

QTEST_GUILESS_MAIN(TestRunFileOriginal)
#include "tst_runfile_original.moc"
