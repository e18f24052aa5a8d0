#pragma once

#include "testcase.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

class JsonIn;

// block: a blacklist, the guardrail catches what matches. allow: a whitelist, only what
// matches passes.
enum class Intent { Block, Allow };
QString intentName(Intent intent);
std::optional<Intent> intentFromName(const QString &name);
// The topic-guardrails action a profile needs for the intent: the inverse of it (behaviour
// reference §2.2): block intent pins the topic in the block bucket under an "allow" guardrail.
QString guardrailActionFor(Intent intent);

// The longest request a run takes (characters): what the guardrail should detect is a few
// sentences; a longer text only reaches every prompt, the run file and the memory key (issue 41).
inline constexpr qsizetype MaxTopicDescriptionChars = 4000;

inline constexpr int MaxResponseTests = 400;
inline constexpr int MaxRobustnessSample = 200;

// The run's settings; stored as `userInput` in run files, with the original's field names.
struct RunSettings
{
    QString topicDescription; // also the memory key
    Intent intent = Intent::Block;
    QStringList seedExamples;
    QString profileName;
    int maxIterations = 20;
    double targetCoverage = 0.9;
    int maxRegressions = 3; // 0 = no early stop
    int plateauWindow = 0;  // 0 = off
    double plateauBand = 0.05;
    bool accumulateTests = false;
    std::optional<int> maxAccumulatedTests; // applies whenever set
    bool createPromptSet = false;
    QString promptSetName;           // empty = automatic
    std::optional<double> scanRate;  // scans per second; unset = unlimited
    std::optional<int> scanConcurrency;
    // Ours: labelled prompts imported from CSV, scanned every iteration instead of asking the
    // LLM for tests (the failures of each iteration are still carried as usual).
    QList<TestCase> fixedTests;
    // Ours: deploy and scan on the production profile itself (restored when the run ends)
    // instead of a scratch copy, for tenants that refuse to create profiles.
    bool inPlace = false;
    // Ours: production topics left out of the run's profile (a profile holds at most 20).
    QStringList leaveOut;
    // Ours: the held-out benchmark every iteration is also scored on. `benchmarkTests` (from a
    // labelled CSV) is used as it is; else the LLM writes `benchmarkSize` prompts once at the
    // start (0: no benchmark, as in runs made before it existed).
    int benchmarkSize = 60;
    QList<TestCase> benchmarkTests;
    bool decideOnWorkingSuite = false; // best, revert, plateau and target on the working suite
    int scanRepeats = 1;               // scans of each benchmark prompt per iteration (stability)
    // Ours: earlier passing tests carried into the working suite without accumulation, so
    // regressions are seen (0 in runs made before it existed).
    int regressionSample = 10;
    // Ours: the budget. The run pauses before an LLM call that would take it past either
    // (tokens in + out over the whole run; estimated USD, which needs a price for the model).
    std::optional<qint64> maxTokens;
    std::optional<double> maxCost;
    // Ours: the language the LLM writes what a person reads (the analysis, the learnings) in,
    // as an ISO 639 code ("de"); empty = English, the original's prompts word for word. The
    // topic itself keeps the language of the request.
    QString notesLanguage;
    // Issue 43, ours. Response tests: the LLM writes this many labelled prompt+response pairs
    // once at the start (half of them expected to trigger), scanned every iteration with the
    // benchmark and judged on the response side (0 = none). Block intent only.
    int responseTests = 0;
    // The decision figure: the prompt side alone (false), or, with response tests, the minimum
    // of the prompt side's and the response side's coverage ("both").
    bool decideOnBothDirections = false;
    // Robustness: rewrite families (Robustness::defaultFamilies() names) applied to a sample of
    // the benchmark and scanned every iteration; never in the decision figures. Empty = off.
    QStringList robustnessFamilies;
    int robustnessSample = 20; // benchmark prompts rewritten, half positive where possible

    QJsonObject toJson() const;
    static RunSettings fromJson(const JsonIn &in);

    friend bool operator==(const RunSettings &, const RunSettings &) = default;
};
