#include "anthropicprovider.h"

#include "anthropicwire.h"
#include "llmjson.h"

using namespace Qt::StringLiterals;

AnthropicProvider::AnthropicProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint, QObject *parent)
    : LlmProvider(manager, std::move(endpoint), parent)
{
    m_endpoint.retry.mayRetry = AnthropicWire::mayRetry;
}

HttpRequestSpec AnthropicProvider::buildRequest(const LlmRequest &request) const
{
    QJsonObject body = AnthropicWire::messagesBody(request);
    body.insert(u"model"_s, m_endpoint.model);
    HttpRequestSpec spec = jsonPost(appendUrlPath(m_endpoint.baseUrl, u"/v1/messages"_s), body);
    spec.headers.append({QByteArrayLiteral("anthropic-version"), QByteArrayLiteral("2023-06-01")});
    if (!m_endpoint.apiKey.isEmpty())
        spec.headers.append({"x-api-key", m_endpoint.apiKey.toUtf8()});
    return spec;
}

LlmReply AnthropicProvider::parseReply(const HttpResponse &r) const
{
    return AnthropicWire::parseReply(r, name());
}
