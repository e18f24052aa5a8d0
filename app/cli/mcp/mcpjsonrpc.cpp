#include "mcpjsonrpc.h"

#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>

using namespace Qt::StringLiterals;

namespace McpJsonRpc {

namespace {

QByteArray line(const QJsonObject &object)
{
    // Compact JSON escapes every control character, so the line holds no '\n' of its own.
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

Message invalid(const QJsonValue &id, int code, const QString &text)
{
    Message m;
    m.kind = Message::Kind::Invalid;
    m.reply = error(id, code, text);
    return m;
}

} // namespace

bool isValidId(const QJsonValue &id)
{
    if (id.isString())
        return true;
    if (!id.isDouble())
        return false;
    const double d = id.toDouble();
    return std::isfinite(d) && d == std::floor(d) && std::fabs(d) <= 9007199254740991.0;
}

Message parse(const QByteArray &text)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return invalid(QJsonValue::Null, ParseError, u"Parse error: "_s + parseError.errorString());
    if (doc.isArray())
        return invalid(QJsonValue::Null, InvalidRequest, u"Invalid request: batches are not part of MCP"_s);
    if (!doc.isObject())
        return invalid(QJsonValue::Null, InvalidRequest, u"Invalid request: not a JSON object"_s);
    const QJsonObject o = doc.object();
    const bool hasId = o.contains(u"id"_s);
    const QJsonValue id = o.value(u"id"_s);
    const QJsonValue replyId = hasId && isValidId(id) ? id : QJsonValue(QJsonValue::Null);
    if (o.value(u"jsonrpc"_s) != u"2.0"_s)
        return invalid(replyId, InvalidRequest, u"Invalid request: \"jsonrpc\" must be \"2.0\""_s);
    if (hasId && !isValidId(id))
        return invalid(QJsonValue::Null, InvalidRequest, u"Invalid request: an id must be a string or a whole number"_s);

    Message m;
    m.id = hasId ? id : QJsonValue(QJsonValue::Null);
    if (o.contains(u"method"_s)) {
        if (!o.value(u"method"_s).isString())
            return invalid(replyId, InvalidRequest, u"Invalid request: \"method\" must be a string"_s);
        m.method = o.value(u"method"_s).toString();
        const QJsonValue params = o.value(u"params"_s);
        if (!params.isUndefined() && !params.isObject()) {
            if (!hasId) // a notification gets no answer, not even an error
                return Message{};
            return invalid(replyId, InvalidParams, u"Invalid params: \"params\" must be an object"_s);
        }
        m.params = params.toObject();
        m.kind = hasId ? Message::Kind::Request : Message::Kind::Notification;
        return m;
    }
    if (hasId && (o.contains(u"result"_s) || o.value(u"error"_s).isObject())) {
        m.kind = Message::Kind::Response;
        m.result = o.value(u"result"_s);
        m.error = o.value(u"error"_s).toObject();
        return m;
    }
    return invalid(replyId, InvalidRequest, u"Invalid request: neither a method nor a result"_s);
}

QByteArray result(const QJsonValue &id, const QJsonObject &value)
{
    return line({{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"result"_s, value}});
}

QByteArray error(const QJsonValue &id, int code, const QString &message)
{
    return line({{u"jsonrpc"_s, u"2.0"_s},
                 {u"id"_s, id},
                 {u"error"_s, QJsonObject{{u"code"_s, code}, {u"message"_s, message}}}});
}

QByteArray notification(const QString &method, const QJsonObject &params)
{
    return line({{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, method}, {u"params"_s, params}});
}

QByteArray request(const QJsonValue &id, const QString &method, const QJsonObject &params)
{
    return line({{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"method"_s, method}, {u"params"_s, params}});
}

} // namespace McpJsonRpc
