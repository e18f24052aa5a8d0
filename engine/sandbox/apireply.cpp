#include "apireply.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

ApiReply ApiReply::json(const QJsonObject &object, int status)
{
    return {status,
            QByteArrayLiteral("application/json"),
            QJsonDocument(object).toJson(QJsonDocument::Compact),
            {}};
}

ApiReply ApiReply::json(const QJsonArray &array, int status)
{
    return {status,
            QByteArrayLiteral("application/json"),
            QJsonDocument(array).toJson(QJsonDocument::Compact),
            {}};
}

ApiReply ApiReply::jsonString(const QString &text, int status)
{
    // QJsonDocument cannot hold a bare string: serialize a one-element array and unwrap it.
    const QByteArray wrapped = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
    return {status, QByteArrayLiteral("application/json"), wrapped.mid(1, wrapped.size() - 2), {}};
}

ApiReply ApiReply::scanError(int status, const QString &message)
{
    return json(QJsonObject{{u"error"_s, QJsonObject{{u"message"_s, message}}}}, status);
}

ApiReply ApiReply::message(int status, const QString &message)
{
    return json(QJsonObject{{u"message"_s, message}, {u"error_message"_s, message}}, status);
}

ApiReply ApiReply::routeError(int status, const QString &message)
{
    return json(
        QJsonObject{{u"message"_s, message}, {u"error"_s, QJsonObject{{u"message"_s, message}}}},
        status);
}

ApiReply ApiReply::rateLimited(int retryAfterSeconds, const QString &message)
{
    ApiReply reply =
        json(QJsonObject{{u"message"_s, message},
                         {u"retry_after"_s, QJsonObject{{u"interval"_s, retryAfterSeconds},
                                                        {u"unit"_s, u"seconds"_s}}}},
             429);
    reply.headers.append({QByteArrayLiteral("Retry-After"), QByteArray::number(retryAfterSeconds)});
    return reply;
}
