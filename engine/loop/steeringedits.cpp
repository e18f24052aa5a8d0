#include "steeringedits.h"

#include "domain/testcomposition.h"
#include "domain/topiclimits.h"
#include "domain/utf8.h"
#include "looppolicy.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace {
// Sets the expected label of every test with this key; true when any test has it.
bool relabelByKey(QList<TestCase> &tests, const QString &key, bool expected)
{
    bool found = false;
    for (TestCase &t : tests) {
        if (dedupKey(t.prompt) == key) {
            t.expectedTriggered = expected;
            found = true;
        }
    }
    return found;
}

// A result's label, and its verdict judged again.
void setExpected(TestResult &r, bool expected)
{
    r.testCase.expectedTriggered = expected;
    r.correct = r.counts() && r.actualTriggered == expected;
}

bool relabelByKey(QList<TestResult> &results, const QString &key, bool expected)
{
    bool found = false;
    for (TestResult &r : results) {
        if (dedupKey(r.testCase.prompt) == key) {
            setExpected(r, expected);
            found = true;
        }
    }
    return found;
}

// Relabels a benchmark score's results and computes it again, in the same version.
bool relabelScore(BenchmarkScore &score, const QString &key, bool expected)
{
    if (!relabelByKey(score.results, key, expected))
        return false;
    const int version = score.version;
    score = BenchmarkScore::compute(score.results, score.unstableIndexes);
    score.version = version;
    return true;
}

// The indexes of the benchmark prompts with this key: what their robustness rewrites name in
// TestCase::rewriteOf (the benchmark set only grows, so an index keeps its prompt).
QSet<int> benchmarkIndexes(const QList<TestCase> &benchmark, const QString &key)
{
    QSet<int> out;
    for (qsizetype i = 0; i < benchmark.size(); ++i) {
        if (dedupKey(benchmark.at(i).prompt) == key)
            out.insert(int(i));
    }
    return out;
}

// Sets the expected label of the rewrites of those benchmark prompts.
void relabelRewritesOf(QList<TestCase> &rewrites, const QSet<int> &of, bool expected)
{
    for (TestCase &t : rewrites) {
        if (of.contains(t.rewriteOf))
            t.expectedTriggered = expected;
    }
}

void relabelRewritesOf(QList<TestResult> &rewrites, const QSet<int> &of, bool expected)
{
    for (TestResult &r : rewrites) {
        if (of.contains(r.testCase.rewriteOf))
            setExpected(r, expected);
    }
}

// Every place the run holds the prompt gets `expected`; metrics of touched iterations are
// recomputed. Returns whether the run holds the prompt at all.
bool setLabel(RunState &run, const QString &key, bool expected)
{
    // The prompt in other words: its rewrites take its label (Robustness::table computes the
    // rows from them).
    const QSet<int> rewritten = benchmarkIndexes(run.benchmarkSet, key);
    relabelRewritesOf(run.robustnessSet, rewritten, expected);
    bool found = false;
    for (IterationResult &it : run.iterations) {
        relabelRewritesOf(it.robustness, rewritten, expected);
        found |= relabelByKey(it.testCases, key, expected);
        if (relabelByKey(it.testResults, key, expected)) {
            found = true;
            it.metrics = EfficacyMetrics::compute(it.testResults);
        }
        if (it.benchmark)
            found |= relabelScore(*it.benchmark, key, expected);
    }
    found |= relabelByKey(run.benchmarkSet, key, expected);
    found |= relabelByKey(run.userInput.fixedTests, key, expected);
    found |= relabelByKey(run.userInput.benchmarkTests, key, expected);
    found |= relabelByKey(run.steering.addedTests, key, expected);
    found |= relabelByKey(run.steering.pendingBenchmark, key, expected);
    if (run.checkpoint)
        found |= relabelByKey(run.checkpoint->accumulatedTests, key, expected);
    LoopPolicy::rechooseBest(run);
    return found;
}

