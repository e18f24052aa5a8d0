#pragma once

#include "llmtypes.h"

#include <QJsonObject>

struct HttpResponse;

// The generateContent wire format, shared by gemini-api and gemini-vertex (llm-apis.md §3, §5):
// responseMimeType application/json with a responseSchema, a role on every contents item.
namespace GeminiWire {

QJsonObject generateContentBody(const LlmRequest &request);
// The JSON text of the first candidate, usageMetadata, finish reasons and {"error":{…}}.
LlmReply parseReply(const HttpResponse &response, const QString &provider);
// A per-day quota (QuotaFailure with a PerDay id) will not clear by waiting.
bool mayRetry(const HttpResponse &response);

} // namespace GeminiWire
