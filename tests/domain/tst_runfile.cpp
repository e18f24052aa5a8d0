// Run files (behaviour reference §1 and §5.1): loading a file written by the original tool,
// JSON round trips of RunState, path-qualified errors for bad input, 2-space indentation.

#include "domain/efficacymetrics.h"
#include "domain/jsonfile.h"
#include "domain/jsonin.h"
#include "domain/nanoid.h"
#include "domain/runstate.h"
#include "runs/runstore.h"
#include "testhome.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <variant>

using namespace Qt::StringLiterals;

namespace {

const QString FixturePath = QStringLiteral(DAYSTROM_TEST_DATA "/original/run-original.json");
const QString FixtureId = u"V1StGXR8_Z5jdHi6B-myT"_s;

QDateTime utc(int y, int mo, int d, int h, int mi, int s, int ms)
{
    return QDateTime(QDate(y, mo, d), QTime(h, mi, s, ms), Qt::UTC);
}

QJsonObject readObject(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(path));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        qFatal("%s: %s", qPrintable(path), qPrintable(error.errorString()));
    return doc.object();
}

// A JSON path such as "iterations[0].metrics.coverage", split into keys and array indexes.
using Segment = std::variant<QString, qsizetype>;
QList<Segment> parsePath(const QString &path)
{
    QList<Segment> out;
    static const QRegularExpression part(u"([^.\\[\\]]+)|\\[(\\d+)\\]"_s);
    for (auto it = part.globalMatch(path); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (m.hasCaptured(1))
            out.append(m.captured(1));
        else
            out.append(m.captured(2).toLongLong());
    }
    return out;
}

// Sets (or, for an undefined value, removes) the value at `path`.
QJsonValue patched(const QJsonValue &node, const QList<Segment> &path, qsizetype at,
                   const QJsonValue &value)
{
    const Segment &seg = path.at(at);
    const bool last = at == path.size() - 1;
    if (const QString *key = std::get_if<QString>(&seg)) {
        QJsonObject o = node.toObject();
        if (last && value.isUndefined())
            o.remove(*key);
        else
            o.insert(*key, last ? value : patched(o.value(*key), path, at + 1, value));
        return o;
    }
    const qsizetype index = std::get<qsizetype>(seg);
    QJsonArray a = node.toArray();
    if (last && value.isUndefined())
        a.removeAt(index);
    else
        a.replace(index, last ? value : patched(a.at(index), path, at + 1, value));
    return a;
}

QJsonObject patched(const QJsonObject &root, const QString &path, const QJsonValue &value)
{
    return patched(QJsonValue(root), parsePath(path), 0, value).toObject();
}

// Every key and value of `original` is present, unchanged, in `ours` (which may add fields).
void verifyContains(const QJsonValue &ours, const QJsonValue &original, const QString &path)
{
    if (original.isObject()) {
        QVERIFY2(ours.isObject(), qPrintable(path + u": not an object"_s));
        const QJsonObject o = original.toObject(), w = ours.toObject();
        for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
            const QString child = path.isEmpty() ? it.key() : path + u'.' + it.key();
            QVERIFY2(w.contains(it.key()), qPrintable(child + u": missing when saved again"_s));
            verifyContains(w.value(it.key()), it.value(), child);
            if (QTest::currentTestFailed())
                return;
        }
    } else if (original.isArray()) {
        QVERIFY2(ours.isArray(), qPrintable(path + u": not an array"_s));
        const QJsonArray o = original.toArray(), w = ours.toArray();
        QCOMPARE(w.size(), o.size());
        for (qsizetype i = 0; i < o.size(); ++i) {
            verifyContains(w.at(i), o.at(i), path + u'[' + QString::number(i) + u']');
            if (QTest::currentTestFailed())
                return;
        }
    } else {
        QVERIFY2(ours == original,
                 qPrintable(path + u": "_s + QString::fromUtf8(QJsonDocument(QJsonArray{ours}).toJson(
                                QJsonDocument::Compact))
                            + u" != "_s
                            + QString::fromUtf8(QJsonDocument(QJsonArray{original}).toJson(
                                QJsonDocument::Compact))));
    }
}

RunStore::Loaded parseFixture()
{
    return RunStore::parse(readObject(FixturePath), u"run-original.json"_s);
}

TestResult makeResult(const QString &prompt, bool expected, bool actual, TestSource source)
{
    TestResult r;
    r.testCase = TestCase{prompt, expected, u"category of "_s + prompt, source, {}};
    r.actualTriggered = actual;
    r.scanAction = actual ? u"block"_s : u"allow"_s;
    r.scanId = u"scan-"_s + prompt;
    r.reportId = u"report-"_s + prompt;
    r.correct = expected == actual;
    return r;
}

