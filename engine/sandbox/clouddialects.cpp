#include "clouddialects.h"

#include "callidentifier.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

#include <optional>

using namespace Qt::StringLiterals;

namespace {
std::optional<QJsonObject> object(const QByteArray &body, QString *error)
{
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (!doc.isObject()) {
        *error = u"Invalid JSON payload received: "_s + parseError.errorString();
        return std::nullopt;
    }
    return doc.object();
}

// A string, or an array of {"text":…} / {"type":"text","text":…} blocks.
QString textOf(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    QStringList parts;
    for (const QJsonValue &block : content.toArray()) {
        const QJsonObject b = block.toObject();
        if (b.contains(u"text"_s))
            parts.append(b.value(u"text"_s).toString());
    }
    return parts.join(u'\n');
}

QString userText(const QJsonArray &messages, QStringView contentKey)
{
    QStringList user;
    for (const QJsonValue &m : messages) {
        const QJsonObject message = m.toObject();
        if (message.value(u"role"_s).toString() == u"user")
            user.append(textOf(message.value(contentKey)));
    }
    return user.join(u"\n\n"_s);
}

QJsonObject answerObject(const QString &text)
{
    // A tool's input is always an object: an answer cut off by a fault becomes an empty one.
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

QString googleStatus(int status)
{
    switch (status) {
    case 400:
        return u"INVALID_ARGUMENT"_s;
    case 401:
        return u"UNAUTHENTICATED"_s;
    case 403:
        return u"PERMISSION_DENIED"_s;
    case 404:
        return u"NOT_FOUND"_s;
    case 429:
        return u"RESOURCE_EXHAUSTED"_s;
    case 503:
        return u"UNAVAILABLE"_s;
    case 504:
        return u"DEADLINE_EXCEEDED"_s;
    default:
        return status >= 500 ? u"INTERNAL"_s : u"FAILED_PRECONDITION"_s;
    }
}

QString anthropicType(int status)
{
    switch (status) {
    case 400:
        return u"invalid_request_error"_s;
    case 401:
        return u"authentication_error"_s;
    case 403:
        return u"permission_error"_s;
    case 404:
        return u"not_found_error"_s;
    case 429:
        return u"rate_limit_error"_s;
    case 529:
        return u"overloaded_error"_s;
    default:
        return status >= 500 ? u"api_error"_s : u"invalid_request_error"_s;
    }
}

QString bedrockType(int status)
{
    switch (status) {
    case 400:
        return u"ValidationException"_s;
    case 403:
        return u"AccessDeniedException"_s;
    case 404:
        return u"ResourceNotFoundException"_s;
    case 408:
        return u"ModelTimeoutException"_s;
    case 429:
        return u"ThrottlingException"_s;
    case 503:
        return u"ServiceUnavailableException"_s;
    default:
        return status >= 500 ? u"InternalServerException"_s : u"ValidationException"_s;
    }
}

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}
} // namespace

bool CloudDialects::parseGemini(const QByteArray &body, ChatCompletion::Request *out,
                                QString *error)
{
    const auto root = object(body, error);
    if (!root)
        return false;
    const QJsonArray contents = root->value(u"contents"_s).toArray();
    if (contents.isEmpty()) {
        *error = u"* GenerateContentRequest.contents: contents is not specified"_s;
        return false;
    }
    const QJsonObject config = root->value(u"generationConfig"_s).toObject();
    const QJsonObject schema = config.contains(u"responseJsonSchema"_s)
                                   ? config.value(u"responseJsonSchema"_s).toObject()
                                   : config.value(u"responseSchema"_s).toObject();
    if (config.value(u"responseMimeType"_s).toString() != u"application/json" || schema.isEmpty()) {
        *error = u"The sandbox LLM needs generationConfig.responseMimeType application/json "
                 "with responseSchema or responseJsonSchema"_s;
        return false;
    }
    out->system = textOf(root->value(u"systemInstruction"_s).toObject().value(u"parts"_s));
    out->user = userText(contents, u"parts");
    out->schema = schema;
    out->callName = CallIdentifier::fromSystemPrompt(out->system);
    if (out->callName.isEmpty())
        out->callName = schema.value(u"title"_s).toString();
    return true;
}

bool CloudDialects::parseClaudeVertex(const QByteArray &body, ChatCompletion::Request *out,
                                      QString *error)
{
    const auto root = object(body, error);
    if (!root)
        return false;
    if (root->contains(u"model"_s)) {
        *error = u"model: Extra inputs are not permitted (on Vertex AI the model is in the URL)"_s;
        return false;
    }
    const QString version = root->value(u"anthropic_version"_s).toString();
    if (version != AnthropicVertexVersion) {
        *error = u"anthropic_version: Input should be '%1'"_s.arg(AnthropicVertexVersion);
        return false;
    }
    const QJsonArray messages = root->value(u"messages"_s).toArray();
    if (messages.isEmpty()) {
        *error = u"messages: Field required"_s;
        return false;
    }
    const QJsonObject choice = root->value(u"tool_choice"_s).toObject();
    const QString toolName = choice.value(u"name"_s).toString();
    QJsonObject schema;
    for (const QJsonValue &t : root->value(u"tools"_s).toArray()) {
        if (t.toObject().value(u"name"_s).toString() == toolName)
            schema = t.toObject().value(u"input_schema"_s).toObject();
    }
    if (choice.value(u"type"_s).toString() != u"tool" || toolName.isEmpty() || schema.isEmpty()) {
        *error = u"The sandbox LLM needs a forced tool: tools[{name, input_schema}] and "
                 "tool_choice {\"type\":\"tool\",\"name\":<call>}"_s;
        return false;
    }
    out->system = textOf(root->value(u"system"_s));
    out->user = userText(messages, u"content");
    out->callName = toolName;
    out->schema = schema;
    return true;
}

