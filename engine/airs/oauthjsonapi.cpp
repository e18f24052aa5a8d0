#include "oauthjsonapi.h"

#include "airssettings.h"
#include "oauthtokensource.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

struct OAuthJsonApi::Pending
{
    HttpRequestSpec spec;
    QString what;
    QPointer<QObject> context;
    Callback done;
    bool refreshed = false;
    quint64 aborts = 0; // OAuthJsonApi::m_aborts when it was asked for
};

OAuthJsonApi::OAuthJsonApi(QNetworkAccessManager *manager, OAuthTokenSource *tokens, QUrl base,
                           QObject *parent)
    : QObject(parent)
    , m_manager(manager)
    , m_tokens(tokens)
    , m_base(std::move(base))
{
}

void OAuthJsonApi::request(const QByteArray &method, const QString &path, const QString &query,
                           const QJsonValue &body, const QString &what, QObject *context,
                           Callback done, const std::optional<RetryPolicy> &retry)
{
    auto p = std::make_shared<Pending>();
    p->spec.method = method;
    p->spec.url = appendPath(m_base, path);
    if (!query.isEmpty())
        p->spec.url.setQuery(query);
    p->spec.timeoutMs = m_timeoutMs;
    p->spec.retry = retry ? *retry : m_retry;
    p->spec.expectJson = true;
    p->spec.headers = {{"Accept", "application/json"}, {"User-Agent", airsUserAgent()}};
    if (!body.isNull() && !body.isUndefined()) {
        p->spec.body = body.isObject() ? QJsonDocument(body.toObject()).toJson(QJsonDocument::Compact)
                                       : QJsonDocument(body.toArray()).toJson(QJsonDocument::Compact);
        p->spec.headers.append({QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json")});
    }
    p->what = what;
    p->context = context;
    p->done = std::move(done);
    p->aborts = m_aborts;
    attempt(p);
}

void OAuthJsonApi::attempt(std::shared_ptr<Pending> p)
{
    if (!m_tokens) {
        if (p->context)
            p->done({}, AirsError{AirsError::Kind::Auth, 0, p->what + u": no token source"_s, -1});
        return;
    }
    m_tokens->token(this, [this, p](const QString &token, const AirsError &tokenError) {
        if (!p->context)
            return;
        if (tokenError.isError()) {
            p->done({}, tokenError);
            return;
        }
        if (p->aborts != m_aborts) {
            // Aborted while it waited for its token (a cached token is handed out on the next
            // event-loop turn): it is not sent.
            HttpResponse cancelled;
            cancelled.outcome = HttpOutcome::Cancelled;
            p->done(cancelled, AirsError::fromResponse(cancelled, p->what));
            return;
        }
        HttpRequestSpec spec = p->spec;
        spec.headers.append({"Authorization", "Bearer " + token.toUtf8()});
        auto *call = new HttpCall(m_manager, spec, this);
        m_calls.insert(call);
        connect(call, &HttpCall::finished, this, [this, call, p](const HttpResponse &r) {
            m_calls.remove(call);
            call->deleteLater();
            if (!p->context)
                return;
            if ((r.status == 401 || r.status == 403) && !p->refreshed && m_tokens) {
                p->refreshed = true;
                m_tokens->invalidate();
                attempt(p);
                return;
            }
            p->done(r, AirsError::fromResponse(r, p->what));
        });
        call->start();
    });
}

void OAuthJsonApi::abortAll()
{
    ++m_aborts;
    if (m_tokens)
        m_tokens->abort();
    const QSet<HttpCall *> calls = m_calls;
    for (HttpCall *call : calls)
        call->abort();
}
