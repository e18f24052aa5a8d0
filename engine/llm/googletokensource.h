#pragma once

#include "cloudauth/googlecredentials.h"
#include "llmerror.h"
#include "net/httpcall.h"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>

class QNetworkAccessManager;

// OAuth2 access tokens for Vertex AI from Google credentials: a service account signs a JWT
// (RS256, GoogleJwt) and exchanges it at its token_uri (grant type jwt-bearer); an
// authorized_user file trades its refresh token (grant type refresh_token). The token is cached
// until 5 minutes before it expires and concurrent callers share one request. The exchange is
// idempotent, so it is retried on 5xx/429/network errors/cut answers like other token requests;
// refused credentials (400/401/403) are not retried and end as LlmError::Kind::Auth naming the
// credentials' origin. Every secret it reads or receives is registered with Redaction.
class GoogleTokenSource final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GoogleTokenSource)

public:
    using Callback = std::function<void(const QString &accessToken, const LlmError &error)>;

    static constexpr QLatin1StringView Scope{"https://www.googleapis.com/auth/cloud-platform"};
    static constexpr qint64 RefreshMarginSec = 300;

    GoogleTokenSource(QNetworkAccessManager *manager, GoogleCredentials credentials,
                      QObject *parent = nullptr);
    ~GoogleTokenSource() override;

    // `done` runs later (never inside this call) unless `context` is destroyed first.
    void fetch(QObject *context, Callback done);
    void invalidate(); // drop the cached token (after a 401)
    void abort();      // cancels a fetch in flight; waiting callers get Cancelled

    void setClock(std::function<QDateTime()> now) { m_now = std::move(now); } // tests
    void setRetryPolicy(const RetryPolicy &policy) { m_retry = policy; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    int requestsMade() const { return m_requests; } // token requests started (not attempts)
    int lastAttempts() const { return m_lastAttempts; }
    bool hasValidToken() const;

private:
    struct Waiter
    {
        QPointer<QObject> context;
        Callback done;
    };

    void start();
    void finished(const HttpResponse &response);
    QByteArray formBody(QString *error) const;
    LlmError refused(const HttpResponse &response) const;
    void deliver(const QString &token, const LlmError &error);

    QNetworkAccessManager *m_manager;
    GoogleCredentials m_credentials;
    std::function<QDateTime()> m_now = [] {
        return QDateTime::currentDateTimeUtc();
    };
    RetryPolicy m_retry;
    int m_timeoutMs = 30000;
    QString m_token;
    QDateTime m_expiresAt;
    QList<Waiter> m_waiters;
    HttpCall *m_call = nullptr;
    int m_requests = 0;
    int m_lastAttempts = 0;
};
