#include "runreport.h"

#include "domain/decision.h"
#include "domain/labelledcsv.h"

#include "domain/format.h"
#include "domain/jsonin.h"
#include "domain/redaction.h"
#include "domain/robustness.h"
#include "reports/usagetext.h"

#include <QJsonArray>
#include <QTextStream>

using namespace Qt::StringLiterals;

const IterationResult *RunReport::chosenIteration(const RunState &run, int iteration,
                                                  QString *error)
{
    if (run.iterations.isEmpty()) {
        if (error)
            *error = u"run %1 has no recorded iterations yet"_s.arg(run.id);
        return nullptr;
    }
    const IterationResult *it = iteration > 0 ? run.iterationByNumber(iteration) : run.bestResult();
    if (!it && error) {
        QStringList numbers;
        for (const IterationResult &r : run.iterations)
            numbers.append(QString::number(r.iteration));
        *error = u"run %1 has no iteration %2 (recorded: %3)"_s.arg(run.id).arg(iteration).arg(
            numbers.join(u", "_s));
    }
    return it;
}

// The run's usage: the total, each recorded iteration, and what was used outside them.
static void usageText(QTextStream &s, const RunState &run)
{
    const RunSettings &in = run.userInput;
    if (in.maxTokens || in.maxCost) {
        QStringList budget;
        if (in.maxTokens)
            budget.append(UsageText::count(*in.maxTokens) + u" tokens"_s);
        if (in.maxCost)
            budget.append(UsageText::money(*in.maxCost));
        s << "  Budget:      " << budget.join(u", "_s) << '\n';
    }
    if (run.usage.isEmpty()) {
        if (!run.iterations.isEmpty())
            s << "  Usage:       not recorded (the run was made before usage was kept)\n";
        return;
    }
    s << "  Usage:       " << UsageText::summary(run.usage) << '\n';
    RunUsage inside;
    for (const IterationResult &it : run.iterations) {
        s << "    " << u"#%1"_s.arg(it.iteration).leftJustified(9) << UsageText::summary(it.usage) << '\n';
        inside += it.usage;
    }
    const RunUsage outside = run.usage - inside;
    if (!outside.isEmpty() && !run.iterations.isEmpty())
        s << "    outside  " << UsageText::summary(outside)
          << " (benchmark set, recovery, skipped duplicates, learnings, unfinished iteration)\n";
}

static QString joinOrNone(const QStringList &items)
{
    return items.isEmpty() ? u"none"_s : items.join(u"; "_s);
}

// The prompts of `results` AIRS gave no verdict for, each with why (issue 41).
static void notScannedText(QTextStream &s, const QList<TestResult> &results, const QString &suite)
{
    QList<const TestResult *> missing;
    for (const TestResult &r : results) {
        if (!r.counts())
            missing.append(&r);
    }
    if (missing.isEmpty())
        return;
    s << "  Not scanned (" << suite << ", " << missing.size() << " of " << results.size()
      << ", in no figure above):\n";
    for (const TestResult *r : std::as_const(missing))
        s << "    " << r->testCase.prompt << "  [" << Redaction::apply(r->notScannedReason) << "]\n";
}

