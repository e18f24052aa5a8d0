#include "oauthtokensource.h"

#include "airssettings.h"
#include "domain/redaction.h"
#include "net/httpcall.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

OAuthTokenSource::OAuthTokenSource(QNetworkAccessManager *manager, QUrl tokenUrl, QString clientId,
                                   QString clientSecret, QString tsgId, QObject *parent)
    : QObject(parent)
    , m_manager(manager)
    , m_url(std::move(tokenUrl))
    , m_clientId(std::move(clientId))
    , m_clientSecret(std::move(clientSecret))
    , m_tsgId(std::move(tsgId))
{
}

OAuthTokenSource::~OAuthTokenSource() = default;

bool OAuthTokenSource::hasValidToken() const
{
    return !m_token.isEmpty()
           && QDateTime::currentDateTimeUtc().msecsTo(m_expiresAt) > m_marginMs;
}

void OAuthTokenSource::token(QObject *context, Callback done)
{
    m_waiters.append(Waiter{context, std::move(done)});
    if (hasValidToken()) {
        const QString token = m_token;
        QMetaObject::invokeMethod(this, [this, token] { deliver(token, {}); }, Qt::QueuedConnection);
        return;
    }
    if (!m_call)
        fetch();
}

void OAuthTokenSource::invalidate()
{
    m_token.clear();
    m_expiresAt = {};
}

void OAuthTokenSource::abort()
{
    if (m_call)
        m_call->abort();
}

void OAuthTokenSource::fetch()
{
    if (m_clientId.isEmpty() || m_clientSecret.isEmpty() || m_tsgId.isEmpty()) {
        QMetaObject::invokeMethod(this, [this] {
            deliver({}, AirsError{AirsError::Kind::Auth, 0,
                                  u"management credentials are not set (client id, client secret "
                                  "and TSG id are all required)"_s, -1});
        }, Qt::QueuedConnection);
        return;
    }
    ++m_fetches;
    HttpRequestSpec spec;
    spec.method = QByteArrayLiteral("POST");
    spec.url = m_url;
    spec.timeoutMs = m_timeoutMs;
    spec.retry = m_retry;
    spec.expectJson = true;
    QUrlQuery form;
    form.addQueryItem(u"grant_type"_s, u"client_credentials"_s);
    form.addQueryItem(u"scope"_s, u"tsg_id:"_s + m_tsgId);
    spec.body = form.query(QUrl::FullyEncoded).toUtf8().replace(":", "%3A");
    const QByteArray basic = (m_clientId + u':' + m_clientSecret).toUtf8().toBase64();
    spec.headers = {{"Content-Type", "application/x-www-form-urlencoded"},
                    {"Accept", "application/json"},
                    {"Authorization", "Basic " + basic},
                    {"User-Agent", airsUserAgent()}};
    m_call = new HttpCall(m_manager, spec, this);
    connect(m_call, &HttpCall::finished, this, [this](const HttpResponse &r) {
        m_call->deleteLater();
        m_call = nullptr;
        m_lastAttempts = r.attempts;
        AirsError error = AirsError::fromResponse(r, u"OAuth token request"_s);
        if (error.isError() && r.outcome == HttpOutcome::Response
            && (r.status == 400 || r.status == 401 || r.status == 403)) {
            error.kind = AirsError::Kind::Auth;
            error.message += u" (the client id, client secret or TSG id was refused: check the "
                             "management credentials)"_s;
        }
        if (error.isError()) {
            deliver({}, error);
            return;
        }
        const QJsonObject o = QJsonDocument::fromJson(r.body).object();
        const QString token = o.value(u"access_token"_s).toString();
        const double expiresIn = o.value(u"expires_in"_s).toDouble(-1);
        if (token.isEmpty() || expiresIn < 0) {
            deliver({}, AirsError::invalid(u"OAuth token request"_s,
                                           u"the answer lacks access_token or expires_in"_s));
            return;
        }
        m_token = token;
        Redaction::addSecret(token); // also when a server quotes it back without "Bearer"
        m_expiresAt = QDateTime::currentDateTimeUtc().addMSecs(qint64(expiresIn * 1000));
        deliver(token, {});
    });
    m_call->start();
}

void OAuthTokenSource::deliver(const QString &token, const AirsError &error)
{
    const QList<Waiter> waiters = std::exchange(m_waiters, {});
    for (const Waiter &w : waiters) {
        if (w.context && w.done)
            w.done(token, error);
    }
}
