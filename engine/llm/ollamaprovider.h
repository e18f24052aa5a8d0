#pragma once

#include "llmprovider.h"

// Ollama's native /api/chat with a JSON Schema in `format` (no streaming, temperature 0).
class OllamaProvider final : public LlmProvider
{
    Q_OBJECT
public:
    OllamaProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint, QObject *parent = nullptr);

    HttpRequestSpec buildRequest(const LlmRequest &request) const override;
    LlmReply parseReply(const HttpResponse &response) const override;
};
