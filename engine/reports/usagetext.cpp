#include "usagetext.h"

#include <QLocale>
#include <QStringList>

#include <cmath>

using namespace Qt::StringLiterals;

QString UsageText::count(qint64 n)
{
    static const QLocale english(QLocale::English, QLocale::UnitedStates);
    return english.toString(n);
}

QString UsageText::money(double usd)
{
    const double v = std::isfinite(usd) ? usd : 0;
    if (v > 0 && v < 0.01)
        return u"$"_s + QString::number(v, 'f', 4);
    static const QLocale english(QLocale::English, QLocale::UnitedStates);
    return u"$"_s + english.toString(v, 'f', 2);
}

QString UsageText::costUnknownText(const QString &model)
{
    if (model.isEmpty())
        return u"cost unknown"_s;
    return u"cost unknown: no price for model %1 in config.json llmPrices"_s.arg(model);
}

QString UsageText::summary(const RunUsage &usage, const QString &model)
{
    QString s = u"tokens %1 in / %2 out · %3 LLM call%4 · %5 scan%6"_s.arg(
        count(usage.inputTokens), count(usage.outputTokens), count(usage.llmCalls),
        usage.llmCalls == 1 ? QString() : u"s"_s, count(usage.scans),
        usage.scans == 1 ? QString() : u"s"_s);
    if (usage.estimatedCost)
        s += u" · est. "_s + money(*usage.estimatedCost);
    else if (usage.llmCalls > 0)
        s += u" · "_s + costUnknownText(model);
    return s;
}

QString UsageText::dollars(double usd)
{
    const double v = std::isfinite(usd) ? usd : 0;
    const int decimals = v > 0 && v < 0.01 ? 4 : 2;
    return tr("$%1").arg(QLocale().toString(v, 'f', decimals));
}

QString UsageText::tokens(const RunUsage &usage)
{
    const QLocale locale;
    return tr("%1 in / %2 out").arg(locale.toString(usage.inputTokens), locale.toString(usage.outputTokens));
}

bool UsageText::costUnknown(const RunUsage &usage)
{
    return !usage.estimatedCost && usage.llmCalls > 0;
}

QString UsageText::cost(const RunUsage &usage)
{
    if (costUnknown(usage))
        return tr("cost unknown");
    return tr("≈ %1").arg(dollars(usage.estimatedCost.value_or(0)));
}

QString UsageText::costValue(const RunUsage &usage)
{
    if (costUnknown(usage))
        return tr("unknown", "cost");
    return tr("≈ %1").arg(dollars(usage.estimatedCost.value_or(0)));
}

QString UsageText::costUnknownHint()
{
    return tr("No price for this model: add it to \"llmPrices\" in config.json, e.g. "
              "\"llmPrices\": {\"<model>\": {\"inputPerMillion\": 3, \"outputPerMillion\": 15}} "
              "(USD per million tokens).");
}

QString UsageText::labelledSummary(const RunUsage &usage)
{
    return tr("Tokens: %1 · LLM calls: %2 · Scans: %3 · Cost: %4")
        .arg(tokens(usage), QLocale().toString(usage.llmCalls), QLocale().toString(usage.scans), costValue(usage));
}

QString UsageText::budget(std::optional<qint64> maxTokens, std::optional<double> maxCost)
{
    QStringList parts;
    if (maxTokens)
        parts << tr("%1 tokens").arg(QLocale().toString(*maxTokens));
    if (maxCost)
        parts << dollars(*maxCost);
    return parts.isEmpty() ? QString() : tr("budget: %1").arg(parts.join(tr(" or ")));
}
