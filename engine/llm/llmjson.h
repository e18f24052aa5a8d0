#pragma once

#include <QJsonObject>
#include <QUrl>

QUrl appendUrlPath(const QUrl &base, const QString &path);

// Gemini's responseSchema is an OpenAPI subset: upper-case type names and no JSON-Schema-only
// keywords ($schema, additionalProperties, title, const, propertyNames…), which many
// deployments reject with a 400. Object properties get a propertyOrdering.
QJsonObject toGeminiSchema(const QJsonObject &schema);