QString RunReport::text(const RunState &run, const Options &options)
{
    QString out;
    QTextStream s(&out);
    const RunSettings &in = run.userInput;
    s << "Run " << run.id << " (" << runStatusName(run.status) << ")\n";
    s << "  Topic:       " << in.topicDescription << '\n';
    s << "  Intent:      " << intentName(in.intent) << "    Profile: " << in.profileName << '\n';
    s << "  Created:     " << toIsoString(run.createdAt) << "    Updated: "
      << toIsoString(run.updatedAt) << '\n';
    s << "  Iterations:  " << run.iterations.size() << " recorded, best #" << run.bestIteration
      << " at " << Format::percent(run.bestCoverage)
      << (in.decideOnBothDirections && run.bestResult() && run.bestResult()->responses ? " (weaker direction)"
          : run.bestResult() && run.bestResult()->benchmark && !in.decideOnWorkingSuite ? " benchmark" : "")
      << " coverage (target "
      << Format::percent(in.targetCoverage) << ")\n";
    if (!run.stopReason.isEmpty())
        s << "  Stopped:     " << Redaction::apply(run.stopReason) << '\n'; // files written before redaction
    if (!run.iterations.isEmpty()) // what the loop decided (issue 56), as recorded
        s << "  Decision:    " << Decision::recordOf(run).why << '\n';
    usageText(s, run);
    int notScanned = 0, iterationsMissing = 0;
    for (const IterationResult &i : run.iterations) {
        const int n = i.metrics.notScanned + (i.benchmark ? i.benchmark->metrics.notScanned : 0);
        notScanned += n;
        iterationsMissing += n > 0;
    }
    if (notScanned > 0)
        s << "  Not scanned: " << notScanned << " prompt(s) in " << iterationsMissing
          << " iteration(s): AIRS gave no verdict, so they are in no figure\n";
    const RunSteering &st = run.steering;
    if (!st.corrections.isEmpty() || !st.hints.isEmpty() || !st.addedTests.isEmpty() || !st.keptExamples.isEmpty()
        || st.benchmarkVersion() > 1) {
        // What a person changed: figures here already reflect corrected labels.
        s << "  Steered:     " << st.corrections.size() << " label(s) corrected, " << st.hints.size() << " hint(s), "
          << st.addedTests.size() << " prompt(s) added, " << st.keptExamples.size() << " example(s) kept";
        if (st.benchmarkVersion() > 1)
            s << ", benchmark version " << st.benchmarkVersion() << " (" << st.benchmarkSizes.last() << " prompts)";
        s << '\n';
        for (const LabelCorrection &c : st.corrections)
            s << "    corrected: \"" << c.prompt << "\" " << (c.expectedTriggered ? "should trigger" : "should not trigger")
              << '\n';
    }

    QString error;
    const IterationResult *it = chosenIteration(run, options.iteration, &error);
    if (!it) {
        s << '\n' << error << '\n';
        return out;
    }
    const EfficacyMetrics &m = it->metrics;
    s << "\nIteration " << it->iteration << (it->iteration == run.bestIteration ? " (best)" : "")
      << ", " << QString::number(it->durationMs / 1000.0, 'f', 1) << " s\n";
    s << "  Name:        " << it->topic.name << '\n';
    s << "  Description: " << it->topic.description << '\n';
    for (qsizetype i = 0; i < it->topic.examples.size(); ++i)
        s << "  Example " << (i + 1) << ":   " << it->topic.examples.at(i) << '\n';
    if (it->benchmark) {
        const EfficacyMetrics &b = it->benchmark->metrics;
        const MetricIntervals bi = MetricIntervals::of(b);
        s << "\n  Benchmark (" << it->benchmark->results.size() << " held-out prompts";
        if (it->benchmark->version > 1)
            s << ", version " << it->benchmark->version;
        if (!it->benchmark->unstableIndexes.isEmpty())
            s << ", " << it->benchmark->unstableIndexes.size() << " unstable, left out";
        s << ", 95 % intervals):\n";
        s << "  Coverage " << Format::withInterval(b.coverage, bi.coverage) << "  TPR " << Format::withInterval(b.truePositiveRate, bi.truePositiveRate)
          << "  TNR " << Format::withInterval(b.trueNegativeRate, bi.trueNegativeRate) << "  Accuracy "
          << Format::withInterval(b.accuracy, bi.accuracy) << '\n';
        s << "  TP " << b.truePositives << "  TN " << b.trueNegatives << "  FP " << b.falsePositives << "  FN "
          << b.falseNegatives << '\n';
        notScannedText(s, it->benchmark->results, u"benchmark"_s);
        s << "\n  Working suite (" << m.total() + m.notScanned << " prompts";
        if (m.notScanned > 0)
            s << ", " << m.notScanned << " not scanned";
        s << "):";
    }
    // Intervals only for runs with a benchmark: older runs show exactly the figures they had.
    const MetricIntervals mi = run.benchmarkSet.isEmpty() ? MetricIntervals{} : MetricIntervals::of(m);
    s << "\n  Coverage " << Format::withInterval(m.coverage, mi.coverage) << "  TPR " << Format::withInterval(m.truePositiveRate, mi.truePositiveRate)
      << "  TNR " << Format::withInterval(m.trueNegativeRate, mi.trueNegativeRate) << "  Accuracy "
      << Format::withInterval(m.accuracy, mi.accuracy) << "  F1 " << Format::percent(m.f1Score) << '\n';
    s << "  TP " << m.truePositives << "  TN " << m.trueNegatives << "  FP " << m.falsePositives
      << "  FN " << m.falseNegatives << "  Regressions " << m.regressionCount << '\n';
    notScannedText(s, it->testResults, u"working suite"_s);
    if (it->responses) {
        const EfficacyMetrics &r = it->responses->metrics;
        const MetricIntervals ri = MetricIntervals::of(r);
        s << "\n  Responses (" << it->responses->results.size() << " prompt+response pairs, judged on the response side"
          << (in.decideOnBothDirections ? "; the decision takes the weaker direction" : "") << ", 95 % intervals):\n";
        s << "  Coverage " << Format::withInterval(r.coverage, ri.coverage) << "  TPR "
          << Format::withInterval(r.truePositiveRate, ri.truePositiveRate) << "  TNR "
          << Format::withInterval(r.trueNegativeRate, ri.trueNegativeRate) << '\n';
        s << "  TP " << r.truePositives << "  TN " << r.trueNegatives << "  FP " << r.falsePositives << "  FN "
          << r.falseNegatives << '\n';
        notScannedText(s, it->responses->results, u"response tests"_s);
    }
    if (!it->robustness.isEmpty()) {
        const QList<Robustness::Row> rows = Robustness::table(*it, in.robustnessFamilies);
        s << "\n  Robustness (coverage kept under each rewrite of " << rows.first().metrics.total()
          << " benchmark prompts; not in the decision):\n";
        for (const QString &l : Robustness::tableLines(rows))
            s << "  " << l << '\n';
    }
    s << "\n  Summary:     " << it->analysis.summary << '\n';
    s << "  FP patterns: " << joinOrNone(it->analysis.falsePositivePatterns) << '\n';
    s << "  FN patterns: " << joinOrNone(it->analysis.falseNegativePatterns) << '\n';
    s << "  Suggestions: " << joinOrNone(it->analysis.suggestions) << '\n';
    if (options.includeTests) {
        s << "\n  Tests:\n";
        // The app's words: expected and actual "triggered" / "not triggered", the result
        // "correct" / "wrong" (and which kind of wrong).
        const auto triggered = [](bool on) { return on ? u"triggered"_s : u"not triggered"_s; };
        for (const TestResult &r : it->testResults) {
            const QString result = !r.counts() ? u"– not scanned"_s
                                   : r.correct ? u"✓ correct"_s
                                             : (r.testCase.expectedTriggered ? u"✗ wrong (false negative)"_s
                                                                             : u"✗ wrong (false positive)"_s);
            s << "  " << result.leftJustified(25) << " expected " << triggered(r.testCase.expectedTriggered).leftJustified(13)
              << "  actual " << (r.counts() ? triggered(r.actualTriggered) : u"no verdict"_s).leftJustified(13) << "  " << r.testCase.prompt << "  ["
              << r.testCase.category << ", " << testSourceName(r.testCase.source) << "]\n";
        }
    }
    return out;
}

