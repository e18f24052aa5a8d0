#include "vertexgeminiprovider.h"

#include "geminiwire.h"

using namespace Qt::StringLiterals;

VertexGeminiProvider::VertexGeminiProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint,
                                           QObject *parent)
    : VertexProvider(manager, std::move(endpoint), parent)
{
    m_endpoint.retry.mayRetry = GeminiWire::mayRetry;
}

HttpRequestSpec VertexGeminiProvider::buildRequest(const LlmRequest &request) const
{
    return jsonPost(modelUrl(u"google"_s, u"generateContent"_s),
                    GeminiWire::generateContentBody(request));
}

LlmReply VertexGeminiProvider::parseReply(const HttpResponse &response) const
{
    LlmReply reply = GeminiWire::parseReply(response, name());
    explainAuthError(response, reply);
    return reply;
}
