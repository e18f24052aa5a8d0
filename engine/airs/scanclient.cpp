#include "scanclient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageAuthenticationCode>
#include <QPointer>

using namespace Qt::StringLiterals;

ScanClient::ScanClient(QNetworkAccessManager *manager, AirsSettings settings, QObject *parent)
    : QObject(parent)
    , m_manager(manager)
    , m_settings(std::move(settings))
{
}

QByteArray ScanClient::payloadHash(const QString &apiKey, const QByteArray &body)
{
    return QMessageAuthenticationCode::hash(body, apiKey.toUtf8(), QCryptographicHash::Sha256).toHex();
}

HttpRequestSpec ScanClient::buildRequest(const AirsSettings &settings, const Request &request)
{
    QJsonObject content{{u"prompt"_s, request.prompt}};
    if (!request.response.isEmpty())
        content.insert(u"response"_s, request.response);
    QJsonObject body{{u"ai_profile"_s, QJsonObject{{u"profile_name"_s, request.profileName}}},
                     {u"contents"_s, QJsonArray{content}}};
    if (!request.trId.isEmpty())
        body.insert(u"tr_id"_s, request.trId);
    if (!request.sessionId.isEmpty())
        body.insert(u"session_id"_s, request.sessionId);

    HttpRequestSpec spec;
    spec.method = QByteArrayLiteral("POST");
    spec.url = appendPath(settings.scanEndpoint, u"/v1/scan/sync/request"_s);
    spec.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    spec.timeoutMs = settings.timeoutMs;
    spec.retry = settings.retry;
    spec.expectJson = true;
    spec.headers = {{"Content-Type", "application/json"},
                    {"Accept", "application/json"},
                    {"service-name", "api"},
                    {"User-Agent", airsUserAgent()}};
    if (!settings.apiKey.isEmpty()) {
        spec.headers.append({"x-pan-token", settings.apiKey.toUtf8()});
        spec.headers.append({"x-payload-hash", payloadHash(settings.apiKey, spec.body)});
    }
    if (!settings.bearerToken.isEmpty())
        spec.headers.append({"Authorization", "Bearer " + settings.bearerToken.toUtf8()});
    return spec;
}

HttpCall *ScanClient::scan(const Request &request, QObject *context, Callback done)
{
    auto *call = new HttpCall(m_manager, buildRequest(m_settings, request), this);
    const Intent intent = request.intent;
    QPointer<QObject> guard(context);
    connect(call, &HttpCall::finished, this, [call, guard, intent, done = std::move(done)](const HttpResponse &r) {
        call->deleteLater();
        if (!guard)
            return;
        AirsResult<ScanVerdict> result;
        result.error = AirsError::fromResponse(r, u"scan"_s);
        if (result.ok())
            result = ScanVerdict::parse(r.body, intent);
        done(result);
    });
    call->start();
    return call;
}
