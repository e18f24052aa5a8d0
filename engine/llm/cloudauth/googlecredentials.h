#pragma once

#include <QByteArray>
#include <QString>

// Google application default credentials as a JSON file holds them: a service account's key
// (an RS256-signed JWT exchanged at token_uri) or an `authorized_user` refresh token (what
// `gcloud auth application-default login` writes).
struct GoogleCredentials
{
    enum class Kind { None, ServiceAccount, AuthorizedUser };

    static constexpr QLatin1StringView DefaultTokenUri{"https://oauth2.googleapis.com/token"};

    Kind kind = Kind::None;
    QString clientEmail, privateKeyPem, privateKeyId, tokenUri; // service_account
    QString clientId, clientSecret, refreshToken; // authorized_user (tokenUri defaults too)
    QString projectId; // service_account's project_id / authorized_user's quota_project_id
    QString origin;    // for messages: "GOOGLE_APPLICATION_CREDENTIALS=/path", "the keychain"

    bool isValid() const { return kind != Kind::None; }

    // Parses the file's content; on failure Kind::None and a one-line `error` naming `origin`.
    static GoogleCredentials fromJson(const QByteArray &json, const QString &origin,
                                      QString *error);
};
