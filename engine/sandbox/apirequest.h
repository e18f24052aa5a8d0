#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrlQuery>

// What the emulator copies out of a QHttpServerRequest before answering it later.
struct ApiRequest
{
    QByteArray method; // "GET", "POST", …
    QString path;      // decoded path, e.g. "/aisec/v1/mgmt/topic"
    QString query;     // the query string, without '?'
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;

    QByteArray header(QByteArrayView name) const; // case-insensitive; empty when absent
    bool hasHeader(QByteArrayView name) const;
    QString queryItem(const QString &key) const; // fully decoded; empty when absent
    bool hasQueryItem(const QString &key) const;
    QString bearerToken() const; // from "Authorization: Bearer …"
};
