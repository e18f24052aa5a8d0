#pragma once

#include <QString>

struct HttpResponse;

// A failed AIRS call, typed so callers can react (re-authenticate, wait, show the message).
// `message` carries the server's own words, redacted where they enter (fromResponse,
// serverMessage, invalid) and again in toString(): it never contains a key, token or secret.
struct AirsError
{
    enum class Kind {
        None,
        Auth,          // 401/403, bad credentials, expired token
        NotFound,      // 404: unknown profile, topic or route
        Validation,    // 400/413/415/422: the request was refused as invalid
        Conflict,      // 409: duplicate name, topic still referenced
        RateLimited,   // 429 after the retries the policy allows
        Server,        // 5xx after retries
        Network,       // connection refused, reset, DNS
        Timeout,       // no complete answer in time
        Cancelled,     // the caller aborted
        InvalidResponse // 2xx with a body that does not parse or lacks required fields
    };

    Kind kind = Kind::None;
    int httpStatus = 0;
    QString message;
    qint64 retryAfterMs = -1;

    bool isError() const { return kind != Kind::None; }
    // The request may or may not have been carried out: no answer, a cut connection or body,
    // a timeout, a 5xx. A create that ends so is looked up before it is sent again.
    bool leavesOutcomeOpen() const
    {
        return kind == Kind::Server || kind == Kind::Network || kind == Kind::Timeout ||
               kind == Kind::InvalidResponse;
    }
    QString toString() const; // "AIRS rejected the credentials (HTTP 403): Invalid API key"

    static QString kindName(Kind kind);
    // Maps a finished HTTP exchange to an error (Kind::None for a 2xx). `what` names the call
    // for the message, e.g. "scan", "list topics".
    static AirsError fromResponse(const HttpResponse &response, const QString &what);
    static AirsError invalid(const QString &what, const QString &detail);
    // The server's message from any of the shapes AIRS uses: error_message, message,
    // error.message, error (string) + error_description; redacted (domain/redaction.h).
    static QString serverMessage(const QByteArray &body);

private:
    static QString rawServerMessage(const QByteArray &body);
};

template<typename T>
struct AirsResult
{
    T value{};
    AirsError error;
    bool ok() const { return !error.isError(); }
};