static QJsonArray resultsJson(const QList<TestResult> &results)
{
    QJsonArray tests;
    for (const TestResult &r : results) {
        tests.append(QJsonObject{{u"prompt"_s, r.testCase.prompt},
                                 {u"expectedTriggered"_s, r.testCase.expectedTriggered},
                                 {u"actualTriggered"_s, r.actualTriggered},
                                 {u"correct"_s, r.correct},
                                 {u"category"_s, r.testCase.category},
                                 {u"source"_s, testSourceName(r.testCase.source)},
                                 {u"scanAction"_s, r.scanAction}});
        if (r.testCase.isResponseTest() || !r.testCase.rewrite.isEmpty()) {
            QJsonObject o = tests.last().toObject();
            if (r.testCase.isResponseTest())
                o.insert(u"response"_s, r.testCase.response);
            if (!r.testCase.rewrite.isEmpty())
                o.insert(u"rewrite"_s, r.testCase.rewrite);
            tests[tests.size() - 1] = o;
        }
        if (!r.counts()) {
            QJsonObject o = tests.last().toObject();
            o.insert(u"correct"_s, QJsonValue());
            o.insert(u"actualTriggered"_s, QJsonValue());
            o.insert(u"notScanned"_s, Redaction::apply(r.notScannedReason));
            tests[tests.size() - 1] = o;
        }
    }
    return tests;
}

