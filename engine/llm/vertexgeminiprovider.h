#pragma once

#include "vertexprovider.h"

// gemini-vertex: Gemini's generateContent on Vertex AI (llm-apis.md §5), the same body as
// gemini-api (a role on every contents item), a Bearer token instead of an API key.
class VertexGeminiProvider final : public VertexProvider
{
    Q_OBJECT
public:
    VertexGeminiProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint,
                         QObject *parent = nullptr);

    HttpRequestSpec buildRequest(const LlmRequest &request) const override;
    LlmReply parseReply(const HttpResponse &response) const override;
};
