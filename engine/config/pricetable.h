#pragma once

#include "domain/llmusage.h"

#include <QHash>
#include <QJsonValue>
#include <QString>

#include <optional>

// What a model's tokens cost, from config.json:
//   "llmPrices": {"<model>": {"inputPerMillion": 3.0, "outputPerMillion": 15.0}}
// in USD per million tokens. There are no built-in prices: a model not in the table has no
// cost (cost() is absent), never an invented one. Model names match exactly.
class PriceTable final
{
public:
    struct Price
    {
        double inputPerMillion = 0;
        double outputPerMillion = 0;
    };
    // The most a price may be, USD per million tokens (a typo guard).
    static constexpr double MaxPerMillion = 100000.0;

    // The table in <homeDir>/config.json; a missing file or key gives an empty table. On a
    // malformed entry `error` names the model and what is wrong, and the table is empty.
    static PriceTable fromConfigFile(const QString &homeDir, QString *error);
    // The value of "llmPrices" (undefined: empty table).
    static PriceTable fromJson(const QJsonValue &prices, QString *error);

    std::optional<double> cost(const QString &model, const LlmUsage &usage) const;
    bool has(const QString &model) const { return m_prices.contains(model); }
    std::optional<Price> price(const QString &model) const;
    bool isEmpty() const { return m_prices.isEmpty(); }
    void insert(const QString &model, Price price) { m_prices.insert(model, price); }

private:
    QHash<QString, Price> m_prices;
};
