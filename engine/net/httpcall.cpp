#include "httpcall.h"

#include "netlog.h"

#include "domain/boundedread.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRandomGenerator>
#include <QTimer>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

HttpCall::HttpCall(QNetworkAccessManager *manager, HttpRequestSpec spec, QObject *parent)
    : QObject(parent)
    , m_manager(manager)
    , m_spec(std::move(spec))
    , m_timeout(new QTimer(this))
    , m_backoff(new QTimer(this))
{
    m_timeout->setSingleShot(true);
    m_timeout->setTimerType(Qt::PreciseTimer);
    connect(m_timeout, &QTimer::timeout, this, &HttpCall::onTimeout);
    m_backoff->setSingleShot(true);
    connect(m_backoff, &QTimer::timeout, this, &HttpCall::send);
}

HttpCall::~HttpCall()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

bool HttpCall::isWaitingToRetry() const
{
    return m_backoff->isActive();
}

void HttpCall::start()
{
    if (m_attempt == 0 && !m_done)
        send();
}

void HttpCall::abort()
{
    if (m_done)
        return;
    m_backoff->stop();
    m_timeout->stop();
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
    }
    HttpResponse r;
    r.outcome = HttpOutcome::Cancelled;
    r.attempts = m_attempt;
    finish(r);
}

void HttpCall::send()
{
    if (m_done)
        return;
    if (!m_manager) {
        HttpResponse r;
        r.outcome = HttpOutcome::NetworkError;
        r.networkError = u"the network manager is gone"_s;
        finish(r);
        return;
    }
    ++m_attempt;
    m_timedOut = false;
    QNetworkRequest request(m_spec.url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    for (const auto &[name, value] : std::as_const(m_spec.headers))
        request.setRawHeader(name, value);
    m_tooLarge = false;
    m_reply = m_manager->sendCustomRequest(request, m_spec.method, m_spec.body);
    connect(m_reply, &QNetworkReply::finished, this, &HttpCall::onReplyFinished);
    if (m_spec.maxResponseBytes > 0) {
        QNetworkReply *reply = m_reply;
        connect(reply, &QNetworkReply::metaDataChanged, this, [this, reply] {
            const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
            if (length.isValid())
                checkSize(length.toLongLong());
        });
        connect(reply, &QNetworkReply::downloadProgress, this,
                [this](qint64 received, qint64) { checkSize(received); });
    }
    if (m_spec.timeoutMs > 0)
        m_timeout->start(m_spec.timeoutMs);
    qCDebug(lcNet).noquote() << m_spec.method << m_spec.url.toDisplayString(QUrl::RemoveQuery)
                             << "attempt" << m_attempt;
}

void HttpCall::onTimeout()
{
    if (!m_reply)
        return;
    m_timedOut = true;
    m_reply->abort(); // finished() follows with OperationCanceledError
}

void HttpCall::checkSize(qint64 bytes)
{
    if (!m_reply || m_tooLarge || bytes <= m_spec.maxResponseBytes)
        return;
    m_tooLarge = true;
    m_reply->abort(); // finished() follows with OperationCanceledError
}

namespace {

// Errors below HTTP: the connection, TLS, a proxy, or a broken HTTP stream. The HTTP status
// errors (ContentNotFoundError, InternalServerError...) are answers, not network errors.
bool isNetworkLevel(QNetworkReply::NetworkError e)
{
    const int code = int(e);
    return (code > 0 && code < 200) || e == QNetworkReply::ProtocolFailure;
}

// One complete JSON value: an object, an array or a bare scalar (some APIs answer "a string").
bool isCompleteJson(const QByteArray &body)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson('[' + body + ']', &error);
    return error.error == QJsonParseError::NoError && doc.array().size() == 1;
}

} // namespace

HttpResponse HttpCall::readOutcome(QNetworkReply *reply) const
{
    HttpResponse r;
    r.attempts = m_attempt;
    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (m_timedOut) {
        r.outcome = HttpOutcome::Timeout;
        r.networkError = u"no complete answer within %1 ms"_s.arg(m_spec.timeoutMs);
        return r;
    }
    if (m_tooLarge) {
        r.outcome = HttpOutcome::NetworkError;
        r.fault = HttpFault::TooLarge;
        r.networkError = u"the answer is larger than %1"_s.arg(BoundedRead::sizeText(m_spec.maxResponseBytes));
        return r;
    }
    if (status.isValid())
        r.status = status.toInt();
    if (isNetworkLevel(reply->error())) {
        r.outcome = HttpOutcome::NetworkError;
        const QByteArray partial = reply->readAll();
        const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
        if (!status.isValid()) {
            r.fault = HttpFault::Connection;
            r.networkError = reply->errorString();
        } else if (length.isValid()) {
            r.fault = HttpFault::CutBody;
            r.networkError = u"the connection closed after %1 of %2 bytes of the answer"_s
                                 .arg(partial.size()).arg(length.toLongLong());
        } else {
            r.fault = HttpFault::CutBody;
            r.networkError = u"the connection closed after %1 bytes of the answer, before its end"_s
                                 .arg(partial.size());
        }
        return r;
    }
    if (!status.isValid()) {
        r.outcome = HttpOutcome::NetworkError;
        r.fault = HttpFault::Connection;
        r.networkError = reply->errorString();
        return r;
    }
    r.outcome = HttpOutcome::Response;
    r.body = reply->readAll();
    for (const auto &[name, value] : reply->rawHeaderPairs())
        r.headers.insert(name.toLower(), value);
    r.retryAfterMs = retryAfterMs(r.headers, r.body);
    if (m_spec.expectJson && r.status >= 200 && r.status < 300 && !r.body.isEmpty()
        && !isCompleteJson(r.body)) {
        r.outcome = HttpOutcome::NetworkError;
        r.fault = HttpFault::MalformedBody;
        r.networkError = u"the answer was not complete JSON (%1 bytes)"_s.arg(r.body.size());
    }
    return r;
}

