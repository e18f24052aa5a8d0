#pragma once

#include "domain/runusage.h"

#include <QCoreApplication>
#include <QLocale>
#include <QString>
#include <QStringList>

// A run's usage as the Live and Runs views show it: tokens in and out, LLM calls, scans and
// the estimated cost, or "cost unknown" when the model has no price in config.json.
// Header-only: models/ (the run list) and models/live/ both use it, and models/live links
// models/, not the other way round.
class UsageText final
{
    Q_DECLARE_TR_FUNCTIONS(UsageText)
public:
    // "$0.12"; below a cent, enough digits to see it ("$0.0042").
    static QString dollars(double usd)
    {
        const int decimals = usd > 0 && usd < 0.01 ? 4 : 2;
        return tr("$%1").arg(QLocale().toString(usd, 'f', decimals));
    }

    // "12,345 in / 3,456 out"
    static QString tokens(const RunUsage &usage)
    {
        const QLocale locale;
        return tr("%1 in / %2 out")
            .arg(locale.toString(usage.inputTokens), locale.toString(usage.outputTokens));
    }

    // "≈ $0.12", or "cost unknown" once an LLM call's model had no price.
    static QString cost(const RunUsage &usage)
    {
        if (!usage.estimatedCost && usage.llmCalls > 0)
            return tr("cost unknown");
        return tr("≈ %1").arg(dollars(usage.estimatedCost.value_or(0)));
    }
    // "≈ $0.12", or "unknown" (after "Cost:").
    static QString costValue(const RunUsage &usage)
    {
        if (costUnknown(usage))
            return tr("unknown", "cost");
        return tr("≈ %1").arg(dollars(usage.estimatedCost.value_or(0)));
    }
    static bool costUnknown(const RunUsage &usage)
    {
        return !usage.estimatedCost && usage.llmCalls > 0;
    }

    // What to do about an unknown cost (a tooltip): add the model to llmPrices.
    static QString costUnknownHint()
    {
        return tr(
            "No price for this model: add it to \"llmPrices\" in config.json, e.g. "
            "\"llmPrices\": {\"<model>\": {\"inputPerMillion\": 3, \"outputPerMillion\": 15}} "
            "(USD per million tokens).");
    }

    // "Tokens: 12,345 in / 3,456 out · LLM calls: 12 · Scans: 240 · Cost: ≈ $0.12" (or "Cost:
    // unknown")
    static QString summary(const RunUsage &usage)
    {
        return tr("Tokens: %1 · LLM calls: %2 · Scans: %3 · Cost: %4")
            .arg(tokens(usage), QLocale().toString(usage.llmCalls), QLocale().toString(usage.scans),
                 costValue(usage));
    }

    // "budget: 100,000 tokens or $2.00"; empty without a budget.
    static QString budget(std::optional<qint64> maxTokens, std::optional<double> maxCost)
    {
        QStringList parts;
        if (maxTokens)
            parts << tr("%1 tokens").arg(QLocale().toString(*maxTokens));
        if (maxCost)
            parts << dollars(*maxCost);
        return parts.isEmpty() ? QString() : tr("budget: %1").arg(parts.join(tr(" or ")));
    }
};
