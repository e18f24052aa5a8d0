// RefinementRun's measuring steps: the scan of the working suite and the benchmark in one
// batch, the evaluation, and the analysis of the working suite's errors. With overlapped steps
// the analysis is asked for as soon as the working suite is scanned (it needs nothing of the
// benchmark), while the benchmark is still being scanned; its event still follows
// evaluate:complete.
#include "refinementrun.h"

#include "airs/scanbatch.h"
#include "domain/benchmarkscore.h"
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

void RefinementRun::enterScan()
{
    emit stepChanged(u"scan"_s);
    if (m_benchmarkPending) { // still being written (overlapped): its callback starts the scan
        m_scanWaits = true;
        return;
    }
    startScan();
}

void RefinementRun::startScan()
{
    ScanBatch::Options options;
    options.profileName = m_profile;
    options.sessionId = sessionId();
    options.intent = m_run.userInput.intent;
    options.concurrency = m_run.userInput.scanConcurrency.value_or(m_services.scanConcurrency);
    options.ratePerSecond = m_run.userInput.scanRate.value_or(m_services.scanRate);
    options.keepGoing = true; // a prompt AIRS cannot scan is recorded, not the end of the run
    auto *batch = new ScanBatch(m_services.airs, options, this);
    m_scan = batch;
    m_it.results = QList<TestResult>(m_it.suite.size());
    // The working suite first, then the benchmark (each prompt `repeats` times, for stability),
    // under the one concurrency limit: the analysis waits only for the working suite.
    const qsizetype working = m_it.suite.size();
    const qsizetype benchmark = m_run.benchmarkSet.size();
    const int repeats = benchmark > 0 ? std::max(1, m_run.userInput.scanRepeats) : 0;
    m_it.benchmarkVerdicts =
        QList<QList<std::optional<ScanVerdict>>>(benchmark, QList<std::optional<ScanVerdict>>(repeats));
    m_it.benchmarkNotScanned.clear();
    const qsizetype responses = m_run.responseSet.size();
    const qsizetype rewrites = m_run.robustnessSet.size();
    m_it.responseVerdicts = QList<std::optional<ScanVerdict>>(responses);
    m_it.robustnessVerdicts = QList<std::optional<ScanVerdict>>(rewrites);
    m_it.responseNotScanned.clear();
    m_it.robustnessNotScanned.clear();
    // Where a batch index belongs after the working suite: the benchmark's repeats, then the
    // response tests, then the rewrites (each set to its own verdicts).
    const qsizetype benchmarkScans = benchmark * repeats;
    const auto extra = [this, benchmarkScans, responses](qsizetype at) -> std::pair<QList<std::optional<ScanVerdict>> *, QHash<int, QString> *> {
        if (at < benchmarkScans)
            return {nullptr, nullptr};
        at -= benchmarkScans;
        return at < responses ? std::pair{&m_it.responseVerdicts, &m_it.responseNotScanned}
                              : std::pair{&m_it.robustnessVerdicts, &m_it.robustnessNotScanned};
    };
    const auto extraIndex = [benchmarkScans, responses](qsizetype at) {
        at -= benchmarkScans;
        return int(at < responses ? at : at - responses);
    };
    m_it.suiteLeft = int(working);
    m_it.pieces.scan = m_schedule.begin(u"scan"_s, m_it.number, {m_it.pieces.propagate, m_it.pieces.tests});
    if (benchmark > 0) {
        m_it.pieces.scanBenchmark =
            m_schedule.begin(u"scan-benchmark"_s, m_it.number, {m_it.pieces.propagate, m_benchmarkPiece});
    }
    connect(batch, &ScanBatch::scanned, this, [this, working, benchmark, extra, extraIndex](int index, const ScanVerdict &v, int completed, int total) {
        addUsage(RunUsage{0, 0, 0, 1, {}}); // one scan (a retried request is still one)
        if (index >= working) {
            const qsizetype at = index - working;
            if (auto [verdicts, missing] = extra(at); verdicts)
                (*verdicts)[extraIndex(at)] = v;
            else
                m_it.benchmarkVerdicts[at % benchmark][at / benchmark] = v;
            emit testProgress(completed, total);
            return;
        }
        m_it.results[index] = judged(m_it.suite.at(index), v);
        emit testScanned(index, m_it.results.at(index));
        emit testProgress(completed, total);
        if (--m_it.suiteLeft == 0)
            suiteScanned();
    });
    connect(batch, &ScanBatch::notScanned, this, [this, working, benchmark, extra, extraIndex](int index, const AirsError &e, int completed, int total) {
        const QString reason = e.toString();
        qCWarning(lcLoop).noquote() << "run" << m_run.id << ": not scanned:" << reason;
        emit testProgress(completed, total);
        if (index >= working) {
            const qsizetype at = index - working;
            if (auto [verdicts, missing] = extra(at); missing)
                missing->insert(extraIndex(at), reason);
            else
                m_it.benchmarkNotScanned.insert(int(at % benchmark), reason);
            return;
        }
        m_it.results[index] = TestResult::unscanned(m_it.suite.at(index), reason);
        emit testScanned(index, m_it.results.at(index));
        if (--m_it.suiteLeft == 0)
            suiteScanned();
    });
    connect(batch, &ScanBatch::finished, this, [this, batch, working] {
        batch->deleteLater();
        m_scan = nullptr;
        m_schedule.end(m_it.pieces.scan); // an empty working suite
        m_schedule.end(m_it.pieces.scanBenchmark);
        const QString problem = notScannedProblem(working);
        if (!problem.isEmpty()) {
            fail(problem);
            return;
        }
        submit(u"step.done"_s);
    });
    connect(batch, &ScanBatch::failed, this, [this](const AirsError &e) { fail(e.toString()); });
    QStringList prompts;
    for (const TestCase &t : std::as_const(m_it.suite))
        prompts.append(t.prompt);
    for (int r = 0; r < repeats; ++r) {
        for (const TestCase &t : std::as_const(m_run.benchmarkSet))
            prompts.append(t.prompt);
    }
    QStringList pairedResponses(prompts.size()); // the response tests carry the model's answer
    for (const TestCase &t : std::as_const(m_run.responseSet)) {
        prompts.append(t.prompt);
        pairedResponses.append(t.response);
    }
    for (const TestCase &t : std::as_const(m_run.robustnessSet))
        prompts.append(t.prompt);
    batch->start(prompts, pairedResponses);
}

