#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

// Checks a model's answer against the JSON Schema subset the prompt book uses: type (or a
// list of types), required, properties, items, minItems/maxItems, enum, minLength/maxLength
// (in characters, as JSON Schema counts them). Returns every violation with its path,
// e.g. "examples: has 7 items; at most 5 allowed". Unknown extra properties are tolerated.
namespace SchemaValidator {
QStringList validate(const QJsonValue &value, const QJsonObject &schema, const QString &path = {});
} // namespace SchemaValidator
