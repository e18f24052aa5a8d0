#include "runfilefixture.h"

#include "domain/efficacymetrics.h"
#include "domain/jsonfile.h"
#include "domain/nanoid.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;

namespace RunFileFixture {


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

namespace {
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

} // namespace

QJsonObject patched(const QJsonObject &root, const QString &path, const QJsonValue &value)
{
    return patched(QJsonValue(root), parsePath(path), 0, value).toObject();
}

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

namespace {
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

} // namespace

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
    if (everyOptional) // ours: what the iteration used (zero otherwise, as in older files)
        it.usage = RunUsage{1000 + number, 250, 3, 40, 0.0123 * number};
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
        s.maxTokens = 5000000000LL; // beyond an int
        s.maxCost = 12.5;
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
        r.usage = RunUsage{9000000000LL, 3000, 11, 95, 0.25};
    }
    // A checkpoint: the bare one (every key but the optional ones), or every field set.
    RunCheckpoint cp;
    cp.topicId = u"topic-1"_s;
    cp.lockedName = u"Waffen"_s;
    cp.nextIteration = 5;
    if (everyOptional) {
        cp.companionTopicId = u"topic-2"_s;
        cp.currentTopic = r.iterations.last().topic;
        cp.accumulatedTests = {r.iterations.last().testCases.at(0), r.iterations.last().testCases.at(1)};
        cp.deployAsIs = true;
        cp.improveFrom = 4;
        cp.finishReason = u"reached the target coverage"_s;
        cp.learningsExtracted = true;
        cp.promptSetId = u"prompt-set-1"_s;
        cp.promptSetPrompts = 3;
        cp.iterationUsage = RunUsage{700, 80, 2, 0, std::nullopt};
    }
    r.checkpoint = cp;
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


QJsonValue lookup(const QJsonObject &root, const QString &path)
{
    QJsonValue node = root;
    for (const Segment &seg : parsePath(path)) {
        if (const QString *key = std::get_if<QString>(&seg))
            node = node.toObject().value(*key);
        else
            node = node.toArray().at(std::get<qsizetype>(seg));
    }
    return node;
}

} // namespace RunFileFixture
