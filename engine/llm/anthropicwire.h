#pragma once

#include "llmtypes.h"

#include <QJsonObject>

struct HttpResponse;

// The Anthropic Messages wire format, shared by claude-api and claude-vertex (which sends the
// same body without "model" and with "anthropic_version"; llm-apis.md §1).
namespace AnthropicWire {

// The Messages body with the schema forced through one tool, without "model".
QJsonObject messagesBody(const LlmRequest &request);
// The tool_use input, usage, stop reason and error ({"error":{"type","message"}}) of an answer.
LlmReply parseReply(const HttpResponse &response, const QString &provider);
// Honours x-should-retry: false.
bool mayRetry(const HttpResponse &response);
// The forced tool's input as the reply's object (Messages' tool_use and Converse's toolUse
// blocks alike); an answer cut at the token cap (`hitCap`) still carries it, with Truncated.
void acceptToolInput(LlmReply &reply, const QJsonObject &input, bool hitCap, const QString &provider,
                     QStringView capName);

} // namespace AnthropicWire
