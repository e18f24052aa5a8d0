#include "domain/runfilecheck.h"
#include "runfilefixture.h"
#include "runs/runstore.h"

#include "testmain.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;
using namespace RunFileFixture;

// Run files' numbers are validated once, when the file is loaded: a bad number is refused with
// the field, its value and the allowed range; the file is left as it is; the Runs list still
// shows the other runs.
class TestRunFileCheck : public QObject
{
    Q_OBJECT

    // A paused run of maxIterations 3 with iterations 1 and 2 recorded and a checkpoint.
    static QJsonObject goodRun()
    {
        RunState run = makeRun(true, RunStatus::Paused);
        run.userInput.maxIterations = 3;
        run.iterations = {makeIteration(1, true), makeIteration(2, true)};
        run.bestIteration = 2;
        run.currentIteration = 2;
        run.consecutiveRegressions = 0;
        if (!run.checkpoint)
            run.checkpoint = RunCheckpoint{};
        run.checkpoint->nextIteration = 3;
        run.checkpoint->improveFrom = 2;
        return run.toJson();
    }

private slots:
    void goodFilesPass()
    {
        QStringList errors;
        RunFileCheck::check(goodRun(), &errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u"; "_s)));
        const RunStore::Loaded original = parseFixture(); // the original tool's file
        QVERIFY2(original.ok(), qPrintable(original.error));
        for (bool every : {false, true}) {
            QStringList e;
            RunFileCheck::check(makeRun(every, RunStatus::Completed).toJson(), &e);
            QVERIFY2(e.isEmpty(), qPrintable(e.join(u"; "_s)));
        }
    }

    void bad_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("error");
        QTest::newRow("nextIteration overflow")
            << u"checkpoint.nextIteration"_s << QJsonValue(2147483647.0)
            << u"checkpoint.nextIteration is 2147483647; expected 1-4"_s;
        QTest::newRow("nextIteration beyond int")
            << u"checkpoint.nextIteration"_s << QJsonValue(1e12)
            << u"checkpoint.nextIteration is 1000000000000; expected 1-4"_s;
        QTest::newRow("nextIteration 0") << u"checkpoint.nextIteration"_s << QJsonValue(0)
                                         << u"checkpoint.nextIteration is 0; expected 1-4"_s;
        QTest::newRow("maxIterations 100000")
            << u"userInput.maxIterations"_s << QJsonValue(100000)
            << u"userInput.maxIterations is 100000; expected 1-1000"_s;
        QTest::newRow("negative iteration")
            << u"iterations[1].iteration"_s << QJsonValue(-5)
            << u"iterations[1].iteration is -5; expected a whole number from 1 to 1001"_s;
        QTest::newRow("repeated iteration")
            << u"iterations[1].iteration"_s << QJsonValue(1)
            << u"iterations[1].iteration is 1; expected a number above the previous"_s;
        QTest::newRow("bestIteration unknown")
            << u"bestIteration"_s << QJsonValue(7)
            << u"bestIteration is 7; expected 0 or the number of a recorded iteration"_s;
        QTest::newRow("coverage above 1")
            << u"iterations[0].metrics.coverage"_s << QJsonValue(1.5)
            << u"iterations[0].metrics.coverage is 1.5; expected 0 to 1"_s;
        QTest::newRow("negative count")
            << u"iterations[0].metrics.truePositives"_s << QJsonValue(-1)
            << u"iterations[0].metrics.truePositives is -1; expected 0-1000000000"_s;
        QTest::newRow("targetCoverage") << u"userInput.targetCoverage"_s << QJsonValue(90)
                                        << u"userInput.targetCoverage is 90; expected 0 to 1"_s;
        QTest::newRow("plateauBand") << u"userInput.plateauBand"_s << QJsonValue(-0.1)
                                     << u"userInput.plateauBand is -0.1; expected 0 to 1"_s;
        QTest::newRow("scanConcurrency") << u"userInput.scanConcurrency"_s << QJsonValue(500)
                                         << u"userInput.scanConcurrency is 500; expected 1-20"_s;
        QTest::newRow("bestCoverage")
            << u"bestCoverage"_s << QJsonValue(2) << u"bestCoverage is 2; expected 0 to 1"_s;
        QTest::newRow("negative tokens") << u"usage.inputTokens"_s << QJsonValue(-1)
                                         << u"usage.inputTokens is -1; expected 0-1000000000000000"_s;
        QTest::newRow("fractional scans") << u"iterations[1].usage.scans"_s << QJsonValue(2.5)
                                          << u"iterations[1].usage.scans is 2.5; expected 0-1000000000"_s;
        QTest::newRow("negative calls") << u"iterations[0].usage.llmCalls"_s << QJsonValue(-3)
                                        << u"iterations[0].usage.llmCalls is -3; expected 0-1000000000"_s;
        QTest::newRow("negative cost") << u"usage.estimatedCost"_s << QJsonValue(-0.5)
                                       << u"usage.estimatedCost is -0.5; expected a finite number, 0 or more, or null"_s;
        QTest::newRow("checkpoint usage") << u"checkpoint.iterationUsage.outputTokens"_s << QJsonValue(-7)
                                          << u"checkpoint.iterationUsage.outputTokens is -7; expected 0-"_s;
        QTest::newRow("token budget 0") << u"userInput.maxTokens"_s << QJsonValue(0)
                                        << u"userInput.maxTokens is 0; expected 1-1000000000000"_s;
        QTest::newRow("token budget fractional") << u"userInput.maxTokens"_s << QJsonValue(10.5)
                                                 << u"userInput.maxTokens is 10.5; expected 1-1000000000000"_s;
        QTest::newRow("cost budget 0") << u"userInput.maxCost"_s << QJsonValue(0)
                                       << u"userInput.maxCost is 0; expected more than 0 and at most 1000000"_s;
        QTest::newRow("cost budget negative") << u"userInput.maxCost"_s << QJsonValue(-1)
                                              << u"userInput.maxCost is -1; expected more than 0"_s;
        QTest::newRow("fractional iteration") << u"checkpoint.nextIteration"_s << QJsonValue(2.5)
                                              << u"checkpoint.nextIteration is 2.5; expected 1-4"_s;
    }
    void bad()
    {
        QFETCH(QString, path);
        QFETCH(QJsonValue, value);
        QFETCH(QString, error);
        const QJsonObject run = patched(goodRun(), path, value);
        QStringList errors;
        RunFileCheck::check(run, &errors);
        QVERIFY2(!errors.isEmpty(), "accepted");
        QVERIFY2(errors.first().startsWith(error), qPrintable(errors.join(u"; "_s)));
        // Through the store: refused, with the message in the load error.
        const RunStore::Loaded loaded = RunStore::parse(run, u"x.json"_s);
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.error.contains(error), qPrintable(loaded.error));
    }

    // Files written before usage was kept: no usage anywhere, no budget. They load, with zero
    // usage and no cost; a null cost (unknown price) loads as absent.
    void olderFilesWithoutUsageLoad()
    {
        QJsonObject run = goodRun();
        run.remove(u"usage"_s);
        QJsonArray its = run.value(u"iterations"_s).toArray();
        for (qsizetype i = 0; i < its.size(); ++i) {
            QJsonObject it = its.at(i).toObject();
            it.remove(u"usage"_s);
            its.replace(i, it);
        }
        run.insert(u"iterations"_s, its);
        QJsonObject settings = run.value(u"userInput"_s).toObject();
        settings.remove(u"maxTokens"_s);
        settings.remove(u"maxCost"_s);
        run.insert(u"userInput"_s, settings);
        QJsonObject checkpoint = run.value(u"checkpoint"_s).toObject();
        checkpoint.remove(u"iterationUsage"_s);
        run.insert(u"checkpoint"_s, checkpoint);
        const RunStore::Loaded loaded = RunStore::parse(run, u"old.json"_s);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        QVERIFY(loaded.run.usage.isEmpty());
        QVERIFY(loaded.run.iterations.first().usage.isEmpty());
        QVERIFY(!loaded.run.userInput.maxTokens && !loaded.run.userInput.maxCost);

        QJsonObject unknownCost = goodRun();
        unknownCost.insert(u"usage"_s, QJsonObject{{u"inputTokens"_s, 10}, {u"outputTokens"_s, 5}, {u"llmCalls"_s, 1},
                                                   {u"scans"_s, 3}, {u"estimatedCost"_s, QJsonValue::Null}});
        const RunStore::Loaded withNull = RunStore::parse(unknownCost, u"null.json"_s);
        QVERIFY2(withNull.ok(), qPrintable(withNull.error));
        QCOMPARE(withNull.run.usage.llmCalls, 1);
        QVERIFY(!withNull.run.usage.estimatedCost.has_value());
    }

    void oversizedLists()
    {
        QJsonObject run = goodRun();
        QJsonArray many;
        const QJsonObject test = run.value("iterations"_L1)
                                     .toArray()
                                     .first()
                                     .toObject()
                                     .value("testResults"_L1)
                                     .toArray()
                                     .first()
                                     .toObject()
                                     .value("testCase"_L1)
                                     .toObject();
        for (int i = 0; i <= RunFileCheck::MaxTests; ++i)
            many.append(test);
        run.insert(u"benchmarkSet"_s, many);
        QStringList errors;
        RunFileCheck::check(run, &errors);
        QCOMPARE(errors,
                 QStringList{u"benchmarkSet holds 100001 entries; at most 100000 are allowed"_s});
    }

    // The store refuses the file, leaves it byte for byte, and still lists the good run.
    void storeKeepsBadFileAndListsOthers()
    {
        QTemporaryDir dir;
        const QJsonObject good = goodRun();
        QJsonObject bad = patched(good, u"checkpoint.nextIteration"_s, QJsonValue(2147483647.0));
        bad.insert(u"id"_s, u"badrun"_s);
        const QString badPath = QDir(dir.path()).filePath(u"badrun.json"_s);
        QFile f(badPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(bad).toJson());
        f.close();
        QFile g(QDir(dir.path()).filePath(good.value("id"_L1).toString() + u".json"_s));
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write(QJsonDocument(good).toJson());
        g.close();
        const auto hash = [&] {
            QFile r(badPath);
            r.open(QIODevice::ReadOnly);
            return QCryptographicHash::hash(r.readAll(), QCryptographicHash::Sha256);
        };
        const QByteArray before = hash();
        const RunStore store(dir.path());
        const RunStore::Loaded loaded = store.load(u"badrun"_s);
        QCOMPARE(
            loaded.error,
            u"badrun.json is not a valid run file: checkpoint.nextIteration is 2147483647; expected 1-4"_s);
        const RunStore::Listing listing = store.list();
        QCOMPARE(listing.runs.size(), 1);
        QCOMPARE(listing.problems.size(), 1);
        QCOMPARE(hash(), before);
    }
};

QTEST_GUILESS_MAIN(TestRunFileCheck)
#include "tst_runfilecheck.moc"
