#pragma once

#include "googlecredentials.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

// The JWT a service account exchanges for an access token (grant type
// urn:ietf:params:oauth:grant-type:jwt-bearer), signed RS256 (RSASSA-PKCS1-v1_5 with SHA-256)
// through OpenSSL, and its verification (the sandbox token endpoint uses it).
namespace GoogleJwt {

inline constexpr qint64 LifetimeSec = 3600; // the longest Google accepts

QByteArray base64Url(const QByteArray &data); // no padding

// header {"alg":"RS256","typ":"JWT","kid":privateKeyId}, claims {iss, scope, aud=tokenUri,
// iat, exp=iat+3600}. Empty with a one-line `error` when the key cannot be read or used.
QByteArray assertion(const GoogleCredentials &serviceAccount, const QString &scope,
                     qint64 issuedAtUnix, QString *error);

struct Verified
{
    QJsonObject header;
    QJsonObject claims;
};
// Checks the shape, alg RS256 and the signature with a PEM public key (SubjectPublicKeyInfo);
// `error` says what failed. Claims are decoded, not judged: the caller checks them.
std::optional<Verified> verify(const QByteArray &jwt, const QByteArray &publicKeyPem,
                               QString *error);

} // namespace GoogleJwt
