#pragma once

#include "llmprovider.h"

// OpenAI Chat Completions with response_format json_schema (strict), and the same wire
// format against any OpenAI-compatible server (Ollama /v1, vLLM, llama.cpp, LM Studio).
class OpenAiProvider final : public LlmProvider
{
    Q_OBJECT
public:
    OpenAiProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint, QObject *parent = nullptr);

    HttpRequestSpec buildRequest(const LlmRequest &request) const override;
    LlmReply parseReply(const HttpResponse &response) const override;

    bool isCompatibleServer() const { return m_endpoint.provider == QStringLiteral("openai-compatible"); }
    // o-series and gpt-5 models reject any temperature but the default.
    static bool isReasoningModel(const QString &model);
};
