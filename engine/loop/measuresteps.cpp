// MeasureSteps: the scan batch, the figures and the analysis of one iteration.
#include "measuresteps.h"

#include "airs/scanbatch.h"
#include "domain/benchmarkscore.h"
#include "loopevents.h"
#include "looplog.h"
#include "llm/prompts/promptbook.h"

using namespace Qt::StringLiterals;

namespace {
// A test and what AIRS said of its prompt.
TestResult judged(const TestCase &test, const ScanVerdict &v)
{
    TestResult r;
    r.testCase = test;
    r.actualTriggered = v.triggered;
    r.scanAction = v.action;
    r.scanId = v.scanId;
    r.reportId = v.reportId;
    r.correct = test.expectedTriggered == v.triggered;
    r.scanCategory = v.category;
    r.detections = v.detections;
    return r;
}

// A response test and what AIRS said of its response side (issue 43).
TestResult judgedResponse(const TestCase &test, const ScanVerdict &v)
{
    TestResult r = judged(test, v);
    r.actualTriggered = v.responseTopicViolation;
    r.correct = test.expectedTriggered == r.actualTriggered;
    r.detections = v.responseDetections;
    return r;
}

// The results of a set scanned once per iteration: judged, or not scanned with the reason.
QList<TestResult> resultsOf(const QList<TestCase> &tests, const QList<std::optional<ScanVerdict>> &verdicts,
                            const QHash<int, QString> &notScanned,
                            TestResult (*judge)(const TestCase &, const ScanVerdict &))
{
    QList<TestResult> out;
    for (qsizetype i = 0; i < tests.size(); ++i) {
        const std::optional<ScanVerdict> &v = verdicts.value(i);
        out.append(v ? judge(tests.at(i), *v) : TestResult::unscanned(tests.at(i), notScanned.value(int(i))));
    }
    return out;
}

// Why the run cannot go on with a suite that many of whose prompts were not scanned, if so.
QString tooManyNotScanned(int missing, qsizetype total, const QString &suite, const QString &example)
{
    if (missing == 0 || missing <= MaxNotScannedShare * double(total))
        return {};
    return u"AIRS gave no verdict for %1 of the %2 prompts of the %3, even after trying each once more "
           u"at the end of the scan step; a run goes on only while at most %4 % of a suite is missing. "
           u"The first: %5"_s.arg(missing)
        .arg(total)
        .arg(suite)
        .arg(qRound(MaxNotScannedShare * 100))
        .arg(example);
}
} // namespace

MeasureSteps::MeasureSteps(RunContext &ctx, QObject *parent)
    : QObject(parent)
    , m_ctx(ctx)
{
    ctx.onAbort([this] {
        if (m_scan) {
            m_scan->disconnect(this);
            m_scan->cancel();
            m_scan->deleteLater();
            m_scan = nullptr;
        }
    });
}

void MeasureSteps::invalidateAnalysis()
{
    IterationWork &it = m_ctx.it;
    if (!it.analysisAsked || m_ctx.inState("analyze"))
        return;
    // Asked early, with the old label: the analyze step asks again (the answer of the stale
    // call is dropped when it comes).
    ++m_analysisRound;
    it.analysisAsked = false;
    it.earlyAnalysis.reset();
}

void MeasureSteps::enterScan()
{
    emit m_ctx.events.stepChanged(u"scan"_s);
}

