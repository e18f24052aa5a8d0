#include "llmerror.h"

#include "domain/redaction.h"
#include "net/httpcall.h"

using namespace Qt::StringLiterals;

QString LlmError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::None: return u"ok"_s;
    case Kind::Auth: return u"authentication failed"_s;
    case Kind::Quota: return u"quota or billing exhausted"_s;
    case Kind::Transient: return u"temporarily unavailable"_s;
    case Kind::BadRequest: return u"request refused"_s;
    case Kind::Refusal: return u"the model refused"_s;
    case Kind::Truncated: return u"output cut off"_s;
    case Kind::InvalidOutput: return u"invalid output"_s;
    case Kind::Network: return u"network error"_s;
    case Kind::Timeout: return u"timed out"_s;
    case Kind::Cancelled: return u"cancelled"_s;
    }
    return {};
}

QString LlmError::toString() const
{
    QString s = u"LLM "_s + kindName(kind);
    if (httpStatus > 0)
        s += u" (HTTP %1)"_s.arg(httpStatus);
    if (!message.isEmpty())
        s += u": "_s + Redaction::apply(message); // again: providers build some by hand
    return s;
}

LlmError LlmError::fromResponse(const HttpResponse &r, const QString &provider,
                                const QString &serverMessage)
{
    LlmError e;
    switch (r.outcome) {
    case HttpOutcome::Cancelled:
        return LlmError{Kind::Cancelled, 0, provider + u" call cancelled"_s};
    case HttpOutcome::Timeout:
        return LlmError{Kind::Timeout, 0, provider + u": "_s + Redaction::apply(r.networkError)};
    case HttpOutcome::NetworkError: // Qt's text may hold the URL, and Gemini's may hold a key
        return LlmError{Kind::Network, 0, provider + u": "_s + Redaction::apply(r.networkError)};
    case HttpOutcome::Response:
        break;
    }
    if (r.status >= 200 && r.status < 300)
        return e;
    e.httpStatus = r.status;
    e.message = serverMessage.isEmpty() ? provider : provider + u": "_s + Redaction::apply(serverMessage);
    if (r.status == 401 || r.status == 403)
        e.kind = Kind::Auth;
    else if (r.status == 402)
        e.kind = Kind::Quota;
    else if (r.status == 408 || r.status == 409 || r.status == 429 || r.status >= 500)
        e.kind = Kind::Transient;
    else
        e.kind = Kind::BadRequest;
    return e;
}
