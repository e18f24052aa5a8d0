#pragma once

#include "apireply.h"
#include "chatcompletion.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

// The cloud wire formats the sandbox LLM speaks besides OpenAI's (llm-apis.md §1, §3, §5, §6):
// reading a structured-output request into the shared ChatCompletion::Request and writing the
// answer and error bodies each service sends.
namespace CloudDialects {

inline constexpr QLatin1StringView AnthropicVertexVersion{"vertex-2023-10-16"};

// Gemini generateContent: systemInstruction, contents[role, parts[text]], generationConfig
// {responseMimeType application/json, responseSchema | responseJsonSchema}. The call name comes
// from the system prompt (CallIdentifier), else the schema's "title".
bool parseGemini(const QByteArray &body, ChatCompletion::Request *out, QString *error);
// Anthropic Messages on Vertex: no "model", anthropic_version vertex-2023-10-16, a forced tool
// (tools[{name, input_schema}], tool_choice {type: tool, name}) whose name is the call name.
bool parseClaudeVertex(const QByteArray &body, ChatCompletion::Request *out, QString *error);
// Bedrock Converse: system[{text}], messages[{role, content[{text}]}], toolConfig.tools[0]
// .toolSpec {name, inputSchema.json}, toolChoice.tool.name.
bool parseBedrock(const QByteArray &body, ChatCompletion::Request *out, QString *error);

struct Answer
{
    QString id; // derived from the request, so a retried call gets the same one
    QString model;
    QString text; // the JSON text the model "wrote" (may be cut off by a fault)
    qint64 inputTokens = 0, outputTokens = 0;
};
QByteArray geminiAnswer(const Answer &a);
QByteArray claudeAnswer(const Answer &a, const QString &toolName);
QByteArray bedrockAnswer(const Answer &a, const QString &toolName);

// Error bodies. Google APIs: {"error":{"code","message","status"}}; Anthropic:
// {"type":"error","error":{"type","message"}}; Bedrock: {"message"} plus x-amzn-ErrorType.
ApiReply googleError(int status, const QString &message);
ApiReply anthropicError(int status, const QString &message);
ApiReply bedrockError(int status, const QString &message, const QString &errorType = {});

} // namespace CloudDialects