void MeasureSteps::enterScanning()
{
    ScanBatch::Options options;
    options.profileName = m_ctx.profile;
    options.sessionId = m_ctx.sessionId();
    options.intent = m_ctx.run.userInput.intent;
    options.concurrency = m_ctx.run.userInput.scanConcurrency.value_or(m_ctx.services.scanConcurrency);
    options.ratePerSecond = m_ctx.run.userInput.scanRate.value_or(m_ctx.services.scanRate);
    options.keepGoing = true; // a prompt AIRS cannot scan is recorded, not the end of the run
    auto *batch = new ScanBatch(m_ctx.services.airs, options, this);
    m_scan = batch;
    m_ctx.it.results = QList<TestResult>(m_ctx.it.suite.size());
    // The working suite first, then the benchmark (each prompt `repeats` times, for stability),
    // under the one concurrency limit: the analysis waits only for the working suite.
    const qsizetype working = m_ctx.it.suite.size();
    const qsizetype benchmark = m_ctx.run.benchmarkSet.size();
    const int repeats = benchmark > 0 ? std::max(1, m_ctx.run.userInput.scanRepeats) : 0;
    m_ctx.it.benchmarkVerdicts =
        QList<QList<std::optional<ScanVerdict>>>(benchmark, QList<std::optional<ScanVerdict>>(repeats));
    m_ctx.it.benchmarkNotScanned.clear();
    const qsizetype responses = m_ctx.run.responseSet.size();
    const qsizetype rewrites = m_ctx.run.robustnessSet.size();
    m_ctx.it.responseVerdicts = QList<std::optional<ScanVerdict>>(responses);
    m_ctx.it.robustnessVerdicts = QList<std::optional<ScanVerdict>>(rewrites);
    m_ctx.it.responseNotScanned.clear();
    m_ctx.it.robustnessNotScanned.clear();
    // Where a batch index belongs after the working suite: the benchmark's repeats, then the
    // response tests, then the rewrites (each set to its own verdicts).
    const qsizetype benchmarkScans = benchmark * repeats;
    const auto extra = [this, benchmarkScans, responses](qsizetype at) -> std::pair<QList<std::optional<ScanVerdict>> *, QHash<int, QString> *> {
        if (at < benchmarkScans)
            return {nullptr, nullptr};
        at -= benchmarkScans;
        return at < responses ? std::pair{&m_ctx.it.responseVerdicts, &m_ctx.it.responseNotScanned}
                              : std::pair{&m_ctx.it.robustnessVerdicts, &m_ctx.it.robustnessNotScanned};
    };
    const auto extraIndex = [benchmarkScans, responses](qsizetype at) {
        at -= benchmarkScans;
        return int(at < responses ? at : at - responses);
    };
    m_ctx.it.suiteLeft = int(working);
    m_ctx.it.pieces.scan = m_ctx.schedule.begin(u"scan"_s, m_ctx.it.number, {m_ctx.it.pieces.propagate, m_ctx.it.pieces.tests});
    if (benchmark > 0) {
        m_ctx.it.pieces.scanBenchmark =
            m_ctx.schedule.begin(u"scan-benchmark"_s, m_ctx.it.number, {m_ctx.it.pieces.propagate, m_ctx.benchmarkPiece});
    }
    connect(batch, &ScanBatch::scanned, this, [this, working, benchmark, extra, extraIndex](int index, const ScanVerdict &v, int completed, int total) {
        m_ctx.addUsage(RunUsage{0, 0, 0, 1, {}}); // one scan (a retried request is still one)
        if (index >= working) {
            const qsizetype at = index - working;
            if (auto [verdicts, missing] = extra(at); verdicts)
                (*verdicts)[extraIndex(at)] = v;
            else
                m_ctx.it.benchmarkVerdicts[at % benchmark][at / benchmark] = v;
            emit m_ctx.events.testProgress(completed, total);
            return;
        }
        m_ctx.it.results[index] = judged(m_ctx.it.suite.at(index), v);
        emit m_ctx.events.testScanned(index, m_ctx.it.results.at(index));
        emit m_ctx.events.testProgress(completed, total);
        if (--m_ctx.it.suiteLeft == 0)
            suiteScanned();
    });
    connect(batch, &ScanBatch::notScanned, this, [this, working, benchmark, extra, extraIndex](int index, const AirsError &e, int completed, int total) {
        const QString reason = e.toString();
        qCWarning(lcLoop).noquote() << "run" << m_ctx.run.id << ": not scanned:" << reason;
        emit m_ctx.events.testProgress(completed, total);
        if (index >= working) {
            const qsizetype at = index - working;
            if (auto [verdicts, missing] = extra(at); missing)
                missing->insert(extraIndex(at), reason);
            else
                m_ctx.it.benchmarkNotScanned.insert(int(at % benchmark), reason);
            return;
        }
        m_ctx.it.results[index] = TestResult::unscanned(m_ctx.it.suite.at(index), reason);
        emit m_ctx.events.testScanned(index, m_ctx.it.results.at(index));
        if (--m_ctx.it.suiteLeft == 0)
            suiteScanned();
    });
    connect(batch, &ScanBatch::finished, this, [this, batch, working] {
        batch->deleteLater();
        m_scan = nullptr;
        m_ctx.schedule.end(m_ctx.it.pieces.scan); // an empty working suite
        m_ctx.schedule.end(m_ctx.it.pieces.scanBenchmark);
        const QString problem = notScannedProblem(working);
        if (!problem.isEmpty()) {
            m_ctx.fail(problem);
            return;
        }
        m_ctx.submit(ChartEvent::StepDone);
    });
    connect(batch, &ScanBatch::failed, this, [this](const AirsError &e) { m_ctx.fail(e.toString()); });
    QStringList prompts;
    for (const TestCase &t : std::as_const(m_ctx.it.suite))
        prompts.append(t.prompt);
    for (int r = 0; r < repeats; ++r) {
        for (const TestCase &t : std::as_const(m_ctx.run.benchmarkSet))
            prompts.append(t.prompt);
    }
    QStringList pairedResponses(prompts.size()); // the response tests carry the model's answer
    for (const TestCase &t : std::as_const(m_ctx.run.responseSet)) {
        prompts.append(t.prompt);
        pairedResponses.append(t.response);
    }
    for (const TestCase &t : std::as_const(m_ctx.run.robustnessSet))
        prompts.append(t.prompt);
    batch->start(prompts, pairedResponses);
}

