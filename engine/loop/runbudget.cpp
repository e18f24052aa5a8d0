#include "runbudget.h"

#include "reports/usagetext.h"

using namespace Qt::StringLiterals;

namespace {
qint64 averageOutput(const RunUsage &used, int cap)
{
    if (used.llmCalls <= 0)
        return cap;
    return (used.outputTokens + used.llmCalls - 1) / used.llmCalls;
}
} // namespace

RunBudget::Estimate RunBudget::estimate(const LlmRequest &request, const RunUsage &used)
{
    Estimate e;
    e.inputTokens = (qint64(request.system.size()) + request.user.size() + 3) / 4;
    e.outputTokens = averageOutput(used, request.maxTokens);
    return e;
}

RunBudget::Estimate RunBudget::estimateUnknownPrompt(const RunUsage &used, int maxTokens)
{
    Estimate e;
    e.inputTokens = used.llmCalls > 0 ? (used.inputTokens + used.llmCalls - 1) / used.llmCalls : 0;
    e.outputTokens = averageOutput(used, maxTokens);
    return e;
}

QString RunBudget::costNeedsPrice(const RunSettings &settings, const PriceTable &prices,
                                  const QString &model)
{
    if (!settings.maxCost || prices.has(model))
        return {};
    return u"--max-cost needs a price for the model: add \"%1\": {\"inputPerMillion\": N, "
           u"\"outputPerMillion\": N} "
           "to llmPrices in config.json, or use --max-tokens"_s.arg(model);
}

QString RunBudget::check(const RunSettings &settings, const RunUsage &used, const Estimate &next,
                         const PriceTable &prices, const QString &model)
{
    if (settings.maxTokens && used.totalTokens() + next.total() > *settings.maxTokens) {
        return u"paused: the token budget would be exceeded by the next LLM call (%1 of %2 tokens "
               u"used; the call "
               "needs about %3); resume with a higher --max-tokens"_s.arg(
                   UsageText::count(used.totalTokens()), UsageText::count(*settings.maxTokens),
                   UsageText::count(next.total()));
    }
    if (!settings.maxCost)
        return {};
    const std::optional<double> nextCost =
        prices.cost(model, LlmUsage{next.inputTokens, next.outputTokens});
    if (!nextCost) // no price (the config changed since the start): the budget cannot be kept
        return u"paused: the cost budget cannot be checked: no price for model %1 in config.json "
               u"llmPrices; add one, "
               "or resume with --max-tokens instead"_s.arg(model);
    // Calls made before the model had a price have no cost: the known part is what counts.
    const double spent = used.estimatedCost.value_or(0);
    if (spent + *nextCost > *settings.maxCost) {
        return u"paused: the cost budget would be exceeded by the next LLM call (%1 of %2 spent; "
               u"the call needs "
               "about %3); resume with a higher --max-cost"_s.arg(
                   UsageText::money(spent), UsageText::money(*settings.maxCost),
                   UsageText::money(*nextCost));
    }
    return {};
}
