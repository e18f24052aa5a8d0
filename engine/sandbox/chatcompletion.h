#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

// The OpenAI Chat Completions wire format as the sandbox LLM speaks it (llm-apis.md §2):
// reading a request, writing a chat.completion body and an error body.
namespace ChatCompletion {

struct Request
{
    QString model;
    QString callName; // response_format.json_schema.name
    QJsonObject schema;
    QString system; // every system/developer message, joined
    QString user;   // every user message, joined
};

// Parses a request body; on failure returns false with an OpenAI-style message in `error`.
bool parse(const QByteArray &body, Request *out, QString *error);

// {"id","object":"chat.completion","created","model","choices":[{"message":{"content":…}}],
//  "usage"}: `content` is the JSON text the model "wrote".
QByteArray completion(const QString &id, const QString &model, const QString &content,
                      qint64 promptTokens, qint64 completionTokens);
// Roughly four characters per token, as tokenizers go for English.
qint64 estimatedTokens(qint64 chars);
// {"error":{"message","type","param","code"}}
QByteArray error(const QString &message, const QString &type, const QString &param = {},
                 const QString &code = {});

} // namespace ChatCompletion
