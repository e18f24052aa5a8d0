#include "crossrun.h"

#include "nanoid.h"
#include "testcomposition.h"
#include "worddiff.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <numeric>

using namespace Qt::StringLiterals;

namespace CrossRun {

namespace {

// A prompt's label in one candidate's benchmark: 1 positive, 0 negative, -1 held with both
// labels (a benchmark that holds one prompt twice, labelled differently: neither counts).
QHash<QString, int> labelsOf(const QList<TestResult> &results)
{
    QHash<QString, int> labels;
    for (const TestResult &r : results) {
        if (r.testCase.isResponseTest())
            continue;
        const QString key = dedupKey(r.testCase.prompt);
        const int label = r.testCase.expectedTriggered ? 1 : 0;
        const auto it = labels.constFind(key);
        if (it == labels.cend())
            labels.insert(key, label);
        else if (*it != label)
            labels[key] = -1;
    }
    return labels;
}

bool isWholeNumber(QStringView text)
{
    if (text.isEmpty() || text.size() > 9 || text.front() == u'0')
        return false;
    return std::all_of(text.begin(), text.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

// The synthetic iteration a candidate is on the shared prompts: its topic and a benchmark score
// of those results, so Decision judges it exactly as the loop judges two iterations.
IterationResult iterationOf(const Candidate &candidate, int number, const QList<TestResult> &results)
{
    IterationResult it;
    it.iteration = number;
    it.topic = candidate.topic;
    for (const TestResult &r : results)
        it.testCases.append(r.testCase);
    it.testResults = results;
    it.benchmark = BenchmarkScore::compute(results);
    it.metrics = it.benchmark->metrics;
    return it;
}

// Where `a` and `b` disagree on a prompt both scanned (same order, same prompts).
QStringList separatingPrompts(const QList<TestResult> &a, const QList<TestResult> &b)
{
    QStringList out;
    for (qsizetype i = 0; i < std::min(a.size(), b.size()); ++i) {
        if (a.at(i).counts() && b.at(i).counts() && a.at(i).correct != b.at(i).correct)
            out.append(a.at(i).testCase.prompt);
    }
    return out;
}

// "[-removed-]{+added+}" (wdiff's notation) of `after` against `before`.
QString wordDiffText(const QString &before, const QString &after)
{
    QString out;
    for (const DiffSpan &span : WordDiff::diff(before, after)) {
        switch (span.kind) {
        case DiffSpan::Kind::Same:
            out += span.text;
            break;
        case DiffSpan::Kind::Removed:
            out += "[-"_L1 + span.text + "-]"_L1;
            break;
        case DiffSpan::Kind::Added:
            out += "{+"_L1 + span.text + "+}"_L1;
            break;
        }
    }
    return out;
}

} // namespace

std::optional<Candidate> candidateOf(const RunState &run, int iteration, QString *error)
{
    const auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return std::optional<Candidate>{};
    };
    if (!NanoId::isValid(run.id))
        return fail(u"\"%1\" is not a run id"_s.arg(run.id));
    if (run.iterations.isEmpty())
        return fail(u"run %1 has no recorded iteration"_s.arg(run.id));
    const IterationResult *it = nullptr;
    if (iteration > 0) {
        it = run.iterationByNumber(iteration);
        if (!it)
            return fail(u"run %1 has no iteration %2"_s.arg(run.id).arg(iteration));
    } else {
        it = run.iterationByNumber(Decision::recordOf(run).bestIteration);
        if (!it)
            it = run.lastRecorded();
    }
    Candidate c;
    c.runId = run.id;
    c.iteration = it->iteration;
    c.label = labelOf(run.id, it->iteration);
    c.topic = it->topic;
    c.intent = run.userInput.intent;
    if (c.intent == Intent::Block)
        c.companion = run.companionTopic;
    c.profileName = run.userInput.profileName;
    if (it->benchmark) {
        c.ownBenchmark = it->benchmark->results;
        for (int i : it->benchmark->unstableIndexes) {
            if (i >= 0 && i < c.ownBenchmark.size() && c.ownBenchmark.at(i).scanned)
                c.ownBenchmark[i] = TestResult::unscanned(c.ownBenchmark.at(i).testCase,
                                                          u"unstable between repeated scans"_s);
        }
    }
    const Decision decision(run.userInput);
    for (const IterationResult &each : run.iterations) {
        if (each.benchmark)
            c.curve.append({each.iteration, decision.coverage(each)});
    }
    return c;
}

bool parseLabel(const QString &text, QString *runId, int *iteration)
{
    const qsizetype colon = text.indexOf(u':');
    const QString id = colon < 0 ? text : text.left(colon);
    if (!NanoId::isValid(id))
        return false;
    int number = 0;
    if (colon >= 0) {
        const QStringView digits = QStringView(text).mid(colon + 1);
        if (!isWholeNumber(digits))
            return false;
        number = digits.toInt();
    }
    if (runId)
        *runId = id;
    if (iteration)
        *iteration = number;
    return true;
}

QString labelOf(const QString &runId, int iteration)
{
    return iteration > 0 ? runId + u':' + QString::number(iteration) : runId;
}

QString sourceName(Source source)
{
    switch (source) {
    case Source::Common:
        return u"common"_s;
    case Source::Run:
        return u"run"_s;
    case Source::Union:
        return u"union"_s;
    case Source::Csv:
        return u"csv"_s;
    }
    return u"common"_s;
}

std::optional<Source> sourceFromName(const QString &name)
{
    for (Source s : {Source::Common, Source::Run, Source::Union, Source::Csv}) {
        if (sourceName(s) == name)
            return s;
    }
    return std::nullopt;
}

bool parseSourceChoice(const QString &text, Source *source, QString *detail)
{
    Source s = Source::Common;
    QString d;
    if (text == "common"_L1) {
        s = Source::Common;
    } else if (text == "union"_L1) {
        s = Source::Union;
    } else if (text.startsWith("run:"_L1) && NanoId::isValid(text.mid(4))) {
        s = Source::Run;
        d = text.mid(4);
    } else if (text.startsWith("csv:"_L1) && !text.mid(4).trimmed().isEmpty()) {
        s = Source::Csv;
        d = text.mid(4);
    } else {
        return false;
    }
    if (source)
        *source = s;
    if (detail)
        *detail = d;
    return true;
}

QString sourceChoice(Source source, const QString &detail)
{
    return source == Source::Run || source == Source::Csv ? sourceName(source) + u':' + detail : sourceName(source);
}

QJsonObject SharedBenchmark::toJson() const
{
    int positives = 0;
    for (const TestCase &t : prompts)
        positives += t.expectedTriggered;
    QJsonObject o{{u"source"_s, sourceName(source)},
                  {u"prompts"_s, int(prompts.size())},
                  {u"positives"_s, positives},
                  {u"negatives"_s, int(prompts.size()) - positives}};
    if (!sourceDetail.isEmpty())
        o.insert(u"detail"_s, sourceDetail);
    return o;
}

QString SharedBenchmark::describe() const
{
    const int n = int(prompts.size());
    switch (source) {
    case Source::Common:
        return u"the %1 prompts every run's benchmark holds"_s.arg(n);
    case Source::Run:
        return u"run %1's benchmark (%2 prompts)"_s.arg(sourceDetail).arg(n);
    case Source::Union:
        return u"the union of the runs' benchmarks (%1 prompts)"_s.arg(n);
    case Source::Csv:
        return u"the labelled CSV %1 (%2 prompts)"_s.arg(sourceDetail).arg(n);
    }
    return {};
}

QList<TestCase> commonPrompts(const QList<Candidate> &candidates)
{
    if (candidates.isEmpty())
        return {};
    QList<QHash<QString, int>> labels;
    for (const Candidate &c : candidates)
        labels.append(labelsOf(c.ownBenchmark));
    QList<TestCase> out;
    QSet<QString> seen;
    for (const TestResult &r : candidates.first().ownBenchmark) {
        if (r.testCase.isResponseTest())
            continue;
        const QString key = dedupKey(r.testCase.prompt);
        if (seen.contains(key))
            continue;
        seen.insert(key);
        const int label = labels.first().value(key, -1);
        if (label < 0)
            continue;
        const bool everywhere = std::all_of(labels.cbegin(), labels.cend(),
                                            [&](const QHash<QString, int> &l) { return l.value(key, -1) == label; });
        if (!everywhere)
            continue;
        TestCase t = r.testCase;
        t.source = TestSource::Benchmark;
        out.append(t);
    }
    return out;
}

QList<TestCase> unionPrompts(const QList<Candidate> &candidates)
{
    QList<TestCase> out;
    QSet<QString> seen;
    for (const Candidate &c : candidates) {
        for (const TestResult &r : c.ownBenchmark) {
            if (r.testCase.isResponseTest())
                continue;
            const QString key = dedupKey(r.testCase.prompt);
            if (seen.contains(key))
                continue;
            seen.insert(key);
            TestCase t = r.testCase;
            t.source = TestSource::Benchmark;
            out.append(t);
        }
    }
    return out;
}

bool enough(const QList<TestCase> &prompts)
{
    int positives = 0, negatives = 0;
    for (const TestCase &t : prompts)
        (t.expectedTriggered ? positives : negatives) += 1;
    return positives + negatives >= MinShared && positives >= MinPerLabel && negatives >= MinPerLabel;
}

std::optional<QList<TestResult>> storedVerdicts(const Candidate &candidate, const QList<TestCase> &prompts)
{
    // The stored observation (whether AIRS triggered) is the candidate's; the label is the
    // shared benchmark's, so `correct` is decided again against it.
    QHash<QString, const TestResult *> byKey;
    for (const TestResult &r : candidate.ownBenchmark) {
        if (r.testCase.isResponseTest())
            continue;
        const QString key = dedupKey(r.testCase.prompt);
        const auto it = byKey.constFind(key);
        if (it == byKey.cend() || (!(*it)->scanned && r.scanned))
            byKey.insert(key, &r);
    }
    QList<TestResult> out;
    out.reserve(prompts.size());
    for (const TestCase &t : prompts) {
        const TestResult *stored = byKey.value(dedupKey(t.prompt));
        if (!stored || !stored->scanned)
            return std::nullopt;
        TestResult r = *stored;
        r.testCase = t;
        r.correct = r.actualTriggered == t.expectedTriggered;
        out.append(r);
    }
    return out;
}

Leaderboard Leaderboard::build(const QList<Candidate> &candidates, const QList<QList<TestResult>> &results,
                               const SharedBenchmark &benchmark, const RunSettings &decisionSettings)
{
    // Decided as the loop decides between two iterations on its benchmark: the paired verdict
    // (the shared prompts are a benchmark; there is no working suite or response side here).
    RunSettings settings = decisionSettings;
    settings.decideOnWorkingSuite = false;
    settings.decideOnBothDirections = false;
    const Decision decision(settings);

    Leaderboard board;
    board.benchmark = benchmark;
    board.alpha = decision.alpha();
    QList<IterationResult> its;
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        Row row;
        row.candidate = candidates.at(i);
        row.results = i < results.size() ? results.at(i) : QList<TestResult>{};
        its.append(iterationOf(row.candidate, int(i) + 1, row.results));
        row.metrics = its.last().benchmark->metrics;
        row.intervals = MetricIntervals::of(row.metrics);
        board.rows.append(row);
    }
    QList<int> order(board.rows.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return board.rows.at(a).metrics.coverage > board.rows.at(b).metrics.coverage;
    });
    QList<Row> sorted;
    QList<IterationResult> sortedIts;
    for (int i : std::as_const(order)) {
        sorted.append(board.rows.at(i));
        sortedIts.append(its.at(i));
    }
    board.rows = sorted;
    if (board.rows.isEmpty())
        return board;
    Row &leader = board.rows.first();
    leader.leader = true;
    if (board.rows.size() < 2)
        return board;
    // The leader against the runner-up: better only beyond noise.
    const Decision::Verdict top = decision.judge(sortedIts.at(1), sortedIts.at(0));
    leader.verdict = top;
    leader.paired = top.paired;
    leader.separating = separatingPrompts(board.rows.at(1).results, leader.results);
    for (qsizetype i = 1; i < board.rows.size(); ++i) {
        Row &row = board.rows[i];
        const Decision::Verdict v = decision.judge(sortedIts.at(0), sortedIts.at(i));
        row.verdict = v;
        row.paired = v.paired;
        row.separating = separatingPrompts(board.rows.first().results, row.results);
        row.diffAgainstLeader = wordDiffText(board.rows.first().candidate.topic.description,
                                             row.candidate.topic.description);
    }
    return board;
}

