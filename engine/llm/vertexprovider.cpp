#include "vertexprovider.h"

#include "domain/redaction.h"
#include "googletokensource.h"
#include "llmjson.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

VertexProvider::VertexProvider(QNetworkAccessManager *manager, LlmEndpoint endpoint,
                               QObject *parent)
    : LlmProvider(manager, std::move(endpoint), parent)
    , m_tokens(new GoogleTokenSource(manager, m_endpoint.google, this))
{}

QUrl VertexProvider::defaultBaseUrl(const QString &location)
{
    if (location.isEmpty() || location == "global"_L1)
        return QUrl(u"https://aiplatform.googleapis.com"_s);
    return QUrl(u"https://%1-aiplatform.googleapis.com"_s.arg(location));
}

QUrl VertexProvider::modelUrl(const QString &publisher, const QString &verb) const
{
    // The Anthropic SDK's base URL ends in /v1 ({location}-aiplatform.googleapis.com/v1):
    // accept both forms.
    const QString version = m_endpoint.baseUrl.path().endsWith(u"/v1"_s) ? QString() : u"/v1"_s;
    const QString path = u"%1/projects/%2/locations/%3/publishers/%4/models/%5:%6"_s.arg(
        version, m_endpoint.project, m_endpoint.location, publisher, m_endpoint.model, verb);
    return appendUrlPath(m_endpoint.baseUrl, path);
}

void VertexProvider::authorize(HttpRequestSpec spec, bool renew, QObject *context,
                               AuthorizeDone done)
{
    if (renew)
        m_tokens->invalidate();
    m_tokens->fetch(context, [spec = std::move(spec), done = std::move(done)](
                                 const QString &token, const LlmError &error) mutable {
        if (error.isError()) {
            done(std::move(spec), error);
            return;
        }
        spec.headers.append({QByteArrayLiteral("Authorization"), "Bearer " + token.toUtf8()});
        done(std::move(spec), {});
    });
}

bool VertexProvider::shouldReauthorize(const HttpResponse &response) const
{
    // A token can be revoked or expire early; a second 401 is reported, never looped on.
    return response.outcome == HttpOutcome::Response && response.status == 401;
}

void VertexProvider::explainAuthError(const HttpResponse &r, LlmReply &reply) const
{
    if (r.outcome != HttpOutcome::Response || (r.status != 401 && r.status != 403))
        return;
    const GoogleCredentials &c = m_endpoint.google;
    const QString who = c.kind == GoogleCredentials::Kind::ServiceAccount
                            ? c.clientEmail
                            : u"the authorized_user account (client %1)"_s.arg(c.clientId);
    const QString server = Redaction::apply(QJsonDocument::fromJson(r.body)
                                                .object()
                                                .value(u"error"_s)
                                                .toObject()
                                                .value(u"message"_s)
                                                .toString());
    reply.error.kind = LlmError::Kind::Auth;
    reply.error.httpStatus = r.status;
    if (r.status == 401)
        reply.error.message =
            u"%1: Google rejected the access token for %2 (%3): %4; check the key file and that the account is enabled"_s
                .arg(name(), who, c.origin, server.isEmpty() ? u"HTTP 401"_s : server);
    else
        reply.error.message =
            u"%1: Google denied %2 (%3) access to project %4: %5; check the project, the location and the account's Vertex AI role (roles/aiplatform.user)"_s
                .arg(name(), who, c.origin, m_endpoint.project,
                     server.isEmpty() ? u"HTTP 403"_s : server);
}
