#include "cloudauthgate.h"

#include "clouddialects.h"
#include "loopbackhttpserver.h"

#include "llm/cloudauth/googlejwt.h"
#include "llm/cloudauth/sigv4.h"

#include <QRandomGenerator>
#include <QTimeZone>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace {
constexpr QLatin1StringView kJwtBearer{"urn:ietf:params:oauth:grant-type:jwt-bearer"};
constexpr QLatin1StringView kCloudPlatform{"https://www.googleapis.com/auth/cloud-platform"};

ApiReply oauthError(int status, const QString &error, const QString &description)
{
    return ApiReply::json(QJsonObject{{u"error"_s, error}, {u"error_description"_s, description}},
                          status);
}

ApiReply invalidGrant(const QString &description)
{
    return oauthError(400, u"invalid_grant"_s, description);
}

bool constantTimeEquals(const QByteArray &a, const QByteArray &b)
{
    if (a.size() != b.size())
        return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

ApiReply signatureMismatch()
{
    return CloudDialects::bedrockError(
        403,
        u"The request signature we calculated does not match the signature you provided. Check "
        "your AWS Secret Access Key and signing method. Consult the service documentation for "
        "details."_s,
        u"InvalidSignatureException"_s);
}
} // namespace

ApiReply CloudAuthGate::token(const QByteArray &body, const QUrl &tokenUrl)
{
    const QUrlQuery form(QString::fromUtf8(body));
    const auto value = [&form](const QString &key) {
        return form.queryItemValue(key, QUrl::FullyDecoded);
    };
    const QString grant = value(u"grant_type"_s);
    if (grant == kJwtBearer)
        return jwtBearer(value(u"assertion"_s), tokenUrl);
    if (grant == u"refresh_token")
        return refreshGrant(value(u"client_id"_s), value(u"client_secret"_s),
                            value(u"refresh_token"_s));
    return oauthError(400, u"unsupported_grant_type"_s, u"Invalid grant_type: "_s + grant);
}

ApiReply CloudAuthGate::jwtBearer(const QString &assertion, const QUrl &tokenUrl)
{
    if (m_config.googlePublicKeyPem.isEmpty())
        return invalidGrant(u"Invalid JWT Signature."_s);
    QString error;
    const auto verified =
        GoogleJwt::verify(assertion.toLatin1(), m_config.googlePublicKeyPem, &error);
    if (!verified)
        return invalidGrant(u"Invalid JWT Signature."_s);
    const QJsonObject &claims = verified->claims;
    if (claims.value(u"iss"_s).toString() != m_config.googleClientEmail)
        return invalidGrant(u"Invalid grant: account not found"_s);
    if (claims.value(u"aud"_s).toString() != tokenUrl.toString(QUrl::FullyEncoded))
        return invalidGrant(u"Invalid JWT: Failed audience check. The expected value is %1"_s.arg(
            tokenUrl.toString(QUrl::FullyEncoded)));
    const QStringList scopes = claims.value(u"scope"_s).toString().split(u' ', Qt::SkipEmptyParts);
    if (!scopes.contains(kCloudPlatform))
        return oauthError(400, u"invalid_scope"_s,
                          u"Invalid OAuth scope or ID token audience provided."_s);
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    const qint64 iat = claims.value(u"iat"_s).toInteger(-1);
    const qint64 exp = claims.value(u"exp"_s).toInteger(-1);
    if (iat < 0 || exp <= now || exp - iat > GoogleJwt::LifetimeSec || iat > now + MaxClockSkewSec)
        return invalidGrant(u"Invalid JWT: Token must be a short-lived token (60 minutes) and in "
                            "a reasonable timeframe. Check your iat and exp values in the JWT "
                            "claim."_s);
    return issue();
}

ApiReply CloudAuthGate::refreshGrant(const QString &clientId, const QString &clientSecret,
                                     const QString &refreshToken)
{
    if (m_config.userClientId.isEmpty() || clientId != m_config.userClientId ||
        !constantTimeEquals(clientSecret.toUtf8(), m_config.userClientSecret.toUtf8()))
        return oauthError(401, u"invalid_client"_s, u"Unauthorized"_s);
    if (!constantTimeEquals(refreshToken.toUtf8(), m_config.userRefreshToken.toUtf8()))
        return invalidGrant(u"Bad Request"_s);
    return issue();
}

