#include "llmprovider.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

RetryPolicy LlmEndpoint::defaultRetry()
{
    RetryPolicy p;
    p.maxRetries = 4;
    p.baseDelayMs = 500;
    p.maxDelayMs = 8000;
    p.retryStatuses = {408, 409, 500, 502, 503, 504, 529};
    p.retryRateLimited = true;
    p.maxRetryAfterMs = 60000;
    return p;
}

static LlmReply providerGone()
{
    LlmReply reply;
    reply.error = {LlmError::Kind::Cancelled, 0, u"the LLM provider went away"_s};
    return reply;
}

LlmCall::LlmCall(LlmProvider *provider, HttpRequestSpec spec, QObject *parent)
    : QObject(parent)
    , m_provider(provider)
    , m_spec(std::move(spec))
{
    authorize(false);
}

void LlmCall::authorize(bool renew)
{
    if (!m_provider) {
        finishWith(providerGone());
        return;
    }
    ++m_authorizations;
    QPointer<LlmCall> self(this);
    m_provider->authorize(m_spec, renew, this, [self](HttpRequestSpec spec, LlmError error) {
        if (!self || self->m_done)
            return;
        if (error.isError()) {
            LlmReply reply;
            reply.error = std::move(error);
            reply.httpAttempts = self->m_earlierAttempts;
            self->finishWith(std::move(reply));
            return;
        }
        if (!self->m_provider) {
            self->finishWith(providerGone());
            return;
        }
        auto *http = new HttpCall(self->m_provider->manager(), std::move(spec), self);
        self->m_http = http;
        connect(http, &HttpCall::finished, self, &LlmCall::onHttpFinished);
        http->start();
    });
}

void LlmCall::onHttpFinished(const HttpResponse &r)
{
    if (m_done)
        return;
    if (m_http)
        m_http->deleteLater();
    m_http = nullptr;
    if (m_authorizations == 1 && r.outcome == HttpOutcome::Response && m_provider
        && m_provider->shouldReauthorize(r)) {
        m_earlierAttempts += r.attempts;
        authorize(true);
        return;
    }
    LlmReply reply = m_provider ? m_provider->parseReply(r)
                                : providerGone();
    reply.httpAttempts = m_earlierAttempts + r.attempts;
    finishWith(std::move(reply));
}

void LlmCall::finishWith(LlmReply reply)
{
    if (m_done)
        return;
    m_done = true;
    // From the event loop, so a caller never re-enters from inside send() or abort().
    QMetaObject::invokeMethod(this, [this, reply = std::move(reply)] { emit finished(reply); },
                              Qt::QueuedConnection);
}

void LlmCall::abort()
{
    if (m_done)
        return;
    if (m_http) {
        m_http->abort(); // finished(Cancelled) arrives through onHttpFinished
        return;
    }
    // Still authorizing: the provider's answer, when it comes, is ignored.
    LlmReply reply;
    reply.error = {LlmError::Kind::Cancelled, 0, (m_provider ? m_provider->name() : u"LLM"_s) + u" call cancelled"_s};
    reply.httpAttempts = m_earlierAttempts;
    finishWith(std::move(reply));
}

LlmProvider::LlmProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint, QObject *parent)
    : QObject(parent)
    , m_manager(manager)
    , m_endpoint(std::move(endpoint))
{
}

LlmCall *LlmProvider::send(const LlmRequest &request, QObject *parent)
{
    return new LlmCall(this, buildRequest(request), parent);
}

void LlmProvider::authorize(HttpRequestSpec spec, bool renew, QObject *context, AuthorizeDone done)
{
    Q_UNUSED(renew);
    Q_UNUSED(context);
    done(std::move(spec), {});
}

bool LlmProvider::shouldReauthorize(const HttpResponse &response) const
{
    Q_UNUSED(response);
    return false;
}

HttpRequestSpec LlmProvider::jsonPost(const QUrl &url, const QJsonObject &body) const
{
    HttpRequestSpec spec;
    spec.method = QByteArrayLiteral("POST");
    spec.url = url;
    spec.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    spec.timeoutMs = m_endpoint.timeoutMs;
    spec.retry = m_endpoint.retry;
    spec.expectJson = true;
    spec.headers = {{"Content-Type", "application/json"},
                    {"Accept", "application/json"},
                    {"User-Agent", QByteArrayLiteral("DaystromStudio/" DAYSTROM_VERSION)}};
    return spec;
}

void LlmProvider::takeJsonText(const QString &text, LlmReply &reply, const QString &provider)
{
    reply.rawText = text;
    QString t = text.trimmed();
    // Some local servers wrap JSON in a Markdown fence despite the schema.
    if (t.startsWith(u"```"_s)) {
        t = t.mid(t.indexOf(u'\n') + 1);
        if (t.endsWith(u"```"_s))
            t.chop(3);
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(t.toUtf8(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        reply.error = LlmError{LlmError::Kind::InvalidOutput, 0,
                               u"%1 returned text that is not a JSON object (%2)"_s.arg(
                                   provider, pe.error != QJsonParseError::NoError ? pe.errorString()
                                                                                   : u"not an object"_s)};
        return;
    }
    reply.object = doc.object();
}
