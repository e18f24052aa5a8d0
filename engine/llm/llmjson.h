#pragma once

#include <QJsonObject>
#include <QUrl>

QUrl appendUrlPath(const QUrl &base, const QString &path);

// Gemini's responseSchema is an OpenAPI subset: upper-case type names and no JSON-Schema-only
// keywords ($schema, additionalProperties, title, const, propertyNames…), which many
// deployments reject with a 400. Object properties get a propertyOrdering.
QJsonObject toGeminiSchema(const QJsonObject &schema);

// OpenAI's strict mode rejects some JSON Schema keywords (minLength, maxLength, among others
// llm-apis.md lists); they are dropped recursively. The answer is still validated locally
// against the full schema.
QJsonObject toOpenAiStrictSchema(const QJsonObject &schema);
