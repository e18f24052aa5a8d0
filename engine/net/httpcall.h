#pragma once

#include <QByteArray>
#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QUrl>

#include <functional>

class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

struct HttpResponse;

// When and how often a request is retried (airs-api.md §2, llm-apis.md §0).
struct RetryPolicy
{
    int maxRetries = 5;              // attempts = 1 + maxRetries
    int baseDelayMs = 1000;          // wait before retry n: uniform in [0, base·2^n] ("full jitter")
    int maxDelayMs = 30000;
    QList<int> retryStatuses{500, 502, 503, 504};
    bool retryRateLimited = true;    // 429: wait for Retry-After (else backoff) and retry
    int maxRetryAfterMs = 60000;     // a longer server hint is not waited for: reported instead
    bool retryNetworkErrors = true;  // includes per-attempt timeouts
    // A final say on a response the rules above would retry (e.g. an LLM provider's
    // "insufficient_quota" 429 or x-should-retry: false). Return false to stop retrying.
    std::function<bool(const HttpResponse &)> mayRetry;

    static RetryPolicy none() { RetryPolicy p; p.maxRetries = 0; return p; }
    // For a request that must not run twice (a create): only a 429, which says the server did
    // not perform it, is retried; a 5xx, a network error or a timeout is reported at once.
    RetryPolicy withoutResending() const
    {
        RetryPolicy p = *this;
        p.retryStatuses.clear();
        p.retryNetworkErrors = false;
        return p;
    }
};

struct HttpRequestSpec
{
    QByteArray method = QByteArrayLiteral("GET");
    QUrl url;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body; // sent as is: sign exactly these bytes
    int timeoutMs = 30000; // per attempt, from send to the last byte; 0 = none
    RetryPolicy retry;
    // The answer is JSON: a 2xx whose non-empty body is not one complete JSON value (a body cut
    // short) is a failure (HttpFault::MalformedBody), retried like a network error.
    bool expectJson = false;
    // An answer larger than this (by Content-Length or by the bytes received) is aborted at
    // once and reported (HttpFault::TooLarge), never retried.
    qint64 maxResponseBytes = 32 * 1024 * 1024;
};

enum class HttpOutcome { Response, NetworkError, Timeout, Cancelled };

// What went wrong below HTTP when outcome == NetworkError. The faults are reported as network
// errors so that every caller treats them as "the outcome is unknown" (a create is looked up,
// not re-sent).
enum class HttpFault {
    None,
    Connection,    // refused, reset, closed before an answer, TLS, proxy...
    CutBody,       // the connection closed before the whole body arrived
    MalformedBody, // a 2xx whose body is not complete JSON (expectJson)
    TooLarge,      // the answer exceeds maxResponseBytes: not retried
};

struct HttpResponse
{
    HttpOutcome outcome = HttpOutcome::Response;
    int status = 0;                         // HTTP status when outcome == Response
    QHash<QByteArray, QByteArray> headers;  // lower-cased names
    QByteArray body;
    QString networkError;                   // what went wrong, for NetworkError and Timeout
    HttpFault fault = HttpFault::None;      // the kind of NetworkError
    int attempts = 0;
    qint64 retryAfterMs = -1;               // the server's hint on the final response, if any

    bool isSuccess() const { return outcome == HttpOutcome::Response && status >= 200 && status < 300; }
};

// One HTTP exchange with retries, a per-attempt timeout that is reported as a timeout (Qt
// reports both a timeout and abort() as OperationCanceledError, so it is tracked here), and
// cancellation that aborts the request in flight. Emits finished() exactly once, later.
class HttpCall final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpCall)
public:
    HttpCall(QNetworkAccessManager *manager, HttpRequestSpec spec, QObject *parent = nullptr);
    ~HttpCall() override;

    void start();
    void abort(); // finished(Cancelled) unless already finished
    bool isFinished() const { return m_done; }
    bool isWaitingToRetry() const;
    int attempt() const { return m_attempt; }
    const HttpRequestSpec &spec() const { return m_spec; }

    // Parses Retry-After (seconds, possibly fractional, or an HTTP-date) and, failing that,
    // the body's {"retry_after":{"interval":N,"unit":"s|ms|m"}}. Returns -1 when absent.
    static qint64 retryAfterMs(const QHash<QByteArray, QByteArray> &headers, const QByteArray &body);

signals:
    void finished(const HttpResponse &response);

private:
    void send();
    void onReplyFinished();
    void onTimeout();
    void checkSize(qint64 bytes);
    HttpResponse readOutcome(QNetworkReply *reply) const;
    bool scheduleRetry(qint64 hintMs);
    void finish(HttpResponse response);

    QPointer<QNetworkAccessManager> m_manager;
    HttpRequestSpec m_spec;
    QPointer<QNetworkReply> m_reply; // owned by the manager, which may go first
    QTimer *m_timeout = nullptr;
    QTimer *m_backoff = nullptr;
    int m_attempt = 0;
    bool m_timedOut = false;
    bool m_tooLarge = false;
    bool m_done = false;
};
