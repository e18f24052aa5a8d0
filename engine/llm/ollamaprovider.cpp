#include "ollamaprovider.h"

#include "llmjson.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

OllamaProvider::OllamaProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint, QObject *parent)
    : LlmProvider(manager, std::move(endpoint), parent)
{
}

HttpRequestSpec OllamaProvider::buildRequest(const LlmRequest &request) const
{
    // Ollama's docs advise restating the schema in the prompt as well.
    const QString system = request.system + u"\n\nAnswer with JSON only, following this JSON "
                                             "Schema:\n"_s
                           + QString::fromUtf8(QJsonDocument(request.schema).toJson(QJsonDocument::Compact));
    const QJsonObject body{
        {u"model"_s, m_endpoint.model},
        {u"stream"_s, false},
        {u"messages"_s, QJsonArray{QJsonObject{{u"role"_s, u"system"_s}, {u"content"_s, system}},
                                   QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, request.user}}}},
        {u"format"_s, request.schema},
        {u"options"_s, QJsonObject{{u"temperature"_s, 0}, {u"num_predict"_s, request.maxTokens}}}};
    return jsonPost(appendUrlPath(m_endpoint.baseUrl, u"/api/chat"_s), body);
}

LlmReply OllamaProvider::parseReply(const HttpResponse &r) const
{
    LlmReply reply;
    const QJsonObject root = QJsonDocument::fromJson(r.body).object();
    const QString provider = name();
    if (!r.isSuccess()) {
        reply.error = LlmError::fromResponse(r, provider, root.value(u"error"_s).toString());
        return reply;
    }
    reply.usage.inputTokens = root.value(u"prompt_eval_count"_s).toInteger();
    reply.usage.outputTokens = root.value(u"eval_count"_s).toInteger();
    const QString content = root.value(u"message"_s).toObject().value(u"content"_s).toString();
    if (root.value(u"done_reason"_s).toString() == "length"_L1) {
        reply.rawText = content;
        reply.error = {LlmError::Kind::Truncated, 0, provider + u": the answer hit num_predict"_s};
        return reply;
    }
    takeJsonText(content, reply, provider);
    return reply;
}
