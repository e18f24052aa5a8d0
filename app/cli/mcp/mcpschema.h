#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

// The part of JSON Schema the server's tools declare, checked before a tool runs so a bad
// argument is a tool error with one sentence naming it: type (object, string, integer,
// number, boolean, array), properties, required, additionalProperties false, enum, minimum,
// maximum, minLength, maxLength, pattern, items, minItems, maxItems. Also used by the tests to hold
// each tool's structured result against its declared output schema a second way.
namespace McpSchema {

// Empty when `value` satisfies `schema`; else one sentence, e.g.
// "\"max_iterations\" must be at most 100, not 500".
QString check(const QJsonObject &schema, const QJsonValue &value, const QString &where = {});

// Small builders for the tools' schemas. typed("integer"): a type and nothing more (results).
QJsonObject typed(const char *type);
QJsonObject string(const QString &description, int maxLength = 0);
QJsonObject oneOf(const QStringList &values, const QString &description);
QJsonObject integer(const QString &description, int minimum, int maximum);
QJsonObject number(const QString &description, double minimum, double maximum);
QJsonObject boolean(const QString &description);
QJsonObject array(const QJsonObject &items, const QString &description, int maxItems = 0);
// additionalProperties false when `closed`.
QJsonObject object(const QJsonObject &properties, const QStringList &required = {}, bool closed = true,
                   const QString &description = {});

} // namespace McpSchema
