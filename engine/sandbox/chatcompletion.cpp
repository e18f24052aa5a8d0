#include "chatcompletion.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {
// A message's content: a string, or an array of {"type":"text","text":…} parts.
QString contentText(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    QStringList parts;
    for (const QJsonValue &part : content.toArray()) {
        const QJsonObject p = part.toObject();
        if (p.value(u"type"_s).toString() == u"text")
            parts.append(p.value(u"text"_s).toString());
    }
    return parts.join(u'\n');
}

QJsonValue orNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue() : QJsonValue(s);
}
} // namespace

bool ChatCompletion::parse(const QByteArray &body, Request *out, QString *error)
{
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (!doc.isObject()) {
        *error = u"We could not parse the JSON body of your request: "_s + parseError.errorString();
        return false;
    }
    const QJsonObject root = doc.object();
    const QJsonArray messages = root.value(u"messages"_s).toArray();
    if (messages.isEmpty()) {
        *error = u"'messages' must be a non-empty array"_s;
        return false;
    }
    QStringList system, user;
    for (const QJsonValue &m : messages) {
        const QJsonObject message = m.toObject();
        const QString role = message.value(u"role"_s).toString();
        const QString text = contentText(message.value(u"content"_s));
        if (role == u"system" || role == u"developer")
            system.append(text);
        else if (role == u"user")
            user.append(text);
    }
    const QJsonObject format = root.value(u"response_format"_s).toObject();
    const QJsonObject jsonSchema = format.value(u"json_schema"_s).toObject();
    if (format.value(u"type"_s).toString() != u"json_schema" || jsonSchema.isEmpty()) {
        *error = u"The sandbox LLM needs response_format {\"type\":\"json_schema\",\"json_schema\":"
                 "{\"name\":<call>,\"schema\":…}} naming one of the prompt book's calls"_s;
        return false;
    }
    out->model = root.value(u"model"_s).toString();
    out->callName = jsonSchema.value(u"name"_s).toString();
    out->schema = jsonSchema.value(u"schema"_s).toObject();
    out->system = system.join(u"\n\n"_s);
    out->user = user.join(u"\n\n"_s);
    return true;
}

qint64 ChatCompletion::estimatedTokens(qint64 chars)
{
    return (chars + 3) / 4;
}

QByteArray ChatCompletion::completion(const QString &id, const QString &model,
                                      const QString &content, qint64 promptTokens,
                                      qint64 completionTokens)
{
    const QJsonObject message{
        {u"role"_s, u"assistant"_s}, {u"content"_s, content}, {u"refusal"_s, QJsonValue()}};
    const QJsonObject choice{{u"index"_s, 0},
                             {u"message"_s, message},
                             {u"logprobs"_s, QJsonValue()},
                             {u"finish_reason"_s, u"stop"_s}};
    const QJsonObject root{
        {u"id"_s, id},
        {u"object"_s, u"chat.completion"_s},
        {u"created"_s, QDateTime::currentSecsSinceEpoch()},
        {u"model"_s, model},
        {u"choices"_s, QJsonArray{choice}},
        {u"usage"_s, QJsonObject{{u"prompt_tokens"_s, promptTokens},
                                 {u"completion_tokens"_s, completionTokens},
                                 {u"total_tokens"_s, promptTokens + completionTokens}}}};
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

QByteArray ChatCompletion::error(const QString &message, const QString &type, const QString &param,
                                 const QString &code)
{
    const QJsonObject e{{u"message"_s, message},
                        {u"type"_s, type},
                        {u"param"_s, orNull(param)},
                        {u"code"_s, orNull(code)}};
    return QJsonDocument(QJsonObject{{u"error"_s, e}}).toJson(QJsonDocument::Compact);
}
