#pragma once

#include "airserror.h"
#include "net/httpcall.h"

#include <QJsonValue>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <functional>
#include <optional>

class OAuthTokenSource;
class QNetworkAccessManager;

// JSON requests to an OAuth-protected AIRS API (management, Red Team): a bearer token from
// the token source, and on 401/403 one token refresh and one retry outside the retry budget.
class OAuthJsonApi final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OAuthJsonApi)
public:
    using Callback = std::function<void(const HttpResponse &response, const AirsError &error)>;

    OAuthJsonApi(QNetworkAccessManager *manager, OAuthTokenSource *tokens, QUrl base,
                 QObject *parent = nullptr);

    // `path` is appended to the base URL; `query` may be empty. A null `body` sends none.
    // `what` names the call in error messages ("list topics"). `retry` replaces the API's
    // retry policy for this call (a create must not be re-sent blindly).
    void request(const QByteArray &method, const QString &path, const QString &query,
                 const QJsonValue &body, const QString &what, QObject *context, Callback done,
                 const std::optional<RetryPolicy> &retry = std::nullopt);

    // Every call in flight, or still waiting for its token, reports Cancelled; none is sent after.
    void abortAll();
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    void setRetryPolicy(const RetryPolicy &p) { m_retry = p; }
    const RetryPolicy &retryPolicy() const { return m_retry; }
    int inFlight() const { return int(m_calls.size()); }

private:
    struct Pending;
    void attempt(std::shared_ptr<Pending> pending);

    QNetworkAccessManager *m_manager;
    QPointer<OAuthTokenSource> m_tokens;
    QUrl m_base;
    int m_timeoutMs = 30000;
    RetryPolicy m_retry;
    QSet<HttpCall *> m_calls;
    quint64 m_aborts = 0; // abortAll() calls so far: a request made before one is not sent
};
