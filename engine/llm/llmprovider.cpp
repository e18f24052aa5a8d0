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

LlmCall::LlmCall(HttpCall *http, Parser parser, QObject *parent)
    : QObject(parent)
    , m_http(http)
    , m_parser(std::move(parser))
{
    http->setParent(this);
    connect(http, &HttpCall::finished, this, [this](const HttpResponse &r) {
        if (m_done)
            return;
        m_done = true;
        LlmReply reply = m_parser(r);
        reply.httpAttempts = r.attempts;
        emit finished(reply);
    });
    http->start();
}

void LlmCall::abort()
{
    if (m_http && !m_done)
        m_http->abort();
}

LlmProvider::LlmProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint, QObject *parent)
    : QObject(parent)
    , m_manager(manager)
    , m_endpoint(std::move(endpoint))
{
}

LlmCall *LlmProvider::send(const LlmRequest &request, QObject *parent)
{
    auto *http = new HttpCall(m_manager, buildRequest(request));
    return new LlmCall(http, [this](const HttpResponse &r) { return parseReply(r); }, parent);
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
