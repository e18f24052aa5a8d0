#include "tokenstore.h"

#include <QRandomGenerator>

QString TokenStore::issue(int lifetimeSeconds)
{
    // Drop expired tokens so a long sandbox session does not grow without bound.
    m_tokens.removeIf([](const std::pair<const QString &, QDeadlineTimer &> &entry) {
        return entry.second.hasExpired();
    });

    QByteArray raw(32, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(raw.data()),
                                          raw.size() / qsizetype(sizeof(quint32)));
    const QString token =
        QStringLiteral("sbx.") + QString::fromLatin1(raw.toBase64(QByteArray::Base64UrlEncoding |
                                                                  QByteArray::OmitTrailingEquals));
    m_tokens.insert(token, QDeadlineTimer(qint64(qMax(0, lifetimeSeconds)) * 1000));
    return token;
}

bool TokenStore::isValid(const QString &token) const
{
    const auto it = m_tokens.constFind(token);
    return it != m_tokens.cend() && !it->hasExpired();
}

void TokenStore::expireAll()
{
    m_tokens.clear();
}
