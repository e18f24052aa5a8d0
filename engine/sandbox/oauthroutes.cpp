#include "oauthroutes.h"

#include "emulatorstate.h"

#include <QUrlQuery>

using namespace Qt::StringLiterals;

OAuthRoutes::OAuthRoutes(EmulatorState &state)
    : m_state(state)
{}

std::optional<ApiReply> OAuthRoutes::handle(const ApiRequest &request)
{
    if (request.path != TokenPath)
        return std::nullopt;
    if (request.method != "POST")
        return ApiReply::routeError(405, u"method %1 not allowed on %2"_s.arg(
                                             QString::fromLatin1(request.method), request.path));
    return issueToken(request);
}

ApiReply OAuthRoutes::issueToken(const ApiRequest &request)
{
    const AirsCredentials &creds = m_state.options.credentials;
    const QByteArray auth = request.header("authorization").trimmed();
    const QByteArray expected =
        "Basic " + (creds.clientId + u':' + creds.clientSecret).toUtf8().toBase64();
    if (auth.isEmpty())
        return oauthError(401, u"invalid_client"_s,
                          u"client authentication required: send HTTP Basic credentials"_s);
    if (auth != expected)
        return oauthError(401, u"invalid_client"_s, u"client authentication failed"_s);

    const QByteArray contentType = request.header("content-type").toLower();
    if (!contentType.startsWith("application/x-www-form-urlencoded"))
        return oauthError(400, u"invalid_request"_s,
                          u"the body must be application/x-www-form-urlencoded"_s);

    // Form encoding writes spaces as '+'; QUrlQuery only decodes %XX.
    QByteArray form = request.body;
    form.replace('+', ' ');
    const QUrlQuery query(QString::fromUtf8(form));
    const QString grant = query.queryItemValue(u"grant_type"_s, QUrl::FullyDecoded);
    const QString scope = query.queryItemValue(u"scope"_s, QUrl::FullyDecoded);
    if (grant != u"client_credentials")
        return oauthError(400, u"unsupported_grant_type"_s,
                          u"grant_type must be client_credentials"_s);
    const QString wantedScope = u"tsg_id:"_s + creds.tsgId;
    if (scope != wantedScope)
        return oauthError(400, u"invalid_scope"_s, u"scope must be tsg_id:<your TSG id>"_s);

    const int lifetime = m_state.options.tokenLifetimeSeconds;
    return ApiReply::json({{u"access_token"_s, m_state.tokens.issue(lifetime)},
                           {u"token_type"_s, u"Bearer"_s},
                           {u"expires_in"_s, lifetime},
                           {u"scope"_s, wantedScope}});
}

std::optional<ApiReply> OAuthRoutes::authorize(const ApiRequest &request) const
{
    const QString token = request.bearerToken();
    if (token.isEmpty())
        return ApiReply::message(401, u"missing bearer token: send Authorization: Bearer "
                                      "<access_token>"_s);
    if (!m_state.tokens.isValid(token))
        return ApiReply::message(401, u"access token is invalid or expired"_s);
    return std::nullopt;
}

ApiReply OAuthRoutes::oauthError(int status, const QString &error, const QString &description)
{
    return ApiReply::json({{u"error"_s, error}, {u"error_description"_s, description}}, status);
}
