#pragma once

#include <QDeadlineTimer>
#include <QHash>
#include <QString>

// Opaque OAuth access tokens issued by the emulator, each with a server-side expiry.
class TokenStore final
{
public:
    QString issue(int lifetimeSeconds); // a fresh random token
    bool isValid(const QString &token) const;
    void expireAll();
    int size() const { return int(m_tokens.size()); }

private:
    QHash<QString, QDeadlineTimer> m_tokens;
};
