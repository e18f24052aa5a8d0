#pragma once

#include "domain/analysisreport.h"
#include "domain/categorybreakdown.h"
#include "domain/efficacymetrics.h"
#include "domain/iterationresult.h"
#include "domain/runsettings.h"
#include "domain/testcase.h"
#include "domain/testresult.h"
#include "domain/topic.h"

#include <QJsonObject>
#include <QLatin1StringView>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// One structured LLM request: a system message, one user message and the JSON Schema of the
// object the model must return. Providers send it; they never edit the text.
struct LlmPrompt
{
    QString callName; // generate_topic | generate_companion | generate_tests | analyze_results |
                      // improve_topic | simplify_topic | extract_learnings (also the schema name)
    QString system;   // the memory section, when given, is appended at the END (five calls only)
    QString user;
    QJsonObject schema; // draft-07 subset; every object closed and fully required (strict mode)
    bool returnsTopic = false; // generate_topic, generate_companion, improve_topic, simplify_topic
};

// The seven calls of the refinement loop (behaviour reference §3.2/§3.3), with §6 item 7 fixed:
// improve_topic labels its metrics with the iteration they were measured in, and
// simplify_topic shows the current coverage and the best one separately and uses the best
// iteration's analysis. Each call lives in its own file, next to its schema and parser.
namespace PromptBook {

namespace CallName {
inline constexpr QLatin1StringView GenerateTopic("generate_topic");
inline constexpr QLatin1StringView GenerateCompanion("generate_companion");
inline constexpr QLatin1StringView GenerateTests("generate_tests");
inline constexpr QLatin1StringView AnalyzeResults("analyze_results");
inline constexpr QLatin1StringView ImproveTopic("improve_topic");
inline constexpr QLatin1StringView SimplifyTopic("simplify_topic");
inline constexpr QLatin1StringView ExtractLearnings("extract_learnings");
inline constexpr QLatin1StringView GenerateBenchmark("generate_benchmark");
inline constexpr QLatin1StringView GenerateResponses("generate_responses");
inline constexpr QLatin1StringView RewritePrompts("rewrite_prompts");
} // namespace CallName
// All ten, in loop order; the original's seven first, then ours: the benchmark, the response
// tests and the robustness rewrites (issue 43).
QStringList callNames();

struct BestContext
{
    int iteration = 0;
    double coverage = 0;
    Topic topic;
    EfficacyMetrics metrics;
    AnalysisReport analysis;
};
// What the person steering a run asks of the next proposal (step mode).
struct Guidance
{
    QString hint;
    std::optional<Topic> rejected; // the proposal they turned down
    QStringList keptExamples;
};
struct GenerateTopicInput
{
    QString description;
    Intent intent = Intent::Block;
    QStringList seeds;
    QString memory;
    Guidance guidance;
};
struct CompanionInput
{
    QString blockName;
    QString blockDescription;
};
struct BenchmarkInput
{
    QString description; // the run's topic description: the benchmark never sees a topic
    Intent intent = Intent::Block;
    QStringList seeds;
    int size = 60;
};
// The response tests (issue 43): `count` prompt+response pairs, half expected to trigger.
struct ResponsesInput
{
    QString description;
    Intent intent = Intent::Block;
    int count = 0;
};
// The robustness rewrites (issue 43): the sampled benchmark prompts, and the LLM families
// (paraphrase, split, translation-<code>) to write for each.
struct RewriteInput
{
    QList<TestCase> prompts;
    QStringList families;
};
struct TestsInput
{
    Topic topic;
    Intent intent = Intent::Block;
    QList<CategoryBreakdown> breakdown; // empty on iteration 1
    QString memory;
    QList<TestCase> corrected; // labels the person corrected, with the label in force
};
struct AnalyzeInput
{
    Topic topic;
    QList<TestResult> results;
    EfficacyMetrics metrics;
    Intent intent = Intent::Block;
    QString memory;
    QString notesLanguage; // RunSettings::notesLanguage
};
struct ImproveInput
{
    Topic current;
    int fromIteration = 0; // the recorded iteration the metrics come from
    int nextIteration = 0;
    EfficacyMetrics metrics;
    AnalysisReport analysis;
    QList<TestResult> results;
    double target = 0.9;
    Intent intent = Intent::Block;
    std::optional<BestContext> best;
    QString memory;
    Guidance guidance;
};
struct SimplifyInput
{
    Topic current;
    EfficacyMetrics currentMetrics;
    BestContext best;
    Intent intent = Intent::Block;
    QString memory;
    Guidance guidance;
};
struct ExtractInput
{
    QString description;
    Intent intent = Intent::Block;
    QList<IterationResult> iterations;
    int bestIteration = 0;
    double bestCoverage = 0;
    QString notesLanguage; // RunSettings::notesLanguage
};

LlmPrompt generateTopic(const GenerateTopicInput &);
LlmPrompt generateCompanion(const CompanionInput &);
LlmPrompt generateTests(const TestsInput &);
LlmPrompt generateBenchmark(const BenchmarkInput &);
LlmPrompt generateResponses(const ResponsesInput &);
LlmPrompt rewritePrompts(const RewriteInput &);
LlmPrompt analyzeResults(const AnalyzeInput &);
LlmPrompt improveTopic(const ImproveInput &);
LlmPrompt simplifyTopic(const SimplifyInput &);
LlmPrompt extractLearnings(const ExtractInput &);

QString historyText(const QList<IterationResult> &iterations); // behaviour reference §4.4

// Output schemas (also reachable through each LlmPrompt).
QJsonObject topicSchema();      // generate_topic, generate_companion, improve_topic, simplify_topic
QJsonObject testsSchema();      // generate_tests, generate_benchmark
QJsonObject analysisSchema();   // analyze_results
QJsonObject extractionSchema(); // extract_learnings
QJsonObject responsesSchema();  // generate_responses
QJsonObject rewritesSchema();   // rewrite_prompts

// Output parsing. The object has already been validated against the schema by the caller;
// strings are trimmed and blank list entries dropped.
Topic topicFromJson(const QJsonObject &); // name, description, examples; clamp before use
// Positives, then negatives, source Generated. Each item's own expectedTriggered is trusted,
// even when it contradicts the list it came in (§3.3); items with a blank prompt are dropped.
QList<TestCase> testsFromJson(const QJsonObject &);
// At most `size` distinct prompts, half of them positive where the answer allows, source
// Benchmark. testsProblems() tells whether both labels are present.
QList<TestCase> benchmarkFromJson(const QJsonObject &, int size);
// At most `count` pairs, half positive where the answer allows, each response once, source
// Benchmark; a pair with a blank side or a side over 2 MiB of UTF-8 is dropped.
QList<TestCase> responsesFromJson(const QJsonObject &, int count);
// The rewrites, each a copy of its prompt's test with the new text and TestCase::rewrite set;
// see rewritepromptsprompt.cpp for what is dropped. `rewriteId(i)` names prompt i ("p1"…).
QList<TestCase> rewritesFromJson(const QJsonObject &, const RewriteInput &);
QString rewriteId(qsizetype position);
AnalysisReport analysisFromJson(const QJsonObject &);
struct ExtractedLearning
{
    QString insight, strategy, outcome, changeType;
    QStringList tags;
    int iteration = 0; // the iteration the learning describes; 0 = not said
    bool intentNeutral = false;
};
struct Extraction
{
    QList<ExtractedLearning> learnings;
    QStringList antiPatterns;
};
Extraction extractionFromJson(const QJsonObject &);

// Meaning checks a schema cannot express (§6 item 16): an empty list means the output is
// usable; otherwise each entry says what is wrong, for a retry or an error message.
QStringList testsProblems(const QList<TestCase> &tests);
QStringList analysisProblems(const AnalysisReport &analysis);

} // namespace PromptBook