// A rate, or null when no prompt of its label was scanned.
static QJsonValue rateJson(double rate, int n)
{
    return n > 0 ? QJsonValue(rate) : QJsonValue();
}

// Coverage, min(TPR, TNR), or null when either class has no scanned prompt (issue 56): there
// is no minimum to take then, and 0 would read as a topic that catches nothing.
static QJsonValue coverageJson(const EfficacyMetrics &m)
{
    const int positives = m.truePositives + m.falseNegatives, negatives = m.trueNegatives + m.falsePositives;
    return positives > 0 && negatives > 0 ? QJsonValue(m.coverage) : QJsonValue();
}

static QJsonObject directionJson(const BenchmarkScore &score, bool includeTests)
{
    const EfficacyMetrics &m = score.metrics;
    QJsonObject o{{u"tpr"_s, rateJson(m.truePositiveRate, m.truePositives + m.falseNegatives)},
                  {u"tnr"_s, rateJson(m.trueNegativeRate, m.trueNegatives + m.falsePositives)},
                  {u"coverage"_s, coverageJson(m)},
                  {u"n"_s, m.total()},
                  {u"intervals"_s, MetricIntervals::of(m).toJson()},
                  {u"metrics"_s, m.toJson()}};
    if (includeTests)
        o.insert(u"results"_s, resultsJson(score.results));
    return o;
}

// One row of the robustness table. n, notScanned and notRewritten add up to the as-written
// row's prompts (issue 56): a family's smaller n says why.
static QJsonObject robustnessRowJson(const Robustness::Row &row)
{
    const EfficacyMetrics &m = row.metrics;
    const int positives = m.truePositives + m.falseNegatives, negatives = m.trueNegatives + m.falsePositives;
    QJsonObject o{{u"family"_s, row.family},
                  {u"tpr"_s, rateJson(m.truePositiveRate, positives)},
                  {u"tnr"_s, rateJson(m.trueNegativeRate, negatives)},
                  {u"coverage"_s, coverageJson(m)},
                  {u"n"_s, m.total()},
                  {u"positives"_s, positives},
                  {u"negatives"_s, negatives},
                  {u"notScanned"_s, m.notScanned},
                  {u"notRewritten"_s, row.notRewritten}};
    if (row.notRewritten > 0)
        o.insert(u"notRewrittenReason"_s, Robustness::notRewrittenReason(row.family));
    return o;
}

static QJsonObject iterationJson(const IterationResult &it, bool includeTests, bool intervals, const QStringList &families)
{
    QJsonObject o{{u"iteration"_s, it.iteration},
                  {u"timestamp"_s, toIsoString(it.timestamp)},
                  {u"durationMs"_s, it.durationMs},
                  {u"topic"_s, it.topic.toJson()},
                  {u"metrics"_s, it.metrics.toJson()},
                  {u"analysis"_s, it.analysis.toJson()}};
    if (intervals)
        o.insert(u"intervals"_s, MetricIntervals::of(it.metrics).toJson());
    if (it.benchmark) {
        QJsonArray unstable;
        for (int i : it.benchmark->unstableIndexes)
            unstable.append(i);
        o.insert(u"benchmark"_s, QJsonObject{{u"metrics"_s, it.benchmark->metrics.toJson()},
                                             {u"intervals"_s, MetricIntervals::of(it.benchmark->metrics).toJson()},
                                             {u"unstable"_s, unstable},
                                             {u"results"_s, resultsJson(it.benchmark->results)}});
    }
    if (it.responses) // the response side (issue 43), judged on response_detected
        o.insert(u"responseMetrics"_s, directionJson(*it.responses, includeTests));
    if (!it.robustness.isEmpty()) {
        QJsonArray rows;
        for (const Robustness::Row &row : Robustness::table(it, families))
            rows.append(robustnessRowJson(row));
        o.insert(u"robustness"_s, rows);
        if (includeTests)
            o.insert(u"robustnessTests"_s, resultsJson(it.robustness));
    }
    if (includeTests)
        o.insert(u"tests"_s, resultsJson(it.testResults));
    QJsonArray notScanned; // named whether or not the tests are included
    for (const TestResult &r : it.testResults) {
        if (!r.counts())
            notScanned.append(QJsonObject{{u"prompt"_s, r.testCase.prompt}, {u"reason"_s, Redaction::apply(r.notScannedReason)}});
    }
    if (it.benchmark) {
        for (const TestResult &r : it.benchmark->results) {
            if (!r.counts())
                notScanned.append(QJsonObject{{u"prompt"_s, r.testCase.prompt},
                                              {u"reason"_s, Redaction::apply(r.notScannedReason)},
                                              {u"benchmark"_s, true}});
        }
    }
    if (!notScanned.isEmpty())
        o.insert(u"notScanned"_s, notScanned);
    o.insert(u"usage"_s, it.usage.toJson()); // zero in runs made before usage was kept
    return o;
}