// A response test is its prompt (by key) and its answer (trimmed, exactly).
bool isResponse(const TestCase &t, const QString &key, const QString &response)
{
    return !t.response.isEmpty() && t.response.trimmed() == response.trimmed() && dedupKey(t.prompt) == key;
}

// Every place the run holds the response test gets `expected`: the frozen set later
// iterations scan, and each recorded iteration's response score (computed again).
bool setResponseLabel(RunState &run, const QString &key, const QString &response, bool expected)
{
    bool found = false;
    for (TestCase &t : run.responseSet) {
        if (isResponse(t, key, response)) {
            t.expectedTriggered = expected;
            found = true;
        }
    }
    for (IterationResult &it : run.iterations) {
        if (it.responses)
            found |= SteeringEdits::relabelResponse(*it.responses, key, response, expected);
    }
    LoopPolicy::rechooseBest(run);
    return found;
}

std::optional<bool> currentResponseLabel(const RunState &run, const QString &key, const QString &response)
{
    for (const TestCase &t : run.responseSet) {
        if (isResponse(t, key, response))
            return t.expectedTriggered;
    }
    for (auto it = run.iterations.crbegin(); it != run.iterations.crend(); ++it) {
        if (!it->responses)
            continue;
        for (const TestResult &r : it->responses->results) {
            if (isResponse(r.testCase, key, response))
                return r.testCase.expectedTriggered;
        }
    }
    return std::nullopt;
}

// The label the run holds for a prompt now: where the person most likely saw it last (the
// suite in progress, then the latest iteration first), else where the run keeps it.
std::optional<bool> currentLabel(const RunState &run, const QString &key)
{
    const auto in = [&key](const QList<TestCase> &tests) -> std::optional<bool> {
        for (const TestCase &t : tests) {
            if (dedupKey(t.prompt) == key)
                return t.expectedTriggered;
        }
        return std::nullopt;
    };
    if (run.checkpoint) {
        if (const auto l = in(run.checkpoint->accumulatedTests))
            return l;
    }
    for (auto it = run.iterations.crbegin(); it != run.iterations.crend(); ++it) {
        if (const auto l = in(it->testCases))
            return l;
        if (it->benchmark) {
            for (const TestResult &r : it->benchmark->results) {
                if (dedupKey(r.testCase.prompt) == key)
                    return r.testCase.expectedTriggered;
            }
        }
    }
    for (const QList<TestCase> *tests :
         {&run.benchmarkSet, &run.steering.addedTests, &run.steering.pendingBenchmark,
          &run.userInput.fixedTests}) {
        if (const auto l = in(*tests))
            return l;
    }
    return std::nullopt;
}

QString quoted(const QString &text)
{
    return u"\u201C"_s + text + u"\u201D"_s;
}
} // namespace

