#pragma once

#include "llmprovider.h"

// Google Gemini generateContent with responseMimeType application/json and a responseSchema
// stripped of the keywords Gemini rejects. The key travels in x-goog-api-key, never the URL.
class GeminiProvider final : public LlmProvider
{
    Q_OBJECT
public:
    GeminiProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint, QObject *parent = nullptr);

    HttpRequestSpec buildRequest(const LlmRequest &request) const override;
    LlmReply parseReply(const HttpResponse &response) const override;
};