QJsonObject Leaderboard::toJson() const
{
    QJsonArray rowsJson;
    int rank = 0;
    for (const Row &row : rows) {
        const Candidate &c = row.candidate;
        QJsonObject o{{u"rank"_s, ++rank},
                      {u"run"_s, c.runId},
                      {u"iteration"_s, c.iteration},
                      {u"label"_s, c.label},
                      {u"intent"_s, intentName(c.intent)},
                      {u"profile"_s, c.profileName},
                      {u"topic"_s, c.topic.toJson()},
                      {u"metrics"_s, row.metrics.toJson()},
                      {u"intervals"_s, row.intervals.toJson()},
                      {u"leader"_s, row.leader},
                      {u"separating"_s, QJsonArray::fromStringList(row.separating)},
                      {u"diffAgainstLeader"_s, row.diffAgainstLeader}};
        if (c.companion)
            o.insert(u"companion"_s, c.companion->toJson());
        if (!c.model.isEmpty())
            o.insert(u"model"_s, c.model);
        o.insert(u"verdictAgainstLeader"_s, row.verdict ? QJsonValue(row.verdict->word()) : QJsonValue());
        if (row.paired)
            o.insert(u"paired"_s, row.paired->toJson());
        QJsonArray curve;
        for (const auto &[iteration, coverage] : c.curve)
            curve.append(QJsonObject{{u"iteration"_s, iteration}, {u"coverage"_s, coverage}});
        o.insert(u"curve"_s, curve);
        rowsJson.append(o);
    }
    return QJsonObject{{u"benchmark"_s, benchmark.toJson()}, {u"alpha"_s, alpha}, {u"candidates"_s, rowsJson}};
}

} // namespace CrossRun
