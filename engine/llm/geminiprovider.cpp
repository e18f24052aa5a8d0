#include "geminiprovider.h"

#include "geminiwire.h"
#include "llmjson.h"

using namespace Qt::StringLiterals;

GeminiProvider::GeminiProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint, QObject *parent)
    : LlmProvider(manager, std::move(endpoint), parent)
{
    m_endpoint.retry.mayRetry = GeminiWire::mayRetry;
}

HttpRequestSpec GeminiProvider::buildRequest(const LlmRequest &request) const
{
    const QString path = u"/v1beta/models/%1:generateContent"_s.arg(m_endpoint.model);
    HttpRequestSpec spec = jsonPost(appendUrlPath(m_endpoint.baseUrl, path), GeminiWire::generateContentBody(request));
    if (!m_endpoint.apiKey.isEmpty())
        spec.headers.append({"x-goog-api-key", m_endpoint.apiKey.toUtf8()});
    return spec;
}

LlmReply GeminiProvider::parseReply(const HttpResponse &r) const
{
    return GeminiWire::parseReply(r, name());
}