ApiReply CloudAuthGate::issue()
{
    QByteArray random(24, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(random.data()),
                                          random.size() / 4);
    const QString token = u"ya29.sandbox-"_s + QString::fromLatin1(random.toHex());
    m_tokens.insert(token,
                    QDateTime::currentDateTimeUtc().addSecs(m_config.accessTokenLifetimeSec));
    return ApiReply::json(QJsonObject{{u"access_token"_s, token},
                                      {u"expires_in"_s, m_config.accessTokenLifetimeSec},
                                      {u"token_type"_s, u"Bearer"_s}});
}

std::optional<ApiReply> CloudAuthGate::checkBearer(const Headers &headers) const
{
    const QByteArray authorization =
        LoopbackHttpServer::headerValue(headers, "authorization").trimmed();
    const QString token = authorization.startsWith("Bearer ")
                              ? QString::fromLatin1(authorization.mid(7).trimmed())
                              : QString();
    const auto it = m_tokens.constFind(token);
    if (!token.isEmpty() && it != m_tokens.constEnd() &&
        QDateTime::currentDateTimeUtc() < it.value())
        return std::nullopt;
    return CloudDialects::googleError(
        401, u"Request had invalid authentication credentials. Expected OAuth 2 access token, "
             "login cookie or other valid authentication credential. See "
             "https://developers.google.com/identity/sign-in/web/devconsole-project."_s);
}

std::optional<ApiReply> CloudAuthGate::checkSigV4(const QByteArray &method,
                                                  const QByteArray &wirePath, const QUrl &url,
                                                  const Headers &headers,
                                                  const QByteArray &body) const
{
    const SigV4::Authorization auth =
        SigV4::parseAuthorization(LoopbackHttpServer::headerValue(headers, "authorization"));
    if (!auth.isValid())
        return CloudDialects::bedrockError(
            403,
            u"Authorization header requires 'Credential', 'Signature' and 'SignedHeaders' "
            "parameters."_s,
            u"IncompleteSignatureException"_s);
    if (m_config.awsAccessKeyId.isEmpty() || auth.accessKeyId != m_config.awsAccessKeyId.toUtf8())
        return CloudDialects::bedrockError(
            403, u"The security token included in the request is invalid."_s,
            u"UnrecognizedClientException"_s);
    if (!m_config.awsSessionToken.isEmpty() &&
        LoopbackHttpServer::headerValue(headers, "x-amz-security-token") !=
            m_config.awsSessionToken.toUtf8())
        return CloudDialects::bedrockError(
            403, u"The security token included in the request is invalid."_s,
            u"UnrecognizedClientException"_s);
    if (auth.service != "bedrock" || auth.region != m_config.awsRegion.toUtf8())
        return CloudDialects::bedrockError(
            403, u"Credential should be scoped to a valid region and service 'bedrock'."_s,
            u"InvalidSignatureException"_s);

    const QByteArray amzDate = LoopbackHttpServer::headerValue(headers, "x-amz-date");
    QDateTime signedAt =
        QDateTime::fromString(QString::fromLatin1(amzDate), u"yyyyMMdd'T'HHmmss'Z'"_s);
    signedAt.setTimeZone(QTimeZone::utc());
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (!signedAt.isValid() || amzDate.left(8) != auth.date)
        return signatureMismatch();
    if (qAbs(signedAt.secsTo(now)) > MaxClockSkewSec)
        return CloudDialects::bedrockError(
            403,
            u"Signature expired: %1 is now earlier than %2 (%3 - 5 min.)"_s.arg(
                QString::fromLatin1(amzDate),
                now.addSecs(-MaxClockSkewSec).toString(u"yyyyMMdd'T'HHmmss'Z'"_s),
                now.toString(u"yyyyMMdd'T'HHmmss'Z'"_s)),
            u"InvalidSignatureException"_s);

    SigV4::Request request{method, url, {}, body};
    for (const QByteArray &name : auth.signedHeaders) {
        bool found = false;
        for (const auto &[header, value] : headers) {
            if (header.compare(name, Qt::CaseInsensitive) == 0) {
                request.headers.append({name, value});
                found = true;
            }
        }
        if (!found)
            return signatureMismatch();
    }
    const AwsCredentials credentials{m_config.awsAccessKeyId, m_config.awsSecretAccessKey,
                                     m_config.awsSessionToken, u"sandbox"_s};
    const SigV4::Signature expected = SigV4::signWirePath(
        request, wirePath, credentials, m_config.awsRegion, u"bedrock"_s, signedAt);
    if (!constantTimeEquals(expected.signature, auth.signature))
        return signatureMismatch();
    return std::nullopt;
}