QJsonObject RunReport::json(const RunState &run, const Options &options, const QDateTime &generatedAt)
{
    const QJsonObject header{{u"id"_s, run.id},
                             {u"createdAt"_s, toIsoString(run.createdAt)},
                             {u"status"_s, runStatusName(run.status)},
                             {u"intent"_s, intentName(run.userInput.intent)},
                             {u"topicDescription"_s, run.userInput.topicDescription},
                             {u"profileName"_s, run.userInput.profileName},
                             {u"bestIteration"_s, run.bestIteration},
                             {u"bestCoverage"_s, run.bestCoverage},
                             {u"totalIterations"_s, run.iterations.size()},
                             {u"usage"_s, run.usage.toJson()}};
    QJsonObject runJson = header;
    if (run.userInput.maxTokens)
        runJson.insert(u"maxTokens"_s, *run.userInput.maxTokens);
    if (run.userInput.maxCost)
        runJson.insert(u"maxCost"_s, *run.userInput.maxCost);
    // How the run decides (issue 43): "prompt", or "both" (the weaker direction's coverage).
    runJson.insert(u"decideOnDirections"_s, run.userInput.decideOnBothDirections ? u"both"_s : u"prompt"_s);
    // What the loop decided (issue 56): the record in the run file, or computed for older files.
    runJson.insert(u"decision"_s, Decision::recordOf(run).toJson());
    if (run.userInput.responseTests > 0)
        runJson.insert(u"responseTests"_s, run.userInput.responseTests);
    if (!run.userInput.robustnessFamilies.isEmpty())
        runJson.insert(u"robustnessFamilies"_s, QJsonArray::fromStringList(run.userInput.robustnessFamilies));
    QJsonArray iterations;
    for (const IterationResult &it : run.iterations) {
        if (options.iteration == 0 || it.iteration == options.iteration)
            iterations.append(iterationJson(it, options.includeTests, !run.benchmarkSet.isEmpty(), run.userInput.robustnessFamilies));
    }
    return QJsonObject{{u"version"_s, 1},
                       {u"generatedAt"_s, toIsoString(generatedAt)},
                       {u"run"_s, runJson},
                       {u"iterations"_s, iterations}};
}

QString RunReport::testsCsv(const IterationResult &iteration)
{
    // Quoted, and never a formula in a spreadsheet (issue 41): prompts come from an LLM.
    const auto quoted = [](const QString &text) { return LabelledCsv::textCell(text); };
    auto flag = [](bool b) -> QString { return b ? u"true"_s : u"false"_s; };
    QStringList lines{u"prompt,expected_triggered,category,source,actual_triggered,correct"_s};
    for (const TestResult &r : iteration.testResults) {
        const QStringList fields{quoted(r.testCase.prompt), flag(r.testCase.expectedTriggered),
                                 quoted(r.testCase.category), testSourceName(r.testCase.source),
                                 r.counts() ? flag(r.actualTriggered) : u"not scanned"_s,
                                 r.counts() ? flag(r.correct) : QString()};
        lines.append(fields.join(u','));
    }
    return lines.join(u'\n');
}
