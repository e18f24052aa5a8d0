#include "payloadhash.h"

#include <QMessageAuthenticationCode>

QByteArray PayloadHash::compute(const QString &apiKey, const QByteArray &body)
{
    return QMessageAuthenticationCode::hash(body, apiKey.toUtf8(), QCryptographicHash::Sha256)
        .toHex();
}

bool PayloadHash::verify(const QString &apiKey, const QByteArray &body, const QByteArray &received)
{
    const QByteArray expected = compute(apiKey, body);
    const QByteArray given = received.trimmed().toLower();
    if (given.size() != expected.size())
        return false;
    char diff = 0;
    for (qsizetype i = 0; i < expected.size(); ++i)
        diff |= char(expected.at(i) ^ given.at(i));
    return diff == 0;
}
