#pragma once

#include "domain/runusage.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

// How a run's usage reads — one place for every front end (issue 59).
//
// English forms, for the CLI, logs and reports (whatever the desktop's language):
//   "tokens 12,345 in / 2,345 out · 14 LLM calls · 300 scans · est. $0.12" (or "· cost unknown").
// The person's language, for the app's views (tr(); numbers in the locale):
//   "Tokens: 12,345 in / 3,456 out · LLM calls: 12 · Scans: 240 · Cost: ≈ $0.12".
class UsageText final
{
    Q_DECLARE_TR_FUNCTIONS(UsageText)
public:
    // --- English ---
    static QString count(qint64 n);   // 12345 -> "12,345"
    static QString money(double usd); // "$0.12"; under a cent with four decimals ("$0.0042")
    // The one-line summary above. `model` names the model in "cost unknown (no price for …)"
    // when given.
    static QString summary(const RunUsage &usage, const QString &model = {});
    // "cost unknown: no price for model X in config.json llmPrices".
    static QString costUnknownText(const QString &model);

    // --- The person's language ---
    static QString dollars(double usd);             // "$0.12"; below a cent "$0.0042"
    static QString tokens(const RunUsage &usage);   // "12,345 in / 3,456 out"
    static QString cost(const RunUsage &usage);     // "≈ $0.12", or "cost unknown"
    static QString costValue(const RunUsage &usage); // "≈ $0.12", or "unknown" (after "Cost:")
    static bool costUnknown(const RunUsage &usage); // an LLM call's model had no price
    static QString costUnknownHint();               // what to do about it (a tooltip)
    static QString labelledSummary(const RunUsage &usage); // "Tokens: … · Cost: ≈ $0.12"
    // "budget: 100,000 tokens or $2.00"; empty without a budget.
    static QString budget(std::optional<qint64> maxTokens, std::optional<double> maxCost);
};
