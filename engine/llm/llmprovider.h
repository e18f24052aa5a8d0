#pragma once

#include "cloudauth/awscredentials.h"
#include "cloudauth/googlecredentials.h"
#include "llmtypes.h"
#include "net/httpcall.h"

#include <QObject>
#include <QPointer>
#include <QUrl>

class QNetworkAccessManager;

// Where and how to reach one provider.
struct LlmEndpoint
{
    QString provider; // claude-api, openai, openai-compatible, gemini-api, ollama,
                      // gemini-vertex, claude-vertex, claude-bedrock
    QString model;
    QUrl baseUrl;     // per DESIGN.md's base-URL conventions
    QString apiKey;   // empty for loopback servers that need none
    QString project;  // Vertex: the Google Cloud project
    QString location; // Vertex: us-central1, europe-west1, global...
    QString region;   // Bedrock: us-east-1...
    GoogleCredentials google; // Vertex: a service account or an authorized_user refresh token
    AwsCredentials aws;       // Bedrock
    int timeoutMs = 180000;
    RetryPolicy retry = defaultRetry();

    // 408/409/429/5xx/529 and network errors; 0.5 s doubling up to 8 s; server hints first.
    static RetryPolicy defaultRetry();
};

class LlmProvider;

// One request in flight: the provider's authorization step (a token fetch, a signature), then
// the HTTP exchange with its retries, then at most one more authorization and exchange when the
// provider asks for it (an expired token). Emits finished() exactly once, always from the event
// loop; abort() ends it as Cancelled, during authorization too.
class LlmCall final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LlmCall)
public:
    LlmCall(LlmProvider *provider, HttpRequestSpec spec, QObject *parent = nullptr);
    void abort();
    bool isFinished() const { return m_done; }
    int authorizations() const { return m_authorizations; }

signals:
    void finished(const LlmReply &reply);

private:
    void authorize(bool renew);
    void onHttpFinished(const HttpResponse &response);
    void finishWith(LlmReply reply);

    QPointer<LlmProvider> m_provider;
    HttpRequestSpec m_spec;
    QPointer<HttpCall> m_http;
    int m_authorizations = 0;
    int m_earlierAttempts = 0; // HTTP attempts before a re-authorization
    bool m_done = false;
};

// A provider turns an LlmRequest into its wire format and its answer back into an object.
// Structured output only: a forced tool, a json_schema response format, a response schema.
class LlmProvider : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LlmProvider)
public:
    LlmProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint, QObject *parent = nullptr);

    const LlmEndpoint &endpoint() const { return m_endpoint; }
    QString name() const { return m_endpoint.provider; }
    QString model() const { return m_endpoint.model; }
    QNetworkAccessManager *manager() const { return m_manager; }

    LlmCall *send(const LlmRequest &request, QObject *parent = nullptr);

    // The exact HTTP request, for tests and diagnostics (headers include the key: never log).
    virtual HttpRequestSpec buildRequest(const LlmRequest &request) const = 0;
    // Interprets a finished exchange: the object on success, a typed error otherwise.
    virtual LlmReply parseReply(const HttpResponse &response) const = 0;

    // Parses `text` as a JSON object into `reply`, or sets InvalidOutput.
    static void takeJsonText(const QString &text, LlmReply &reply, const QString &provider);

    // The step between buildRequest() and the HTTP call, at send time: adds a bearer token or
    // a signature. `renew` is set for the one second try shouldReauthorize() asks for. Calls
    // `done` once, with the request to send or an error, unless `context` is gone by then.
    using AuthorizeDone = std::function<void(HttpRequestSpec spec, LlmError error)>;
    virtual void authorize(HttpRequestSpec spec, bool renew, QObject *context, AuthorizeDone done);
    // After an exchange (its retries done): true to authorize afresh and send once more, e.g.
    // after a 401 for a token that expired early. LlmCall asks at most once per call.
    virtual bool shouldReauthorize(const HttpResponse &response) const;

protected:
    HttpRequestSpec jsonPost(const QUrl &url, const QJsonObject &body) const;

    QNetworkAccessManager *m_manager;
    LlmEndpoint m_endpoint;
};
