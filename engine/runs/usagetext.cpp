#include "usagetext.h"

#include <QLocale>

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

QString UsageText::costUnknown(const QString &model)
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
        s += u" · "_s + costUnknown(model);
    return s;
}
