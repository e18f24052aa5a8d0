#pragma once

#include "vertexprovider.h"

// claude-vertex: Anthropic's Messages API on Vertex AI (:rawPredict): the claude-api body
// without "model" (it is in the URL) and with "anthropic_version":"vertex-2023-10-16"; the
// schema forced through one tool as for claude-api; a Bearer token.
class VertexClaudeProvider final : public VertexProvider
{
    Q_OBJECT
public:
    VertexClaudeProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint,
                         QObject *parent = nullptr);

    HttpRequestSpec buildRequest(const LlmRequest &request) const override;
    LlmReply parseReply(const HttpResponse &response) const override;
};
