#include "googletokensource.h"

#include "cloudauth/googlejwt.h"
#include "domain/redaction.h"

#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {
// A form value: everything but unreserved characters percent-encoded ('+', '/' and '=' in a
// JWT or a secret would otherwise read as a space or a separator).
QByteArray formValue(const QString &value)
{
    return value.toUtf8().toPercentEncoding();
}

void registerPem(const QString &pem)
{
    Redaction::addSecret(pem);
    const QStringList lines = pem.split(u'\n', Qt::SkipEmptyParts);
    for (const QString &line : lines) {
        if (!line.startsWith(u"-----"_s))
            Redaction::addSecret(line.trimmed());
    }
}

// https, or plain http to a loopback host only (as for every other endpoint).
bool allowedTokenUrl(const QUrl &url)
{
    if (!url.isValid() || url.host().isEmpty())
        return false;
    if (url.scheme() == u"https")
        return true;
    const QString host = url.host();
    return url.scheme() == u"http" && (host == u"localhost" || QHostAddress(host).isLoopback());
}

RetryPolicy tokenRetry()
{
    RetryPolicy p;
    p.maxRetries = 3;
    p.baseDelayMs = 500;
    p.maxDelayMs = 8000;
    p.retryStatuses = {408, 500, 502, 503, 504};
    return p;
}
} // namespace

GoogleTokenSource::GoogleTokenSource(QNetworkAccessManager *manager, GoogleCredentials credentials,
                                     QObject *parent)
    : QObject(parent)
    , m_manager(manager)
    , m_credentials(std::move(credentials))
    , m_retry(tokenRetry())
{
    if (!m_credentials.privateKeyPem.isEmpty())
        registerPem(m_credentials.privateKeyPem);
    Redaction::addSecret(m_credentials.clientSecret);
    Redaction::addSecret(m_credentials.refreshToken);
}

GoogleTokenSource::~GoogleTokenSource() = default;

bool GoogleTokenSource::hasValidToken() const
{
    return !m_token.isEmpty() && m_now().secsTo(m_expiresAt) > RefreshMarginSec;
}

void GoogleTokenSource::fetch(QObject *context, Callback done)
{
    m_waiters.append(Waiter{context, std::move(done)});
    if (hasValidToken()) {
        const QString token = m_token;
        QMetaObject::invokeMethod(
            this, [this, token] { deliver(token, {}); }, Qt::QueuedConnection);
        return;
    }
    if (!m_call)
        start();
}

void GoogleTokenSource::invalidate()
{
    m_token.clear();
    m_expiresAt = {};
}

void GoogleTokenSource::abort()
{
    if (m_call)
        m_call->abort();
}

QByteArray GoogleTokenSource::formBody(QString *error) const
{
    if (m_credentials.kind == GoogleCredentials::Kind::ServiceAccount) {
        const QByteArray jwt =
            GoogleJwt::assertion(m_credentials, Scope, m_now().toSecsSinceEpoch(), error);
        if (jwt.isEmpty())
            return {};
        return "grant_type=" + formValue(u"urn:ietf:params:oauth:grant-type:jwt-bearer"_s) +
               "&assertion=" + jwt;
    }
    if (m_credentials.kind == GoogleCredentials::Kind::AuthorizedUser) {
        return "grant_type=refresh_token&client_id=" + formValue(m_credentials.clientId) +
               "&client_secret=" + formValue(m_credentials.clientSecret) +
               "&refresh_token=" + formValue(m_credentials.refreshToken);
    }
    *error = u"No Google credentials are set; set GOOGLE_APPLICATION_CREDENTIALS to a service "
             "account key file or store one in Settings"_s;
    return {};
}