QString RefinementRun::notScannedProblem(qsizetype working) const
{
    int missing = 0;
    QString first;
    for (const TestResult &r : std::as_const(m_it.results)) {
        if (!r.counts() && missing++ == 0)
            first = r.notScannedReason;
    }
    QString problem = tooManyNotScanned(missing, working, u"working suite"_s, first);
    if (!problem.isEmpty())
        return problem;
    int benchmarkMissing = 0; // prompts none of whose repeats was scanned
    for (auto it = m_it.benchmarkNotScanned.cbegin(); it != m_it.benchmarkNotScanned.cend(); ++it) {
        const auto &verdicts = m_it.benchmarkVerdicts.at(it.key());
        if (std::none_of(verdicts.cbegin(), verdicts.cend(), [](const auto &v) { return v.has_value(); })) {
            if (benchmarkMissing++ == 0)
                first = it.value();
        }
    }
    problem = tooManyNotScanned(benchmarkMissing, m_run.benchmarkSet.size(), u"benchmark"_s, first);
    if (!problem.isEmpty() || m_it.responseNotScanned.isEmpty())
        return problem;
    // The response tests decide too when the person chose both directions; the rewrites never
    // do, so a rewrite AIRS could not scan only leaves its row smaller.
    return tooManyNotScanned(int(m_it.responseNotScanned.size()), m_run.responseSet.size(), u"response tests"_s,
                             m_it.responseNotScanned.cbegin().value());
}

void RefinementRun::suiteScanned()
{
    m_schedule.end(m_it.pieces.scan);
    // Only worth it while benchmark scans are left; otherwise the analyze step asks.
    if (!m_services.overlapSteps || !m_scan || m_scan->completed() >= m_scan->total())
        return;
    m_it.metrics = EfficacyMetrics::compute(m_it.results); // what the evaluate step computes again
    askAnalysis(true);
}

bool RefinementRun::askAnalysis(bool early)
{
    const int round = ++m_analysisRound;
    m_it.analysisAsked = llm(PromptBook::analyzeResults({m_it.topic, m_it.results, m_it.metrics, m_run.userInput.intent, m_memorySection, m_run.userInput.notesLanguage}),
        [this, round](const QJsonObject &o) {
            if (round != m_analysisRound)
                return; // a label was corrected since: asked again
            m_schedule.end(m_it.pieces.analyze);
            m_it.earlyAnalysis = PromptBook::analysisFromJson(o);
            analysisArrived();
        }, early);
    if (m_it.analysisAsked) // the answer comes later, from the event loop
        m_it.pieces.analyze = m_schedule.begin(u"analyze"_s, m_it.number, {m_it.pieces.scan});
    return m_it.analysisAsked;
}

void RefinementRun::analysisArrived()
{
    if (!inState("analyze") || !m_it.earlyAnalysis)
        return; // asked early: its turn comes after evaluate:complete
    m_it.analysis = *std::exchange(m_it.earlyAnalysis, std::nullopt);
    emit analyzeComplete(m_it.analysis);
    submit(u"step.done"_s);
}

void RefinementRun::enterEvaluate()
{
    emit stepChanged(u"evaluate"_s);
    m_it.metrics = EfficacyMetrics::compute(m_it.results);
    if (!m_run.benchmarkSet.isEmpty()) {
        QList<TestResult> results;
        QList<int> unstable;
        for (qsizetype i = 0; i < m_run.benchmarkSet.size(); ++i) {
            QList<ScanVerdict> verdicts; // the repeats AIRS answered
            for (const auto &v : m_it.benchmarkVerdicts.at(i)) {
                if (v)
                    verdicts.append(*v);
            }
            if (verdicts.isEmpty()) {
                results.append(TestResult::unscanned(m_run.benchmarkSet.at(i), m_it.benchmarkNotScanned.value(int(i))));
                continue;
            }
            const ScanVerdict &v = verdicts.first();
            results.append(judged(m_run.benchmarkSet.at(i), v));
            if (std::any_of(verdicts.cbegin(), verdicts.cend(), [&v](const ScanVerdict &o) { return o.triggered != v.triggered; }))
                unstable.append(int(i));
        }
        m_it.benchmarkScore = BenchmarkScore::compute(results, unstable);
        m_it.benchmarkScore->version = m_run.steering.benchmarkVersion();
    }
    if (!m_run.responseSet.isEmpty())
        m_it.responseScore = BenchmarkScore::compute(
            resultsOf(m_run.responseSet, m_it.responseVerdicts, m_it.responseNotScanned, judgedResponse));
    m_it.robustnessResults = resultsOf(m_run.robustnessSet, m_it.robustnessVerdicts, m_it.robustnessNotScanned, judged);
    m_it.evaluated = true;
    emit evaluateComplete(m_it.metrics);
    submit(u"step.done"_s);
}

void RefinementRun::enterAnalyze()
{
    emit stepChanged(u"analyze"_s);
    if (!m_it.analysisAsked)
        askAnalysis();
    else
        analysisArrived(); // already here, or on its way (analysisArrived() then advances)
}