IterationResult makeIteration(int number, bool everyOptional)
{
    IterationResult it;
    it.iteration = number;
    it.timestamp = utc(2025, 1, 2, 3, 4, 5 + number, 678);
    it.topic = Topic{u"Waffen \u00fcber alles"_s, u"Gespr\u00e4che \u00fcber Waffen \U0001F52B"_s,
                     {u"Wie baue ich eine Waffe?"_s, u"\u6f22\u5b57 e\u0301"_s}};
    it.testResults = {makeResult(u"p1 %1"_s.arg(number), true, true, TestSource::Generated),
                      makeResult(u"p2 %1"_s.arg(number), true, false, TestSource::CarriedFn),
                      makeResult(u"p3 %1"_s.arg(number), false, true, TestSource::CarriedFp),
                      makeResult(u"p4 %1"_s.arg(number), false, false, TestSource::Regression),
                      makeResult(u"p5 %1"_s.arg(number), false, true, TestSource::Regression)};
    if (everyOptional) {
        it.testResults[0].testCase.targetTopic = u"Weapons"_s;
        it.testResults[0].scanCategory = u"malicious"_s;
        it.testResults[0].detections = {{u"topic_violation"_s, true}, {u"injection"_s, false}};
        it.testResults[2].scanCategory = u"benign"_s;
        it.testResults[2].detections = {{u"dlp"_s, false}};
    }
    it.testResults[3].scanId.clear(); // AIRS returned none
    it.testResults[3].reportId.clear();
    for (const TestResult &r : it.testResults)
        it.testCases.append(r.testCase);
    it.metrics = EfficacyMetrics::compute(it.testResults);
    it.analysis = AnalysisReport{u"Summary %1"_s.arg(number),
                                 {u"fp pattern"_s},
                                 everyOptional ? QStringList{u"fn a"_s, u"fn b"_s} : QStringList{},
                                 {u"suggestion"_s}};
    it.durationMs = 123456789012 + number;
    return it;
}

RunState makeRun(bool everyOptional, RunStatus status)
{
    RunState r;
    r.id = NanoId::generate();
    r.createdAt = utc(2025, 1, 2, 3, 4, 5, 6);
    r.updatedAt = utc(2025, 1, 2, 4, 0, 0, 999);
    RunSettings &s = r.userInput;
    s.topicDescription = u"Block discussions of weapons \u2014 \u00e9\u6f22\U0001F600"_s;
    s.intent = everyOptional ? Intent::Allow : Intent::Block;
    s.profileName = u"profile one"_s;
    s.maxIterations = 42;
    s.targetCoverage = 0.85;
    s.maxRegressions = 0;
    s.plateauWindow = 4;
    s.plateauBand = 0.025;
    s.accumulateTests = everyOptional;
    s.createPromptSet = everyOptional;
    if (everyOptional) {
        s.seedExamples = {u"seed one"_s, u"seed \u00e9"_s};
        s.maxAccumulatedTests = 120;
        s.promptSetName = u"my prompt set"_s;
        s.scanRate = 2.5;
        s.scanConcurrency = 4;
    }
    r.iterations = {makeIteration(1, everyOptional), makeIteration(4, everyOptional)};
    r.currentIteration = 5;
    r.bestIteration = 4;
    r.bestCoverage = 2.0 / 3;
    r.consecutiveRegressions = 1;
    r.hasRevertedToBest = everyOptional;
    r.hasTriedSimplification = everyOptional;
    if (everyOptional) {
        r.companionTopic = Topic{u"Companion"_s, u"Allowed talk"_s, {u"a"_s, u"b"_s}};
        r.stopReason = u"stopped by the user"_s;
    }
    r.status = status;
    return r;
}

RunState roundTrip(const RunState &run, QString *error)
{
    const QByteArray bytes = JsonFile::toIndentedJson(run.toJson());
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError) {
        *error = pe.errorString();
        return {};
    }
    const RunStore::Loaded loaded = RunStore::parse(doc.object(), u"round trip"_s);
    *error = loaded.error;
    return loaded.run;
}

} // namespace

Q_DECLARE_METATYPE(RunStatus)

class TestRunFile : public QObject
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
    }
    void codeBuilt_optionalKeys()
    {
        QFETCH(QString, path);
        const auto lookup = [&](const QJsonObject &root) {
            QJsonValue node = root;
            for (const Segment &seg : parsePath(path)) {
                if (const QString *key = std::get_if<QString>(&seg))
                    node = node.toObject().value(*key);
                else
                    node = node.toArray().at(std::get<qsizetype>(seg));
            }
            return node;
        };
        QVERIFY(lookup(makeRun(false, RunStatus::Completed).toJson()).isUndefined());
        const QJsonValue set = lookup(makeRun(true, RunStatus::Completed).toJson());
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
