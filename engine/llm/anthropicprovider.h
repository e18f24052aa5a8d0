#pragma once

#include "llmprovider.h"

// Anthropic Messages API; the schema is forced through one tool (works on every Claude model;
// extended thinking stays off because it cannot be combined with a forced tool).
class AnthropicProvider final : public LlmProvider
{
    Q_OBJECT
public:
    AnthropicProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint, QObject *parent = nullptr);

    HttpRequestSpec buildRequest(const LlmRequest &request) const override;
    LlmReply parseReply(const HttpResponse &response) const override;
};