void HttpCall::onReplyFinished()
{
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    m_timeout->stop();
    reply->disconnect(this); // a late signal of this attempt can never reach a later one
    reply->deleteLater();

    HttpResponse r = readOutcome(reply);
    qCDebug(lcNet).noquote() << m_spec.method << m_spec.url.toDisplayString(QUrl::RemoveQuery)
                             << "->" << (r.outcome == HttpOutcome::Response ? QString::number(r.status)
                                                                            : r.networkError);

    const RetryPolicy &p = m_spec.retry;
    const bool retryable =
        (r.outcome != HttpOutcome::Response && r.fault != HttpFault::TooLarge && p.retryNetworkErrors)
        || (r.outcome == HttpOutcome::Response && p.retryStatuses.contains(r.status))
        || (r.outcome == HttpOutcome::Response && r.status == 429 && p.retryRateLimited
            && r.retryAfterMs <= p.maxRetryAfterMs);
    if (retryable && p.mayRetry && !p.mayRetry(r)) {
        finish(r);
        return;
    }
    // A 429 waits for the server's hint; without one (or "0") it backs off like any retry.
    const qint64 hint = r.status == 429 && r.retryAfterMs > 0 ? r.retryAfterMs : -1;
    if (retryable && scheduleRetry(hint))
        return;
    finish(r);
}

bool HttpCall::scheduleRetry(qint64 hintMs)
{
    const int retryIndex = m_attempt - 1; // 0-based: the first retry waits up to base·2^0
    if (retryIndex >= m_spec.retry.maxRetries)
        return false;
    qint64 delay = hintMs;
    if (delay < 0) {
        const double ceiling = std::min<double>(m_spec.retry.maxDelayMs,
                                                m_spec.retry.baseDelayMs * std::pow(2.0, retryIndex));
        delay = qint64(QRandomGenerator::global()->bounded(ceiling + 1.0));
    }
    m_backoff->start(int(std::clamp<qint64>(delay, 0, m_spec.retry.maxRetryAfterMs)));
    return true;
}

void HttpCall::finish(HttpResponse response)
{
    if (m_done)
        return;
    m_done = true;
    // Deliver from the event loop so callers never re-enter from inside start()/abort().
    QMetaObject::invokeMethod(this, [this, response = std::move(response)] { emit finished(response); },
                              Qt::QueuedConnection);
}


qint64 HttpCall::retryAfterMs(const QHash<QByteArray, QByteArray> &headers, const QByteArray &body)
{
    if (const QByteArray ms = headers.value("retry-after-ms"); !ms.isEmpty()) {
        bool ok = false;
        const double v = ms.trimmed().toDouble(&ok);
        if (ok && v >= 0)
            return qint64(v);
    }
    if (const QByteArray ra = headers.value("retry-after").trimmed(); !ra.isEmpty()) {
        bool ok = false;
        const double secs = ra.toDouble(&ok);
        if (ok && secs >= 0)
            return qint64(std::ceil(secs * 1000.0));
        const QDateTime date = QDateTime::fromString(QString::fromLatin1(ra), Qt::RFC2822Date);
        if (date.isValid())
            return std::max<qint64>(0, QDateTime::currentDateTimeUtc().msecsTo(date));
    }
    const QJsonObject root = QJsonDocument::fromJson(body).object();
    // Gemini: error.details[] {"@type": "...RetryInfo", "retryDelay": "37s"}.
    for (const QJsonValue &d : root.value(u"error"_s).toObject().value(u"details"_s).toArray()) {
        const QString delay = d.toObject().value(u"retryDelay"_s).toString();
        if (delay.endsWith(u's')) {
            bool ok = false;
            const double secs = QStringView(delay).chopped(1).toDouble(&ok);
            if (ok && secs >= 0)
                return qint64(std::ceil(secs * 1000.0));
        }
    }
    const QJsonObject hint = root.value(u"retry_after"_s).toObject();
    if (hint.contains(u"interval"_s)) {
        const double interval = hint.value(u"interval"_s).toDouble();
        const QString unit = hint.value(u"unit"_s).toString().toLower();
        double factor = 1000.0;
        if (unit == "ms"_L1 || unit.startsWith(u"milli"_s))
            factor = 1.0;
        else if (unit == "m"_L1 || unit.startsWith(u"min"_s))
            factor = 60000.0;
        return qint64(interval * factor);
    }
    return -1;
}
