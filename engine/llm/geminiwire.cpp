#include "geminiwire.h"

#include "llmjson.h"
#include "llmprovider.h"
#include "net/httpcall.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace GeminiWire {

QJsonObject generateContentBody(const LlmRequest &request)
{
    return QJsonObject{
        {u"systemInstruction"_s,
         QJsonObject{{u"parts"_s, QJsonArray{QJsonObject{{u"text"_s, request.system}}}}}},
        {u"contents"_s,
         QJsonArray{QJsonObject{{u"role"_s, u"user"_s},
                                {u"parts"_s, QJsonArray{QJsonObject{{u"text"_s, request.user}}}}}}},
        {u"generationConfig"_s,
         QJsonObject{{u"temperature"_s, 0},
                     {u"maxOutputTokens"_s, request.maxTokens},
                     {u"responseMimeType"_s, u"application/json"_s},
                     {u"responseSchema"_s, toGeminiSchema(request.schema)}}}};
}

LlmReply parseReply(const HttpResponse &r, const QString &provider)
{
    LlmReply reply;
    const QJsonObject root = QJsonDocument::fromJson(r.body).object();
    if (!r.isSuccess()) {
        const QJsonObject err = root.value(u"error"_s).toObject();
        reply.error = LlmError::fromResponse(r, provider, err.value(u"message"_s).toString());
        if (r.status == 429 && r.body.contains("PerDay"))
            reply.error.kind = LlmError::Kind::Quota;
        // Gemini reports a bad key as 400 INVALID_ARGUMENT "API key not valid".
        if (r.status == 400 && err.value(u"message"_s).toString().contains(u"API key"_s))
            reply.error.kind = LlmError::Kind::Auth;
        return reply;
    }
    const QJsonObject usage = root.value(u"usageMetadata"_s).toObject();
    reply.usage.inputTokens = usage.value(u"promptTokenCount"_s).toInteger();
    reply.usage.outputTokens = usage.value(u"candidatesTokenCount"_s).toInteger() +
                               usage.value(u"thoughtsTokenCount"_s).toInteger();
    const QJsonArray candidates = root.value(u"candidates"_s).toArray();
    if (candidates.isEmpty()) {
        const QString block =
            root.value(u"promptFeedback"_s).toObject().value(u"blockReason"_s).toString();
        reply.error = block.isEmpty() ? LlmError{LlmError::Kind::InvalidOutput, 0,
                                                 provider + u": no candidates"_s}
                                      : LlmError{LlmError::Kind::Refusal, 0,
                                                 provider + u": prompt blocked ("_s + block + u')'};
        return reply;
    }
    const QJsonObject candidate = candidates.at(0).toObject();
    const QString finish = candidate.value(u"finishReason"_s).toString();
    QString text;
    for (const QJsonValue &part :
         candidate.value(u"content"_s).toObject().value(u"parts"_s).toArray()) {
        if (!part.toObject().value(u"thought"_s).toBool())
            text += part.toObject().value(u"text"_s).toString();
    }
    if (finish == "MAX_TOKENS"_L1) {
        reply.rawText = text;
        reply.error = {LlmError::Kind::Truncated, 0,
                       provider + u": the answer hit maxOutputTokens"_s};
        return reply;
    }
    if (finish == "SAFETY"_L1 || finish == "RECITATION"_L1 || finish == "PROHIBITED_CONTENT"_L1) {
        reply.error = {LlmError::Kind::Refusal, 0, provider + u": stopped for "_s + finish};
        return reply;
    }
    LlmProvider::takeJsonText(text, reply, provider);
    return reply;
}

bool mayRetry(const HttpResponse &r)
{
    return !(r.status == 429 && r.body.contains("PerDay"));
}

} // namespace GeminiWire
