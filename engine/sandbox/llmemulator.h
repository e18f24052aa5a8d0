#pragma once

#include "chatcompletion.h"
#include "cloudauthgate.h"
#include "faultinjector.h"
#include "loopbackhttpserver.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QUrl>

#include <memory>

class SandboxBrain;
class SandboxCorpus;

// An OpenAI-compatible LLM on 127.0.0.1 for tests and the app's sandbox: POST
// /v1/chat/completions with a json_schema response format whose name is one of the prompt
// book's calls (generate_topic, …, extract_learnings). It answers deterministically from the
// prompt text and a bundled corpus (SandboxBrain), so a refinement loop run against it and
// the AIRS emulator improves over a few iterations. No key is needed; an Authorization header
// is accepted and ignored. Answers are written later from a timer, like AirsEmulator's, so
// latency is real and many requests are served at once in one thread. An answer depends only
// on the request's content (no per-call counters), so a retried call gets the same answer.
//
// It also speaks the cloud providers' formats, with their authentication checked for real
// (CloudAuthGate): Gemini and Anthropic on Vertex AI behind Google OAuth access tokens issued at
// POST /token (a service account's RS256 JWT or an authorized_user refresh token), and Bedrock
// Converse behind SigV4 (service "bedrock"):
//   POST /v1/projects/{p}/locations/{l}/publishers/google/models/{m}:generateContent
//   POST /v1/projects/{p}/locations/{l}/publishers/anthropic/models/{m}:rawPredict
//   POST /model/{modelId}/converse
// One core answers every format, so the fault counters and the "llm" fault route apply to all.
class LlmEmulator final : public LoopbackHttpServer
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LlmEmulator)

public:
    // Fault injection; counters count down as they fire (in this order of precedence).
    struct Faults
    {
        int latencyMs = 0;     // added to every answer
        // Per call (response_format.json_schema.name, e.g. "generate_tests"); a call not
        // listed here gets latencyMs.
        QHash<QString, int> callLatencyMs;
        int httpErrorNext = 0; // next N chat requests get httpErrorStatus with an error body
        int httpErrorStatus = 500;
        int retryAfterMs = 0;      // > 0: error answers carry retry-after-ms
        int malformedNext = 0;     // next N answers: message.content is cut-off JSON
        int schemaInvalidNext = 0; // next N answers: valid JSON missing a required property
        int overLengthNext = 0;    // next N topic answers: fields far over the byte limits and
                                   // 7 examples (other calls leave the counter alone)
        qint64 billedInputTokens = 0; // > 0: every answer reports this many input tokens (a
                                      // provider that bills far more than the text; budgets)
    };

    struct RecordedRequest
    {
        QByteArray method;
        QString path;
        QList<QPair<QByteArray, QByteArray>> headers; // authorization redacted
        QByteArray body;
        QString callName; // response_format.json_schema.name; empty if none
        QString system;
        QString user;
        int status = 0; // the status it was (or will be) answered with
        // The usage the emulator put in its answer (0 when it answered an error).
        qint64 reportedInputTokens = 0, reportedOutputTokens = 0;
        QString dialect; // "openai", "gemini-vertex", "claude-vertex", "bedrock"; empty otherwise

        QByteArray header(QByteArrayView name) const; // case-insensitive; empty when absent
        QJsonObject json() const;                     // the body, when it is a JSON object
    };

    static constexpr QLatin1StringView ModelName{"daystrom-sandbox"};
    // The connection test's call: its system prompt opens with ConnectionCheckOpening.
    static constexpr QLatin1StringView ConnectionCheckCall{"connection_check"};
    static constexpr QLatin1StringView ConnectionCheckOpening{"You answer connection checks."};
    using CloudAuth = CloudAuthConfig;

    explicit LlmEmulator(QObject *parent = nullptr);
    LlmEmulator(const SandboxCorpus &corpus, QObject *parent = nullptr);
    ~LlmEmulator() override;

    QUrl baseUrl() const;            // http://127.0.0.1:<port>/v1 (OPENAI_BASE_URL style)
    QUrl chatCompletionsUrl() const; // baseUrl + /chat/completions
    QUrl tokenUrl() const;           // http://127.0.0.1:<port>/token (a credentials token_uri)

    // Who may use the cloud routes; until set, every cloud request is refused.
    void setCloudAuth(const CloudAuth &auth) { m_cloud.setConfig(auth); }
    CloudAuth cloudAuth() const { return m_cloud.config(); }
    void expireAccessTokens() { m_cloud.expireAccessTokens(); } // every issued token now 401s
    int issuedAccessTokens() const { return m_cloud.issuedTokens(); }

    Faults faults() const { return m_faults; }
    void setFaults(const Faults &faults) { m_faults = faults; }

    // Rate-based faults on route "llm" (`sandbox serve --faults`), drawn first; the counters
    // above apply only to requests it lets through; counts are served at GET /_sandbox/faults. The injector may be shared with an
    // AirsEmulator.
    void setFaultSpec(const FaultSpec &spec) { m_injector->setSpec(spec); }
    std::shared_ptr<FaultInjector> faultInjector() const { return m_injector; }
    void setFaultInjector(std::shared_ptr<FaultInjector> injector);

    int requestCount() const { return m_requestCount; } // every request received
    QList<RecordedRequest> requests() const { return m_requests; }
    RecordedRequest lastRequest() const { return m_requests.value(m_requests.size() - 1); }
    QList<RecordedRequest> requestsFor(const QString &callName) const;
    void clearRequests() { m_requests.clear(); }

signals:
    void requestReceived(const QString &callName);

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    using Reply = ApiReply; // always JSON
    enum class Dialect { OpenAi, Gemini, ClaudeVertex, Bedrock };

    Reply route(const QHttpServerRequest &request, RecordedRequest &record);
    Reply cloudRoute(const QHttpServerRequest &request, RecordedRequest &record, bool *matched);
    Reply chat(const QByteArray &body, RecordedRequest &record);
    // The core every format shares: fault counters, the brain's answer, the usage.
    Reply structured(Dialect dialect, const ChatCompletion::Request &request,
                     const QString &parseError, const QByteArray &body, RecordedRequest &record);
    Reply dialectError(Dialect dialect, int status, const QString &message) const;
    void nameCall(const QString &path, const QByteArray &body, RecordedRequest &record) const;
    Reply failure(int status, const QString &message, const QString &type,
                  const QString &param = {}, const QString &code = {}) const;
    QString faulted(const QString &callName, const QJsonObject &schema, QJsonObject answer);

    std::unique_ptr<SandboxBrain> m_brain;
    CloudAuthGate m_cloud;
    Faults m_faults;
    std::shared_ptr<FaultInjector> m_injector = std::make_shared<FaultInjector>();
    QList<RecordedRequest> m_requests;
    int m_requestCount = 0;
};