namespace SteeringEdits {

QString correctLabel(RunState &run, const QString &prompt, const QDateTime &at, bool *label,
                     std::optional<bool> wrong, const QString &response)
{
    const QString key = dedupKey(prompt);
    if (key.isEmpty())
        return u"an empty prompt has no label"_s;
    if (!response.trimmed().isEmpty()) { // a response test's label (issue 56)
        if (run.steering.correctionFor(prompt, response))
            return u"the label of the response test %1 → %2 is already corrected; undo the correction to restore it"_s.arg(
                quoted(prompt), quoted(response.trimmed()));
        std::optional<bool> current = currentResponseLabel(run, key, response);
        if (!current)
            return u"run %1 has no response test %2 → %3"_s.arg(run.id, quoted(prompt), quoted(response.trimmed()));
        if (wrong)
            current = wrong;
        setResponseLabel(run, key, response, !*current);
        run.steering.corrections.append({prompt, !*current, at, response.trimmed()});
        if (label)
            *label = !*current;
        return {};
    }
    if (run.steering.correctionFor(prompt))
        return u"the label of %1 is already corrected; undo the correction to restore it"_s.arg(
            quoted(prompt));
    std::optional<bool> current = currentLabel(run, key);
    if (!current)
        return u"run %1 has no test %2"_s.arg(run.id, quoted(prompt));
    if (wrong) // the row the person marked: its label is the wrong one, wherever else it differs
        current = wrong;
    setLabel(run, key, !*current);
    run.steering.corrections.append({prompt, !*current, at});
    if (label)
        *label = !*current;
    return {};
}

QString undoCorrection(RunState &run, const QString &prompt, bool *label, const QString &response)
{
    const QString key = dedupKey(prompt);
    const QString answer = response.trimmed();
    const auto it = std::find_if(run.steering.corrections.begin(), run.steering.corrections.end(),
                                 [&key, &answer](const LabelCorrection &c) {
                                     return dedupKey(c.prompt) == key && c.response.trimmed() == answer;
                                 });
    if (it == run.steering.corrections.end())
        return answer.isEmpty() ? u"the label of %1 was not corrected"_s.arg(quoted(prompt))
                                : u"the label of the response test %1 → %2 was not corrected"_s.arg(quoted(prompt), quoted(answer));
    const bool original = !it->expectedTriggered;
    run.steering.corrections.erase(it);
    if (!answer.isEmpty()) {
        setResponseLabel(run, key, answer, original);
        if (label)
            *label = original;
        return {};
    }
    setLabel(run, key, original);
    if (label)
        *label = original;
    return {};
}

void relabel(QList<TestCase> &tests, const QString &prompt, bool expected)
{
    relabelByKey(tests, dedupKey(prompt), expected);
}

void relabel(QList<TestResult> &results, const QString &prompt, bool expected)
{
    relabelByKey(results, dedupKey(prompt), expected);
}

void relabel(BenchmarkScore &score, const QString &prompt, bool expected)
{
    relabelScore(score, dedupKey(prompt), expected);
}

void relabelRewrites(QList<TestResult> &rewrites, const QList<TestCase> &benchmark,
                     const QString &prompt, bool expected)
{
    relabelRewritesOf(rewrites, benchmarkIndexes(benchmark, dedupKey(prompt)), expected);
}

void applyCorrections(const RunSteering &steering, const QList<TestCase> &benchmark,
                      QList<TestCase> &rewrites)
{
    for (const LabelCorrection &c : steering.corrections) {
        if (c.response.isEmpty())
            relabelRewritesOf(rewrites, benchmarkIndexes(benchmark, dedupKey(c.prompt)), c.expectedTriggered);
    }
}

void applyCorrections(const RunSteering &steering, QList<TestCase> &tests)
{
    for (const LabelCorrection &c : steering.corrections) {
        if (c.response.isEmpty())
            relabelByKey(tests, dedupKey(c.prompt), c.expectedTriggered);
    }
}

void applyCorrections(const RunSteering &steering, QList<TestResult> &results)
{
    for (const LabelCorrection &c : steering.corrections) {
        if (c.response.isEmpty())
            relabelByKey(results, dedupKey(c.prompt), c.expectedTriggered);
    }
}

bool relabelResponse(BenchmarkScore &score, const QString &prompt, const QString &response, bool expected)
{
    const QString key = dedupKey(prompt);
    bool found = false;
    for (TestResult &r : score.results) {
        if (isResponse(r.testCase, key, response)) {
            setExpected(r, expected);
            found = true;
        }
    }
    if (found) {
        const int version = score.version;
        score = BenchmarkScore::compute(score.results, score.unstableIndexes);
        score.version = version;
    }
    return found;
}

Added addPrompts(RunState &run, QList<TestCase> tests, PromptTarget target)
{
    Added out;
    if (target == PromptTarget::Benchmark && run.benchmarkSet.isEmpty()) {
        out.error =
            u"this run has no benchmark; prompts can go to its working suite, or a new run can "
            "start with a benchmark"_s;
        return out;
    }
    QSet<QString> known;
    const auto learn = [&known](const QList<TestCase> &list) {
        for (const TestCase &t : list)
            known.insert(dedupKey(t.prompt));
    };
    learn(run.steering.addedTests);
    learn(run.steering.pendingBenchmark);
    learn(run.benchmarkSet);
    if (target == PromptTarget::Benchmark) {
        // A benchmark prompt must never have been shown to the LLM in a working suite.
        for (const IterationResult &it : std::as_const(run.iterations))
            learn(it.testCases);
        if (run.checkpoint)
            learn(run.checkpoint->accumulatedTests);
    }
    QList<TestCase> fresh;
    for (qsizetype i = 0; i < tests.size(); ++i) {
        TestCase t = tests.at(i);
        t.prompt = t.prompt.trimmed();
        if (t.prompt.isEmpty()) {
            out.error = u"prompt %1 is empty"_s.arg(i + 1);
            return out;
        }
        const QString key = dedupKey(t.prompt);
        if (known.contains(key)) {
            ++out.duplicates;
            continue;
        }
        known.insert(key);
        t.source = target == PromptTarget::Benchmark ? TestSource::Benchmark : TestSource::Added;
        fresh.append(t);
    }
    applyCorrections(run.steering, fresh);
    if (target == PromptTarget::Benchmark)
        run.steering.pendingBenchmark += fresh;
    else
        run.steering.addedTests += fresh;
    out.added = int(fresh.size());
    return out;
}

int startPendingBenchmark(RunState &run)
{
    RunSteering &s = run.steering;
    if (s.pendingBenchmark.isEmpty())
        return 0;
    if (s.benchmarkSizes.isEmpty())
        s.benchmarkSizes.append(int(run.benchmarkSet.size()));
    const int added = int(s.pendingBenchmark.size());
    run.benchmarkSet += s.pendingBenchmark;
    s.pendingBenchmark.clear();
    s.benchmarkSizes.append(int(run.benchmarkSet.size()));
    return added;
}

QStringList keepExamples(Topic &topic, const QStringList &kept, QStringList *unfit)
{
    QStringList notes;
    const auto cannot = [&notes, unfit](const QString &note) {
        notes.append(note);
        if (unfit)
            unfit->append(note);
    };
    const auto isKept = [&kept](const QString &e) {
        return kept.contains(e.trimmed());
    };
    for (const QString &raw : kept) {
        const QString example = raw.trimmed();
        if (example.isEmpty() || topic.examples.contains(example))
            continue;
        if (Utf8::size(example) > TopicLimits::ExampleBytes) {
            cannot(u"kept example %1 cannot fit: it is over %2 bytes"_s.arg(quoted(example))
                       .arg(TopicLimits::ExampleBytes));
            continue;
        }
        Topic withIt = topic;
        withIt.examples.append(example);
        if (withIt.examples.size() <= TopicLimits::MaxExamples &&
            TopicLimits::combinedBytes(withIt) <= TopicLimits::CombinedBytes) {
            topic = withIt;
            notes.append(u"kept example %1 put back"_s.arg(quoted(example)));
            continue;
        }
        // In place of the last example nobody asked to keep, when that makes it fit.
        bool placed = false;
        for (qsizetype i = topic.examples.size() - 1; i >= 0 && !placed; --i) {
            if (isKept(topic.examples.at(i)))
                continue;
            Topic swapped = topic;
            const QString dropped = swapped.examples.at(i);
            swapped.examples[i] = example;
            if (TopicLimits::combinedBytes(swapped) <= TopicLimits::CombinedBytes) {
                topic = swapped;
                notes.append(u"kept example %1 put back in place of %2"_s.arg(quoted(example),
                                                                              quoted(dropped)));
                placed = true;
            }
        }
        if (!placed)
            cannot(
                u"kept example %1 cannot fit within the AIRS limits (%2 examples, %3 bytes in all)"_s
                    .arg(quoted(example))
                    .arg(TopicLimits::MaxExamples)
                    .arg(TopicLimits::CombinedBytes));
    }
    return notes;
}

} // namespace SteeringEdits
