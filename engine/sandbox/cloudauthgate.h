#pragma once

#include "apireply.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

#include <optional>

// Who may call the sandbox LLM's cloud routes: a service account (its public key checks the
// JWTs presented at /token), an authorized_user client and refresh token, and an AWS key pair
// for SigV4. Empty fields: that way in is closed.
struct CloudAuthConfig
{
    QString googleClientEmail;
    QByteArray googlePublicKeyPem;
    QString userClientId, userClientSecret, userRefreshToken;
    int accessTokenLifetimeSec = 3600;
    QString awsAccessKeyId, awsSecretAccessKey, awsSessionToken;
    QString awsRegion = QStringLiteral("us-east-1");
};

// The sandbox's Google token endpoint and the checks in front of the Vertex and Bedrock
// routes, answering like the real services: a JWT that does not verify is 400 invalid_grant,
// an unknown or expired access token 401 UNAUTHENTICATED, a SigV4 signature that does not
// match (recomputed with SigV4 over the request as received) 403 InvalidSignatureException.
class CloudAuthGate final
{
public:
    using Headers = QList<QPair<QByteArray, QByteArray>>;

    static constexpr qint64 MaxClockSkewSec = 300;

    void setConfig(const CloudAuthConfig &config) { m_config = config; }
    const CloudAuthConfig &config() const { return m_config; }
    void expireAccessTokens() { m_tokens.clear(); }
    int issuedTokens() const { return int(m_tokens.size()); }

    // POST /token with a form body; `tokenUrl` is the audience a JWT must name.
    ApiReply token(const QByteArray &body, const QUrl &tokenUrl);
    // nullopt when "Authorization: Bearer <token>" names a live token; else the 401 answer.
    std::optional<ApiReply> checkBearer(const Headers &headers) const;
    // nullopt when the SigV4 signature matches; else the 403 answer. `wirePath` is the path as
    // received (percent-encoding preserved), `url` carries the query.
    std::optional<ApiReply> checkSigV4(const QByteArray &method, const QByteArray &wirePath,
                                       const QUrl &url, const Headers &headers,
                                       const QByteArray &body) const;

private:
    ApiReply jwtBearer(const QString &assertion, const QUrl &tokenUrl);
    ApiReply refreshGrant(const QString &clientId, const QString &clientSecret,
                          const QString &refreshToken);
    ApiReply issue();

    CloudAuthConfig m_config;
    QHash<QString, QDateTime> m_tokens; // access token → expiry (UTC)
};
