#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

// JSON-RPC 2.0 as the Model Context Protocol's stdio transport carries it: one message per
// line, UTF-8, no batches. parse() reads a line a client sent; the writers make the lines the
// server sends (compact JSON, one '\n' at the end, never a line break inside).
namespace McpJsonRpc {

enum ErrorCode {
    ParseError = -32700,
    InvalidRequest = -32600,
    MethodNotFound = -32601,
    InvalidParams = -32602,
    InternalError = -32603,
};

struct Message
{
    enum class Kind { Request, Notification, Response, Invalid };
    Kind kind = Kind::Invalid;
    QJsonValue id;      // a string or a number for requests and responses; null otherwise
    QString method;     // requests and notifications
    QJsonObject params; // absent params read as {}
    QJsonValue result;  // responses
    QJsonObject error;  // responses with an error
    // Invalid: what to answer (the error response's line), or empty when nothing should be
    // answered (an invalid notification cannot be answered).
    QByteArray reply;
};

// Never throws and never fails to return: anything that is not a JSON-RPC 2.0 message becomes
// Invalid with the error the specification asks for (parse error, invalid request).
Message parse(const QByteArray &line);

// Whether `id` may identify a request: a string or a whole number (MCP: not null).
bool isValidId(const QJsonValue &id);

QByteArray result(const QJsonValue &id, const QJsonObject &result);
QByteArray error(const QJsonValue &id, int code, const QString &message);
QByteArray notification(const QString &method, const QJsonObject &params);
QByteArray request(const QJsonValue &id, const QString &method, const QJsonObject &params);

} // namespace McpJsonRpc
