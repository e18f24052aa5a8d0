#include "openaiprovider.h"

#include "llmjson.h"
#include "net/httpcall.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

OpenAiProvider::OpenAiProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint, QObject *parent)
    : LlmProvider(manager, std::move(endpoint), parent)
{
    // An exhausted billing quota also answers 429: retrying cannot help.
    m_endpoint.retry.mayRetry = [](const HttpResponse &r) {
        if (r.headers.value("x-should-retry") == "false")
            return false;
        const QJsonObject err = QJsonDocument::fromJson(r.body).object().value(u"error"_s).toObject();
        return err.value(u"code"_s).toString() != "insufficient_quota"_L1;
    };
}

bool OpenAiProvider::isReasoningModel(const QString &model)
{
    return model.startsWith(u"o1"_s) || model.startsWith(u"o3"_s) || model.startsWith(u"o4"_s)
           || model.startsWith(u"gpt-5"_s);
}

HttpRequestSpec OpenAiProvider::buildRequest(const LlmRequest &request) const
{
    QJsonObject body{
        {u"model"_s, m_endpoint.model},
        {u"messages"_s, QJsonArray{QJsonObject{{u"role"_s, u"system"_s}, {u"content"_s, request.system}},
                                   QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, request.user}}}},
        {u"response_format"_s,
         QJsonObject{{u"type"_s, u"json_schema"_s},
                     {u"json_schema"_s, QJsonObject{{u"name"_s, request.schemaName},
                                                    {u"strict"_s, true},
                                                    {u"schema"_s, isCompatibleServer() ? request.schema
                                                                                       : toOpenAiStrictSchema(request.schema)}}}}}};
    if (!isReasoningModel(m_endpoint.model))
        body.insert(u"temperature"_s, 0);
    // Local servers read max_tokens; OpenAI's reasoning models reject it.
    body.insert(isCompatibleServer() ? u"max_tokens"_s : u"max_completion_tokens"_s, request.maxTokens);
    HttpRequestSpec spec = jsonPost(appendUrlPath(m_endpoint.baseUrl, u"/chat/completions"_s), body);
    if (!m_endpoint.apiKey.isEmpty())
        spec.headers.append({"Authorization", "Bearer " + m_endpoint.apiKey.toUtf8()});
    return spec;
}

LlmReply OpenAiProvider::parseReply(const HttpResponse &r) const
{
    LlmReply reply;
    const QJsonObject root = QJsonDocument::fromJson(r.body).object();
    const QString provider = name();
    if (!r.isSuccess()) {
        const QJsonValue err = root.value(u"error"_s);
        const QString message = err.isObject() ? err.toObject().value(u"message"_s).toString() : err.toString();
        reply.error = LlmError::fromResponse(r, provider, message);
        if (r.status == 429 && err.toObject().value(u"code"_s).toString() == "insufficient_quota"_L1)
            reply.error.kind = LlmError::Kind::Quota;
        return reply;
    }
    const QJsonObject usage = root.value(u"usage"_s).toObject();
    reply.usage.inputTokens = usage.value(u"prompt_tokens"_s).toInteger();
    reply.usage.outputTokens = usage.value(u"completion_tokens"_s).toInteger();
    const QJsonObject choice = root.value(u"choices"_s).toArray().at(0).toObject();
    const QJsonObject message = choice.value(u"message"_s).toObject();
    const QString finish = choice.value(u"finish_reason"_s).toString();
    if (message.value(u"refusal"_s).isString()) {
        reply.error = {LlmError::Kind::Refusal, 0, provider + u": "_s + message.value(u"refusal"_s).toString()};
        return reply;
    }
    if (finish == "content_filter"_L1) {
        reply.error = {LlmError::Kind::Refusal, 0, provider + u": the content filter stopped the answer"_s};
        return reply;
    }
    if (finish == "length"_L1) {
        reply.rawText = message.value(u"content"_s).toString();
        reply.error = {LlmError::Kind::Truncated, 0, provider + u": the answer hit the token limit"_s};
        return reply;
    }
    if (choice.isEmpty() || !message.value(u"content"_s).isString()) {
        reply.error = {LlmError::Kind::InvalidOutput, 0, provider + u": the answer has no message content"_s};
        return reply;
    }
    takeJsonText(message.value(u"content"_s).toString(), reply, provider);
    return reply;
}
