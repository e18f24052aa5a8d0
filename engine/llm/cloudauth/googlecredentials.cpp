#include "googlecredentials.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

using namespace Qt::StringLiterals;

GoogleCredentials GoogleCredentials::fromJson(const QByteArray &json, const QString &origin,
                                              QString *error)
{
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (!doc.isObject()) {
        *error = u"The Google credentials from %1 are not a JSON object (%2); use a "
                 "service-account key file or an authorized_user file"_s.arg(
                     origin, parseError.errorString());
        return {};
    }
    const QJsonObject o = doc.object();
    const auto text = [&o](QStringView key) {
        return o.value(key).toString();
    };
    const QString type = text(u"type");

    GoogleCredentials c;
    c.origin = origin;
    c.tokenUri = text(u"token_uri").isEmpty() ? QString(DefaultTokenUri) : text(u"token_uri");
    QStringList required;
    if (type == u"service_account") {
        c.kind = Kind::ServiceAccount;
        c.clientEmail = text(u"client_email");
        c.privateKeyPem = text(u"private_key");
        c.privateKeyId = text(u"private_key_id");
        c.projectId = text(u"project_id");
        required = {u"client_email"_s, u"private_key"_s};
    } else if (type == u"authorized_user") {
        c.kind = Kind::AuthorizedUser;
        c.clientId = text(u"client_id");
        c.clientSecret = text(u"client_secret");
        c.refreshToken = text(u"refresh_token");
        c.projectId = text(u"quota_project_id");
        required = {u"client_id"_s, u"client_secret"_s, u"refresh_token"_s};
    } else {
        *error = u"The Google credentials from %1 have type \"%2\"; Daystrom reads "
                 "\"service_account\" and \"authorized_user\" files"_s.arg(origin, type);
        return {};
    }
    QStringList missing;
    for (const QString &key : required) {
        if (text(key).isEmpty())
            missing.append(key);
    }
    if (!missing.isEmpty()) {
        *error = u"The Google credentials from %1 lack %2; download the %3 file again"_s.arg(
            origin, missing.join(u", "_s), type);
        return {};
    }
    return c;
}
