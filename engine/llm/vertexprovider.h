#pragma once

#include "llmprovider.h"

class GoogleTokenSource;

// What gemini-vertex and claude-vertex share: the URL
// {base}/v1/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}:{verb},
// a Bearer access token from the endpoint's Google credentials (fetched at send time, cached by
// the token source across calls) and one retry with a fresh token after a 401.
class VertexProvider : public LlmProvider
{
    Q_OBJECT
public:
    VertexProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint, QObject *parent = nullptr);

    void authorize(HttpRequestSpec spec, bool renew, QObject *context, AuthorizeDone done) override;
    bool shouldReauthorize(const HttpResponse &response) const override;

    GoogleTokenSource *tokenSource() const { return m_tokens; }

    // https://{location}-aiplatform.googleapis.com, or https://aiplatform.googleapis.com for
    // the "global" location.
    static QUrl defaultBaseUrl(const QString &location);

protected:
    QUrl modelUrl(const QString &publisher, const QString &verb) const;
    // A 401/403 said in words that name the credentials (never the token) and what to do.
    void explainAuthError(const HttpResponse &response, LlmReply &reply) const;

private:
    GoogleTokenSource *m_tokens;
};
