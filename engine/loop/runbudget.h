#pragma once

#include "config/pricetable.h"
#include "domain/runsettings.h"
#include "domain/runusage.h"
#include "llm/llmtypes.h"

#include <QString>

// The run's budget (RunSettings::maxTokens, maxCost), checked before every LLM call: the call
// goes ahead only when what the run has used plus an estimate of the call stays within it.
//
// The estimate of a call: input ≈ (system + user characters) / 4 (the common rule of thumb of
// about four characters a token in English; the JSON schema sent with the request is not
// counted); output ≈ the average output of the run's previous calls (RunUsage::outputTokens /
// llmCalls), or the request's maxTokens cap when the run has made none yet (the most it could
// take). A call whose prompt is not known in advance (learning extraction) takes the average
// input of the previous calls. The estimate is deliberately simple: a structured call's
// retries (up to 3 attempts) are not included, so a budget can be passed by at most one
// call's retries, or by a call whose answer is longer than the average.
namespace RunBudget {

struct Estimate
{
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    qint64 total() const { return inputTokens + outputTokens; }
};

Estimate estimate(const LlmRequest &request, const RunUsage &used);
Estimate estimateUnknownPrompt(const RunUsage &used, int maxTokens = LlmRequest().maxTokens);

// Empty when the call may go ahead; else the pause reason ("paused: the token budget would be
// exceeded by the next LLM call (12,400 of 15,000 tokens used; the call needs about 3,100);
// resume with a higher --max-tokens").
QString check(const RunSettings &settings, const RunUsage &used, const Estimate &next,
              const PriceTable &prices, const QString &model);

// Empty when `settings`' --max-cost can be honoured with `prices`; else a one-line message.
QString costNeedsPrice(const RunSettings &settings, const PriceTable &prices, const QString &model);

} // namespace RunBudget
