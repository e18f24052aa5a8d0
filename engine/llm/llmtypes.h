#pragma once

#include "domain/llmusage.h"
#include "llmerror.h"

#include <QJsonObject>
#include <QString>

// One structured-output request: a system and a user message and the JSON Schema the answer
// must follow. `schemaName` names the forced tool / response format ([a-zA-Z0-9_-], <= 64).
struct LlmRequest
{
    QString system;
    QString user;
    QJsonObject schema;
    QString schemaName = QStringLiteral("result");
    int maxTokens = 8192;
};

struct LlmReply
{
    QJsonObject object; // the answer, parsed but not yet validated against the schema
    QString rawText;    // what the model returned, for diagnostics (never contains a key)
    LlmUsage usage;
    LlmError error;
    int httpAttempts = 0;
    bool ok() const { return !error.isError(); }
};
