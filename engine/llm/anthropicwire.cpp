#include "anthropicwire.h"

#include "net/httpcall.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace AnthropicWire {

QJsonObject messagesBody(const LlmRequest &request)
{
    const QJsonObject tool{{u"name"_s, request.schemaName},
                           {u"description"_s, u"Return the result as this object."_s},
                           {u"input_schema"_s, request.schema}};
    return QJsonObject{
        {u"max_tokens"_s, request.maxTokens},
        {u"temperature"_s, 0},
        {u"system"_s, request.system},
        {u"messages"_s,
         QJsonArray{QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, request.user}}}},
        {u"tools"_s, QJsonArray{tool}},
        {u"tool_choice"_s, QJsonObject{{u"type"_s, u"tool"_s}, {u"name"_s, request.schemaName}}}};
}

void acceptToolInput(LlmReply &reply, const QJsonObject &input, bool hitCap, const QString &provider,
                     QStringView capName)
{
    reply.object = input;
    reply.rawText = QString::fromUtf8(QJsonDocument(input).toJson(QJsonDocument::Compact));
    if (hitCap)
        reply.error = {LlmError::Kind::Truncated, 0, provider + u": the answer hit "_s + capName};
}

LlmReply parseReply(const HttpResponse &r, const QString &provider)
{
    LlmReply reply;
    const QJsonObject root = QJsonDocument::fromJson(r.body).object();
    if (!r.isSuccess()) {
        const QJsonObject err = root.value(u"error"_s).toObject();
        reply.error = LlmError::fromResponse(r, provider, err.value(u"message"_s).toString());
        if (err.value(u"type"_s).toString() == "billing_error"_L1)
            reply.error.kind = LlmError::Kind::Quota;
        return reply;
    }
    const QJsonObject usage = root.value(u"usage"_s).toObject();
    reply.usage.inputTokens = usage.value(u"input_tokens"_s).toInteger() +
                              usage.value(u"cache_creation_input_tokens"_s).toInteger() +
                              usage.value(u"cache_read_input_tokens"_s).toInteger();
    reply.usage.outputTokens = usage.value(u"output_tokens"_s).toInteger();
    const QString stop = root.value(u"stop_reason"_s).toString();
    for (const QJsonValue &block : root.value(u"content"_s).toArray()) {
        const QJsonObject b = block.toObject();
        if (b.value(u"type"_s).toString() == "tool_use"_L1 && b.value(u"input"_s).isObject()) {
            acceptToolInput(reply, b.value(u"input"_s).toObject(), stop == "max_tokens"_L1, provider,
                            u"max_tokens");
            return reply;
        }
    }
    if (stop == "max_tokens"_L1)
        reply.error = {LlmError::Kind::Truncated, 0, provider + u": the answer hit max_tokens"_s};
    else if (stop == "refusal"_L1)
        reply.error = {LlmError::Kind::Refusal, 0, provider + u": the model declined to answer"_s};
    else
        reply.error = {LlmError::Kind::InvalidOutput, 0,
                       provider + u": the answer has no tool_use block (stop_reason "_s + stop +
                           u')'};
    return reply;
}

bool mayRetry(const HttpResponse &r)
{
    return r.headers.value("x-should-retry") != "false";
}

} // namespace AnthropicWire
