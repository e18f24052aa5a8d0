#pragma once

#include <QString>

struct HttpResponse;

// A failed LLM call, typed so the caller can decide: retry with more room (Truncated),
// ask again (InvalidOutput), or stop and tell the person (Auth, Quota, Refusal, …).
// `message` carries the provider's words and never a key: fromResponse() redacts them
// (domain/redaction.h) and toString() does so again for messages built by hand.
struct LlmError
{
    enum class Kind {
        None,
        Auth,          // 401/403: the key is missing, wrong or lacks permission
        Quota,         // billing exhausted / daily quota: retrying will not help
        Transient,     // 429/5xx/529 still failing after the retries
        BadRequest,    // 400/404/413/422: the request itself was refused (model name, schema…)
        Refusal,       // the model declined or a safety filter blocked the answer
        Truncated,     // stopped for length: the JSON is partial
        InvalidOutput, // not JSON, or not the object the schema asks for
        Network,
        Timeout,
        Cancelled
    };

    Kind kind = Kind::None;
    int httpStatus = 0;
    QString message;

    bool isError() const { return kind != Kind::None; }
    QString toString() const;
    static QString kindName(Kind kind);
    // Transport-level and HTTP-status mapping shared by every provider; providers refine it.
    static LlmError fromResponse(const HttpResponse &response, const QString &provider,
                                 const QString &serverMessage);
};
