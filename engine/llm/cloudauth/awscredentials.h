#pragma once

#include <QString>

// An AWS access key for SigV4: from the environment, the keychain or a profile in the shared
// credentials file.
struct AwsCredentials
{
    QString accessKeyId;
    QString secretAccessKey;
    QString sessionToken; // temporary credentials only
    QString origin;       // "environment", "keychain", "profile default in ~/.aws/credentials"

    bool isValid() const { return !accessKeyId.isEmpty() && !secretAccessKey.isEmpty(); }
};

// The INI file ~/.aws/credentials: `[profile]` sections of `key = value` lines
// (aws_access_key_id, aws_secret_access_key, aws_session_token).
namespace AwsCredentialsFile {

// The profile's credentials; on failure an invalid value and a one-line `error` naming the
// file and the profile. `origin` is "profile <name> in <path>".
AwsCredentials read(const QString &path, const QString &profile, QString *error);

} // namespace AwsCredentialsFile
