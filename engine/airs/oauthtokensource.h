#pragma once

#include "airserror.h"
#include "net/httpcall.h"

#include <QDateTime>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <functional>

class HttpCall;
class QNetworkAccessManager;

// OAuth2 client-credentials tokens for the management and Red Team APIs (airs-api.md §4):
// Basic auth, scope tsg_id:<id>, cached, refreshed a margin (30 s) before expiry; concurrent
// callers share one fetch. The fetch is idempotent, so it is retried on 5xx/429/network
// error/timeout/cut or malformed answer; refused credentials (400/401/403) are not retried.
class OAuthTokenSource final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OAuthTokenSource)
public:
    using Callback = std::function<void(const QString &token, const AirsError &error)>;

    OAuthTokenSource(QNetworkAccessManager *manager, QUrl tokenUrl, QString clientId,
                     QString clientSecret, QString tsgId, QObject *parent = nullptr);
    ~OAuthTokenSource() override;

    // `done` runs later (never inside this call) unless `context` is destroyed first.
    void token(QObject *context, Callback done);
    void invalidate(); // drop the cached token (after a 401/403)
    void abort();      // cancels a fetch in flight; waiting callers get Cancelled

    void setRefreshMarginMs(qint64 ms) { m_marginMs = ms; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    void setRetryPolicy(const RetryPolicy &p) { m_retry = p; }
    int lastAttempts() const { return m_lastAttempts; } // HTTP attempts of the last fetch
    int fetchCount() const { return m_fetches; }
    bool hasValidToken() const;

private:
    struct Waiter
    {
        QPointer<QObject> context;
        Callback done;
    };
    void fetch();
    void deliver(const QString &token, const AirsError &error);

    QNetworkAccessManager *m_manager;
    QUrl m_url;
    QString m_clientId;
    QString m_clientSecret;
    QString m_tsgId;
    QString m_token;
    QDateTime m_expiresAt;
    qint64 m_marginMs = 30000;
    int m_timeoutMs = 30000;
    int m_fetches = 0;
    int m_lastAttempts = 0;
    RetryPolicy m_retry;
    QList<Waiter> m_waiters;
    HttpCall *m_call = nullptr;
};
