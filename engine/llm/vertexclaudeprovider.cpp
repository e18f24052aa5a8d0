#include "vertexclaudeprovider.h"

#include "anthropicwire.h"

using namespace Qt::StringLiterals;

VertexClaudeProvider::VertexClaudeProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint,
                                           QObject *parent)
    : VertexProvider(manager, std::move(endpoint), parent)
{
    m_endpoint.retry.mayRetry = AnthropicWire::mayRetry;
}

HttpRequestSpec VertexClaudeProvider::buildRequest(const LlmRequest &request) const
{
    QJsonObject body = AnthropicWire::messagesBody(request);
    body.insert(u"anthropic_version"_s, u"vertex-2023-10-16"_s);
    return jsonPost(modelUrl(u"anthropic"_s, u"rawPredict"_s), body);
}

LlmReply VertexClaudeProvider::parseReply(const HttpResponse &response) const
{
    LlmReply reply = AnthropicWire::parseReply(response, name());
    explainAuthError(response, reply);
    return reply;
}
