#pragma once

// Credentials files for the cloud providers' tests, in the shapes the real tools write: a
// Google service-account key and an authorized_user file (gcloud auth application-default
// login), and an AWS shared credentials file. Header-only: include and use.

#include <QByteArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

namespace CloudTestCredentials {

inline QByteArray serviceAccountJson(const QString &clientEmail, const QByteArray &privateKeyPem,
                                     const QString &tokenUri,
                                     const QString &projectId = QStringLiteral("sandbox-project"),
                                     const QString &privateKeyId = QStringLiteral("sandbox-key-1"))
{
    return QJsonDocument(QJsonObject{
                             {QStringLiteral("type"), QStringLiteral("service_account")},
                             {QStringLiteral("project_id"), projectId},
                             {QStringLiteral("private_key_id"), privateKeyId},
                             {QStringLiteral("private_key"), QString::fromLatin1(privateKeyPem)},
                             {QStringLiteral("client_email"), clientEmail},
                             {QStringLiteral("client_id"), QStringLiteral("100000000000000000001")},
                             {QStringLiteral("auth_uri"),
                              QStringLiteral("https://accounts.google.com/o/oauth2/auth")},
                             {QStringLiteral("token_uri"), tokenUri},
                         })
        .toJson();
}

inline QByteArray authorizedUserJson(const QString &clientId, const QString &clientSecret,
                                     const QString &refreshToken, const QString &tokenUri = {},
                                     const QString &quotaProjectId = {})
{
    QJsonObject o{{QStringLiteral("type"), QStringLiteral("authorized_user")},
                  {QStringLiteral("client_id"), clientId},
                  {QStringLiteral("client_secret"), clientSecret},
                  {QStringLiteral("refresh_token"), refreshToken}};
    if (!tokenUri.isEmpty()) // the real file has none; tests point it at the sandbox
        o.insert(QStringLiteral("token_uri"), tokenUri);
    if (!quotaProjectId.isEmpty())
        o.insert(QStringLiteral("quota_project_id"), quotaProjectId);
    return QJsonDocument(o).toJson();
}

// One [profile] section of ~/.aws/credentials.
inline QByteArray awsProfile(const QString &profile, const QString &accessKeyId,
                             const QString &secretAccessKey, const QString &sessionToken = {})
{
    QByteArray out = "[" + profile.toUtf8() + "]\naws_access_key_id = " + accessKeyId.toUtf8() +
                     "\naws_secret_access_key = " + secretAccessKey.toUtf8() + "\n";
    if (!sessionToken.isEmpty())
        out += "aws_session_token = " + sessionToken.toUtf8() + "\n";
    return out;
}

// Writes `content` to `path` (owner read/write only, as the real tools do); false on failure.
inline bool writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    return file.write(content) == content.size();
}

} // namespace CloudTestCredentials
