#pragma once

#include "domain/runusage.h"

#include <QString>

// How usage reads in the CLI, reports and views: "tokens 12,345 in / 2,345 out · 14 LLM calls ·
// 300 scans · est. $0.12" (or "· cost unknown"). English only, like the engine.
namespace UsageText {

QString count(qint64 n);   // 12345 -> "12,345"
QString money(double usd); // "$0.12"; under a cent with four decimals ("$0.0042")
// The one-line summary above. `model` names the model in "cost unknown (no price for …)" when
// given.
QString summary(const RunUsage &usage, const QString &model = {});
// "cost unknown: no price for model X in config.json llmPrices".
QString costUnknown(const QString &model);

} // namespace UsageText
