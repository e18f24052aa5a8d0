#pragma once

#include "cloudauth/awscredentials.h"
#include "cloudauth/googlecredentials.h"

#include <QString>

class Config;

// Finds the credentials the cloud providers sign with, from the resolved configuration, and
// registers every secret in them with Redaction as soon as it is read. Errors are one line
// naming `provider`, what is missing and how to supply it.
namespace CloudCredentials {

// GOOGLE_APPLICATION_CREDENTIALS (a key file, size-bounded), else the JSON stored in the
// keychain, else gcloud's application default credentials
// ($HOME/.config/gcloud/application_default_credentials.json) when that file exists.
GoogleCredentials google(const Config &config, const QString &provider, QString *error);
// The project: GOOGLE_CLOUD_PROJECT (or its aliases), else the credentials' project.
QString googleProject(const Config &config, const GoogleCredentials &credentials,
                      const QString &provider, QString *error);

// AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY (+ AWS_SESSION_TOKEN) from the environment or the
// keychain, else the profile AWS_PROFILE (default "default") in AWS_SHARED_CREDENTIALS_FILE
// (default $HOME/.aws/credentials).
AwsCredentials aws(const Config &config, const QString &provider, QString *error);

// The largest credentials file read.
inline constexpr qint64 FileLimit = 1024 * 1024;

} // namespace CloudCredentials
