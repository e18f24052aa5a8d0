#pragma once

#include <QJsonObject>
#include <QStringList>

// The one place a run file's numbers are checked when it is loaded (RunState::fromJson calls
// it): a file whose numbers the loop would trust blindly (nextIteration 2147483647, iteration
// numbers out of order, maxIterations 100000, a NaN rate) is refused with a message naming the
// field, its value and what is allowed ("checkpoint.nextIteration is 2147483647; expected 1-4").
// The check reads the raw JSON, so values that would overflow an int are seen as written.
namespace RunFileCheck {

// maxIterations: the CLI takes 1-100; each resume may add up to 100 more.
inline constexpr int MaxIterations = 1000;
// Test lists stored in a run (benchmark set, accumulated suite, imported prompts).
inline constexpr int MaxTests = 100000;
// The budget a run may be given (userInput.maxTokens, userInput.maxCost; the CLI's
// --max-tokens and --max-cost): at least 1 token / more than $0, at most these.
inline constexpr qint64 MaxBudgetTokens = 1000000000000LL; // 10^12
inline constexpr double MaxBudgetCost = 1000000.0;           // USD
// Usage counters in a run file (tokens, calls, scans) are whole numbers from 0 to this.
inline constexpr double MaxUsageCount = 1e15;

// Appends one message per problem to `errors`; `run` is the whole run-file object.
void check(const QJsonObject &run, QStringList *errors);

} // namespace RunFileCheck