bool CloudDialects::parseBedrock(const QByteArray &body, ChatCompletion::Request *out,
                                 QString *error)
{
    const auto root = object(body, error);
    if (!root)
        return false;
    const QJsonArray messages = root->value(u"messages"_s).toArray();
    if (messages.isEmpty()) {
        *error = u"1 validation error detected: Value null at 'messages' failed to satisfy "
                 "constraint: Member must not be null"_s;
        return false;
    }
    const QJsonObject toolConfig = root->value(u"toolConfig"_s).toObject();
    const QJsonObject spec =
        toolConfig.value(u"tools"_s).toArray().at(0).toObject().value(u"toolSpec"_s).toObject();
    const QString chosen = toolConfig.value(u"toolChoice"_s)
                               .toObject()
                               .value(u"tool"_s)
                               .toObject()
                               .value(u"name"_s)
                               .toString();
    const QJsonObject schema = spec.value(u"inputSchema"_s).toObject().value(u"json"_s).toObject();
    if (spec.value(u"name"_s).toString().isEmpty() || chosen != spec.value(u"name"_s).toString() ||
        schema.isEmpty()) {
        *error = u"The sandbox LLM needs toolConfig.tools[0].toolSpec {name, inputSchema.json} "
                 "and toolChoice.tool.name naming it"_s;
        return false;
    }
    out->system = textOf(root->value(u"system"_s));
    out->user = userText(messages, u"content");
    out->callName = chosen;
    out->schema = schema;
    return true;
}

QByteArray CloudDialects::geminiAnswer(const Answer &a)
{
    const QJsonObject content{{u"role"_s, u"model"_s},
                              {u"parts"_s, QJsonArray{QJsonObject{{u"text"_s, a.text}}}}};
    const QJsonObject candidate{
        {u"content"_s, content}, {u"finishReason"_s, u"STOP"_s}, {u"index"_s, 0}};
    return compact(QJsonObject{
        {u"candidates"_s, QJsonArray{candidate}},
        {u"usageMetadata"_s, QJsonObject{{u"promptTokenCount"_s, a.inputTokens},
                                         {u"candidatesTokenCount"_s, a.outputTokens},
                                         {u"totalTokenCount"_s, a.inputTokens + a.outputTokens}}},
        {u"modelVersion"_s, a.model},
        {u"responseId"_s, a.id}});
}

QByteArray CloudDialects::claudeAnswer(const Answer &a, const QString &toolName)
{
    const QJsonObject toolUse{{u"type"_s, u"tool_use"_s},
                              {u"id"_s, QString(u"toolu_vrtx_"_s + a.id)},
                              {u"name"_s, toolName},
                              {u"input"_s, answerObject(a.text)}};
    return compact(QJsonObject{{u"id"_s, QString(u"msg_vrtx_"_s + a.id)},
                               {u"type"_s, u"message"_s},
                               {u"role"_s, u"assistant"_s},
                               {u"model"_s, a.model},
                               {u"content"_s, QJsonArray{toolUse}},
                               {u"stop_reason"_s, u"tool_use"_s},
                               {u"stop_sequence"_s, QJsonValue()},
                               {u"usage"_s, QJsonObject{{u"input_tokens"_s, a.inputTokens},
                                                        {u"output_tokens"_s, a.outputTokens}}}});
}

QByteArray CloudDialects::bedrockAnswer(const Answer &a, const QString &toolName)
{
    const QJsonObject toolUse{{u"toolUseId"_s, QString(u"tooluse_"_s + a.id)},
                              {u"name"_s, toolName},
                              {u"input"_s, answerObject(a.text)}};
    const QJsonObject message{{u"role"_s, u"assistant"_s},
                              {u"content"_s, QJsonArray{QJsonObject{{u"toolUse"_s, toolUse}}}}};
    return compact(
        QJsonObject{{u"output"_s, QJsonObject{{u"message"_s, message}}},
                    {u"stopReason"_s, u"tool_use"_s},
                    {u"usage"_s, QJsonObject{{u"inputTokens"_s, a.inputTokens},
                                             {u"outputTokens"_s, a.outputTokens},
                                             {u"totalTokens"_s, a.inputTokens + a.outputTokens}}},
                    {u"metrics"_s, QJsonObject{{u"latencyMs"_s, 1}}}});
}

ApiReply CloudDialects::googleError(int status, const QString &message)
{
    const QJsonObject e{
        {u"code"_s, status}, {u"message"_s, message}, {u"status"_s, googleStatus(status)}};
    return ApiReply::json(QJsonObject{{u"error"_s, e}}, status);
}

ApiReply CloudDialects::anthropicError(int status, const QString &message)
{
    const QJsonObject e{{u"type"_s, anthropicType(status)}, {u"message"_s, message}};
    return ApiReply::json(QJsonObject{{u"type"_s, u"error"_s}, {u"error"_s, e}}, status);
}

ApiReply CloudDialects::bedrockError(int status, const QString &message, const QString &errorType)
{
    ApiReply reply = ApiReply::json(QJsonObject{{u"message"_s, message}}, status);
    reply.headers.append({QByteArrayLiteral("x-amzn-ErrorType"),
                          (errorType.isEmpty() ? bedrockType(status) : errorType).toUtf8()});
    return reply;
}