void GoogleTokenSource::start()
{
    QString error;
    const QByteArray body = formBody(&error);
    if (body.isEmpty()) {
        QMetaObject::invokeMethod(
            this,
            [this, error] {
                deliver({}, LlmError{LlmError::Kind::Auth, 0, error});
            },
            Qt::QueuedConnection);
        return;
    }
    const QUrl url(m_credentials.tokenUri, QUrl::StrictMode);
    if (!allowedTokenUrl(url)) {
        const QString message =
            u"The token_uri \"%1\" in the Google credentials from %2 is not an https URL (plain "
            "http is allowed only for loopback hosts); fix the credentials file"_s.arg(
                m_credentials.tokenUri, m_credentials.origin);
        QMetaObject::invokeMethod(
            this,
            [this, message] {
                deliver({}, LlmError{LlmError::Kind::Auth, 0, message});
            },
            Qt::QueuedConnection);
        return;
    }
    ++m_requests;
    HttpRequestSpec spec;
    spec.method = QByteArrayLiteral("POST");
    spec.url = url;
    spec.timeoutMs = m_timeoutMs;
    spec.retry = m_retry;
    spec.expectJson = true;
    spec.body = body;
    spec.headers = {{"Content-Type", "application/x-www-form-urlencoded"},
                    {"Accept", "application/json"}};
    m_call = new HttpCall(m_manager, spec, this);
    connect(m_call, &HttpCall::finished, this, &GoogleTokenSource::finished);
    m_call->start();
}

LlmError GoogleTokenSource::refused(const HttpResponse &r) const
{
    const QJsonObject o = QJsonDocument::fromJson(r.body).object();
    // OAuth's {"error":"invalid_grant","error_description":"…"}; some proxies answer Google's
    // API shape {"error":{"message":…}}.
    QString reason = o.value(u"error"_s).isString()
                         ? o.value(u"error"_s).toString()
                         : o.value(u"error"_s).toObject().value(u"message"_s).toString();
    const QString description = o.value(u"error_description"_s).toString();
    if (!description.isEmpty())
        reason += (reason.isEmpty() ? QString() : u": "_s) + description;
    if (reason.isEmpty())
        reason = QString::fromUtf8(r.body.left(200)).simplified();
    const QString fix = m_credentials.kind == GoogleCredentials::Kind::ServiceAccount
                            ? u"check the service account key and that it is not deleted or "
                              "disabled"_s
                            : u"run `gcloud auth application-default login` again"_s;
    return LlmError{LlmError::Kind::Auth, r.status,
                    u"Google refused the credentials from %1 (%2); %3"_s.arg(
                        m_credentials.origin, Redaction::apply(reason), fix)};
}

void GoogleTokenSource::finished(const HttpResponse &r)
{
    m_call->deleteLater();
    m_call = nullptr;
    m_lastAttempts = r.attempts;
    if (r.outcome == HttpOutcome::Response &&
        (r.status == 400 || r.status == 401 || r.status == 403)) {
        deliver({}, refused(r));
        return;
    }
    if (!r.isSuccess()) {
        const QJsonObject o = QJsonDocument::fromJson(r.body).object();
        LlmError error = LlmError::fromResponse(r, u"Google token request"_s,
                                                o.value(u"error_description"_s).toString());
        if (error.kind == LlmError::Kind::None)
            error = {LlmError::Kind::Network, 0, u"Google token request: "_s + r.networkError};
        deliver({}, error);
        return;
    }
    const QJsonObject o = QJsonDocument::fromJson(r.body).object();
    const QString token = o.value(u"access_token"_s).toString();
    const double expiresIn = o.value(u"expires_in"_s).toDouble(-1);
    if (token.isEmpty() || expiresIn <= 0) {
        deliver({}, LlmError{LlmError::Kind::Auth, r.status,
                             u"The Google token endpoint %1 answered without access_token or "
                             "expires_in; check token_uri in the credentials from %2"_s.arg(
                                 m_credentials.tokenUri, m_credentials.origin)});
        return;
    }
    Redaction::addSecret(token);
    m_token = token;
    m_expiresAt = m_now().addMSecs(qint64(expiresIn * 1000));
    deliver(token, {});
}

void GoogleTokenSource::deliver(const QString &token, const LlmError &error)
{
    const QList<Waiter> waiters = std::exchange(m_waiters, {});
    for (const Waiter &w : waiters) {
        if (w.context && w.done)
            w.done(token, error);
    }
}
