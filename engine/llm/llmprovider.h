#pragma once

#include "llmtypes.h"
#include "net/httpcall.h"

#include <QObject>
#include <QPointer>
#include <QUrl>

class QNetworkAccessManager;

// Where and how to reach one provider.
struct LlmEndpoint
{
    QString provider; // claude-api, openai, openai-compatible, gemini-api, ollama
    QString model;
    QUrl baseUrl;     // per DESIGN.md's base-URL conventions
    QString apiKey;   // empty for loopback servers that need none
    int timeoutMs = 180000;
    RetryPolicy retry = defaultRetry();

    // 408/409/429/5xx/529 and network errors; 0.5 s doubling up to 8 s; server hints first.
    static RetryPolicy defaultRetry();
};

// One request in flight. Emits finished() exactly once; abort() ends it as Cancelled.
class LlmCall final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LlmCall)
public:
    using Parser = std::function<LlmReply(const HttpResponse &)>;
    LlmCall(HttpCall *http, Parser parser, QObject *parent = nullptr);
    void abort();
    bool isFinished() const { return m_done; }

signals:
    void finished(const LlmReply &reply);

private:
    QPointer<HttpCall> m_http;
    Parser m_parser;
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

    LlmCall *send(const LlmRequest &request, QObject *parent = nullptr);

    // The exact HTTP request, for tests and diagnostics (headers include the key: never log).
    virtual HttpRequestSpec buildRequest(const LlmRequest &request) const = 0;
    // Interprets a finished exchange: the object on success, a typed error otherwise.
    virtual LlmReply parseReply(const HttpResponse &response) const = 0;

protected:
    // Parses `text` as a JSON object into `reply`, or sets InvalidOutput.
    static void takeJsonText(const QString &text, LlmReply &reply, const QString &provider);
    HttpRequestSpec jsonPost(const QUrl &url, const QJsonObject &body) const;

    QNetworkAccessManager *m_manager;
    LlmEndpoint m_endpoint;
};
