#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QPair>

// One HTTP answer, built by a route handler and written later by the emulator.
struct ApiReply
{
    int status = 200;
    QByteArray contentType = QByteArrayLiteral("application/json");
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers; // extra headers, e.g. Retry-After
    // A "cut" fault: the status line and headers announce the full Content-Length, only the
    // first half of the body follows, then the connection closes.
    bool cutBody = false;

    static ApiReply json(const QJsonObject &object, int status = 200);
    static ApiReply json(const QJsonArray &array, int status = 200);
    static ApiReply jsonString(const QString &text, int status = 200); // a bare JSON string
    // Scan API error shape: {"error":{"message":…}}.
    static ApiReply scanError(int status, const QString &message);
    // Management and Red Team error shape: {"message":…} (plus "error_message" for clients
    // that read that first).
    static ApiReply message(int status, const QString &message);
    // Unknown route / wrong method: carries both shapes so any client finds the text.
    static ApiReply routeError(int status, const QString &message);
    static ApiReply rateLimited(int retryAfterSeconds, const QString &message);
};
