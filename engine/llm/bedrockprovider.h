#pragma once

#include "llmprovider.h"

#include <QDateTime>

#include <functional>

// claude-bedrock: the Bedrock Converse API (llm-apis.md §6) with the schema forced through one
// tool, signed with AWS SigV4 (service "bedrock", llm-apis.md §7) at send time over the exact
// body bytes. The model id's ':' travels as %3A.
//
// A signature is valid for 5 minutes after its X-Amz-Date. HttpCall re-sends the same signed
// request on its retries (408/429/500/503 here, backoff up to 8 s), so a retry late enough to be
// refused with "Signature expired" is signed afresh once through shouldReauthorize().
class BedrockProvider final : public LlmProvider
{
    Q_OBJECT
public:
    BedrockProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint,
                    QObject *parent = nullptr);

    HttpRequestSpec buildRequest(const LlmRequest &request) const override;
    LlmReply parseReply(const HttpResponse &response) const override;
    void authorize(HttpRequestSpec spec, bool renew, QObject *context, AuthorizeDone done) override;
    bool shouldReauthorize(const HttpResponse &response) const override;

    void setClock(std::function<QDateTime()> utcNow) { m_now = std::move(utcNow); } // tests

    static QUrl
    defaultBaseUrl(const QString &region); // https://bedrock-runtime.{region}.amazonaws.com
    // The forced tool's name: Bedrock allows [a-zA-Z][a-zA-Z0-9_]*, at most 64 characters.
    static QString toolName(const QString &schemaName);

private:
    std::function<QDateTime()> m_now;
};
