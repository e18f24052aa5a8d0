#include "pricetable.h"

#include "config.h"
#include "configfile.h"
#include "domain/numbercheck.h"
#include "domain/printable.h"

#include <QFileInfo>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {
const auto Key = "llmPrices"_L1;

QString entryError(const QString &model, const QString &what)
{
    return u"config.json llmPrices: the entry for model \"%1\" %2; give {\"inputPerMillion\": N, "
           "\"outputPerMillion\": N} in USD per million tokens, or remove it"_s.arg(
               Printable::escaped(model, 100), what);
}
} // namespace

PriceTable PriceTable::fromConfigFile(const QString &homeDir, QString *error)
{
    const QString path = Config::configFilePath(homeDir);
    if (!QFileInfo::exists(path))
        return {};
    const ConfigFile::Loaded loaded = ConfigFile(path).load();
    if (!loaded.error.isEmpty()) {
        if (error)
            *error = loaded.error;
        return {};
    }
    return fromJson(loaded.object.value(Key), error);
}

PriceTable PriceTable::fromJson(const QJsonValue &prices, QString *error)
{
    const auto failed = [error](const QString &message) {
        if (error)
            *error = message;
        return PriceTable();
    };
    if (prices.isUndefined() || prices.isNull())
        return {};
    if (!prices.isObject())
        return failed(
            u"config.json llmPrices must be an object of model names, e.g. {\"claude-sonnet-4-5\": "
            "{\"inputPerMillion\": 3, \"outputPerMillion\": 15}}"_s);
    PriceTable table;
    const QJsonObject o = prices.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key().trimmed().isEmpty())
            return failed(u"config.json llmPrices has an entry without a model name; remove it"_s);
        if (!it.value().isObject())
            return failed(entryError(it.key(), u"is not an object"_s));
        const QJsonObject entry = it.value().toObject();
        Price price;
        for (const auto &[name, out] :
             {std::pair{"inputPerMillion"_L1, &price.inputPerMillion},
              std::pair{"outputPerMillion"_L1, &price.outputPerMillion}}) {
            const QJsonValue v = entry.value(name);
            if (!v.isDouble())
                return failed(entryError(
                    it.key(), v.isUndefined() ? u"has no %1"_s.arg(name)
                                              : u"whose %1 is not a number"_s.arg(name)));
            if (!NumberCheck::within(v.toDouble(), 0, MaxPerMillion))
                return failed(
                    entryError(it.key(), u"has %1 %2 (allowed: %3)"_s.arg(name)
                                             .arg(v.toDouble())
                                             .arg(NumberCheck::rangeText(0, MaxPerMillion))));
            *out = v.toDouble();
        }
        table.m_prices.insert(it.key(), price);
    }
    return table;
}

std::optional<PriceTable::Price> PriceTable::price(const QString &model) const
{
    const auto it = m_prices.constFind(model);
    if (it == m_prices.cend())
        return std::nullopt;
    return *it;
}

std::optional<double> PriceTable::cost(const QString &model, const LlmUsage &usage) const
{
    const std::optional<Price> p = price(model);
    if (!p)
        return std::nullopt;
    return (double(usage.inputTokens) * p->inputPerMillion +
            double(usage.outputTokens) * p->outputPerMillion) /
           1e6;
}