QString MeasureSteps::notScannedProblem(qsizetype working) const
{
    int missing = 0;
    QString first;
    for (const TestResult &r : std::as_const(m_ctx.it.results)) {
        if (!r.counts() && missing++ == 0)
            first = r.notScannedReason;
    }
    QString problem = tooManyNotScanned(missing, working, u"working suite"_s, first);
    if (!problem.isEmpty())
        return problem;
    int benchmarkMissing = 0; // prompts none of whose repeats was scanned
    for (auto it = m_ctx.it.benchmarkNotScanned.cbegin(); it != m_ctx.it.benchmarkNotScanned.cend(); ++it) {
        const auto &verdicts = m_ctx.it.benchmarkVerdicts.at(it.key());
        if (std::none_of(verdicts.cbegin(), verdicts.cend(), [](const auto &v) { return v.has_value(); })) {
            if (benchmarkMissing++ == 0)
                first = it.value();
        }
    }
    problem = tooManyNotScanned(benchmarkMissing, m_ctx.run.benchmarkSet.size(), u"benchmark"_s, first);
    if (!problem.isEmpty() || m_ctx.it.responseNotScanned.isEmpty())
        return problem;
    // The response tests decide too when the person chose both directions; the rewrites never
    // do, so a rewrite AIRS could not scan only leaves its row smaller.
    return tooManyNotScanned(int(m_ctx.it.responseNotScanned.size()), m_ctx.run.responseSet.size(), u"response tests"_s,
                             m_ctx.it.responseNotScanned.cbegin().value());
}

void MeasureSteps::suiteScanned()
{
    m_ctx.schedule.end(m_ctx.it.pieces.scan);
    // Only worth it while benchmark scans are left; otherwise the analyze step asks.
    if (!m_ctx.services.overlapSteps || !m_scan || m_scan->completed() >= m_scan->total())
        return;
    m_ctx.it.metrics = EfficacyMetrics::compute(m_ctx.it.results); // what the evaluate step computes again
    askAnalysis(true);
}

