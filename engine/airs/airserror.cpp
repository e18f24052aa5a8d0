#include "airserror.h"

#include "domain/redaction.h"
#include "net/httpcall.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

QString AirsError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::None: return u"ok"_s;
    case Kind::Auth: return u"authentication failed"_s;
    case Kind::NotFound: return u"not found"_s;
    case Kind::Validation: return u"rejected as invalid"_s;
    case Kind::Conflict: return u"conflict"_s;
    case Kind::RateLimited: return u"rate limited"_s;
    case Kind::Server: return u"server error"_s;
    case Kind::Network: return u"network error"_s;
    case Kind::Timeout: return u"timed out"_s;
    case Kind::Cancelled: return u"cancelled"_s;
    case Kind::InvalidResponse: return u"invalid response"_s;
    }
    return {};
}

QString AirsError::toString() const
{
    QString s = u"AIRS "_s + kindName(kind);
    if (httpStatus > 0)
        s += u" (HTTP %1)"_s.arg(httpStatus);
    if (!message.isEmpty())
        s += u": "_s + Redaction::apply(message); // again: a message may be built by hand
    return s;
}

QString AirsError::serverMessage(const QByteArray &body)
{
    return Redaction::apply(rawServerMessage(body));
}

QString AirsError::rawServerMessage(const QByteArray &body)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (doc.isObject()) {
        const QJsonObject o = doc.object();
        for (const auto key : {"error_message"_L1, "message"_L1}) {
            if (o.value(key).isString() && !o.value(key).toString().isEmpty())
                return o.value(key).toString();
        }
        const QJsonValue err = o.value(u"error"_s);
        if (err.isObject() && err.toObject().value(u"message"_s).isString())
            return err.toObject().value(u"message"_s).toString();
        if (err.isString()) {
            const QString desc = o.value(u"error_description"_s).toString();
            return desc.isEmpty() ? err.toString() : err.toString() + u": "_s + desc;
        }
    }
    if (doc.isNull() && !body.isEmpty() && body.size() < 300 && !body.contains('{'))
        return QString::fromUtf8(body).trimmed();
    return {};
}

AirsError AirsError::invalid(const QString &what, const QString &detail)
{
    return AirsError{Kind::InvalidResponse, 0, what + u": "_s + Redaction::apply(detail), -1};
}

AirsError AirsError::fromResponse(const HttpResponse &r, const QString &what)
{
    AirsError e;
    switch (r.outcome) {
    case HttpOutcome::Cancelled:
        e.kind = Kind::Cancelled;
        e.message = what + u" was cancelled"_s;
        return e;
    case HttpOutcome::Timeout:
        e.kind = Kind::Timeout;
        e.message = what + u": "_s + Redaction::apply(r.networkError);
        return e;
    case HttpOutcome::NetworkError:
        e.kind = Kind::Network;
        e.message = what + u": "_s + Redaction::apply(r.networkError); // Qt's text may hold the URL
        return e;
    case HttpOutcome::Response:
        break;
    }
    if (r.status >= 200 && r.status < 300)
        return e;
    e.httpStatus = r.status;
    e.retryAfterMs = r.retryAfterMs;
    const QString server = serverMessage(r.body);
    e.message = server.isEmpty() ? what : what + u": "_s + server;
    if (r.status == 401 || r.status == 403)
        e.kind = Kind::Auth;
    else if (r.status == 404)
        e.kind = Kind::NotFound;
    else if (r.status == 409)
        e.kind = Kind::Conflict;
    else if (r.status == 429)
        e.kind = Kind::RateLimited;
    else if (r.status >= 500)
        e.kind = Kind::Server;
    else
        e.kind = Kind::Validation;
    return e;
}
