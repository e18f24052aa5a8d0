#pragma once

#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

// Builds the JSON Schema subset every provider's structured-output mode accepts (OpenAI strict
// mode is the strictest): every object lists all its properties as required and sets
// additionalProperties:false.
namespace SchemaBuilder {
QJsonObject string(int minLength = 0);
QJsonObject stringEnum(const QStringList &values);
QJsonObject boolean();
QJsonObject array(const QJsonObject &items, int minItems = -1, int maxItems = -1);
// Properties in the given order; all of them required.
QJsonObject object(const QList<QPair<QString, QJsonObject>> &properties);
} // namespace SchemaBuilder