bool MeasureSteps::askAnalysis(bool early)
{
    const int round = ++m_analysisRound;
    m_ctx.it.analysisAsked = m_ctx.llm(PromptBook::analyzeResults({m_ctx.it.topic, m_ctx.it.results, m_ctx.it.metrics, m_ctx.run.userInput.intent, m_ctx.memorySection, m_ctx.run.userInput.notesLanguage}),
        [this, round](const QJsonObject &o) {
            if (round != m_analysisRound)
                return; // a label was corrected since: asked again
            m_ctx.schedule.end(m_ctx.it.pieces.analyze);
            m_ctx.it.earlyAnalysis = PromptBook::analysisFromJson(o);
            analysisArrived();
        }, early);
    if (m_ctx.it.analysisAsked) // the answer comes later, from the event loop
        m_ctx.it.pieces.analyze = m_ctx.schedule.begin(u"analyze"_s, m_ctx.it.number, {m_ctx.it.pieces.scan});
    return m_ctx.it.analysisAsked;
}

void MeasureSteps::analysisArrived()
{
    if (!m_ctx.inState("analyze") || !m_ctx.it.earlyAnalysis)
        return; // asked early: its turn comes after evaluate:complete
    m_ctx.it.analysis = *std::exchange(m_ctx.it.earlyAnalysis, std::nullopt);
    emit m_ctx.events.analyzeComplete(m_ctx.it.analysis);
    m_ctx.submit(ChartEvent::StepDone);
}

void MeasureSteps::enterEvaluate()
{
    emit m_ctx.events.stepChanged(u"evaluate"_s);
    m_ctx.it.metrics = EfficacyMetrics::compute(m_ctx.it.results);
    if (!m_ctx.run.benchmarkSet.isEmpty()) {
        QList<TestResult> results;
        QList<int> unstable;
        for (qsizetype i = 0; i < m_ctx.run.benchmarkSet.size(); ++i) {
            QList<ScanVerdict> verdicts; // the repeats AIRS answered
            for (const auto &v : m_ctx.it.benchmarkVerdicts.at(i)) {
                if (v)
                    verdicts.append(*v);
            }
            if (verdicts.isEmpty()) {
                results.append(TestResult::unscanned(m_ctx.run.benchmarkSet.at(i), m_ctx.it.benchmarkNotScanned.value(int(i))));
                continue;
            }
            const ScanVerdict &v = verdicts.first();
            results.append(judged(m_ctx.run.benchmarkSet.at(i), v));
            if (std::any_of(verdicts.cbegin(), verdicts.cend(), [&v](const ScanVerdict &o) { return o.triggered != v.triggered; }))
                unstable.append(int(i));
        }
        m_ctx.it.benchmarkScore = BenchmarkScore::compute(results, unstable);
        m_ctx.it.benchmarkScore->version = m_ctx.run.steering.benchmarkVersion();
    }
    if (!m_ctx.run.responseSet.isEmpty())
        m_ctx.it.responseScore = BenchmarkScore::compute(
            resultsOf(m_ctx.run.responseSet, m_ctx.it.responseVerdicts, m_ctx.it.responseNotScanned, judgedResponse));
    m_ctx.it.robustnessResults = resultsOf(m_ctx.run.robustnessSet, m_ctx.it.robustnessVerdicts, m_ctx.it.robustnessNotScanned, judged);
    m_ctx.it.evaluated = true;
    emit m_ctx.events.evaluateComplete(m_ctx.it.metrics);
    m_ctx.submit(ChartEvent::StepDone);
}

void MeasureSteps::enterAnalyze()
{
    emit m_ctx.events.stepChanged(u"analyze"_s);
    if (!m_ctx.it.analysisAsked)
        askAnalysis();
    else
        analysisArrived(); // already here, or on its way (analysisArrived() then advances)
}
