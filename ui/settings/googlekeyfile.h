#pragma once

#include <QByteArray>
#include <QString>

// A Google credentials file as Settings imports it into the keychain: a service account's key
// (type "service_account": client_email, private_key) or a user's refresh token (type
// "authorized_user": client_id, client_secret, refresh_token), the files Google's SDKs read
// from GOOGLE_APPLICATION_CREDENTIALS. Reading registers every secret in it with Redaction.
namespace GoogleKeyFile {

inline constexpr qint64 MaxBytes = 64 * 1024; // a real key file is about 2.4 KB

struct Checked
{
    QByteArray content;  // the file as read, for the keychain; empty when not valid
    QString description; // "service account x@p.iam.gserviceaccount.com" or "user credentials"
    QString error;       // one sentence; empty when valid
    bool ok() const { return error.isEmpty(); }
};

// Validates `json`: a JSON object of one of the two types with its required fields.
Checked check(const QByteArray &json);
// Reads at most MaxBytes of `path` and checks it.
Checked read(const QString &path);

} // namespace GoogleKeyFile
