#include "cloudcredentials.h"

#include "config/config.h"
#include "domain/boundedread.h"
#include "domain/redaction.h"

#include <QDir>
#include <QFileInfo>
#include <QHostAddress>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace CloudCredentials {

namespace {

QString sourceName(const Config &config, QLatin1StringView key)
{
    switch (config.source(key)) {
    case ConfigSource::Environment:
        return u"environment"_s;
    case ConfigSource::SecretStore:
        return u"keychain"_s;
    case ConfigSource::CommandLine:
        return u"command line"_s;
    default:
        return u"configuration"_s;
    }
}

void registerSecrets(const GoogleCredentials &c)
{
    Redaction::addSecret(c.privateKeyPem);
    Redaction::addSecret(c.clientSecret);
    Redaction::addSecret(c.refreshToken);
}

// The token endpoint is where the signed assertion or the refresh token goes: https, or http
// to this machine only (the sandbox).
bool tokenUriAllowed(const QString &uri)
{
    const QUrl url(uri);
    if (url.scheme() == "https"_L1)
        return true;
    const QString host = url.host();
    return url.scheme() == "http"_L1 && (host == "localhost"_L1 || QHostAddress(host).isLoopback());
}

GoogleCredentials parse(const QByteArray &json, const QString &origin, QString *error)
{
    QString e;
    GoogleCredentials c = GoogleCredentials::fromJson(json, origin, &e);
    if (c.isValid()) {
        registerSecrets(c);
        if (!tokenUriAllowed(c.tokenUri)) {
            *error =
                u"The Google credentials from %1 name a token_uri that is not https (%2); use the file Google issued"_s
                    .arg(origin, c.tokenUri);
            return {};
        }
        return c;
    }
    *error = e;
    return {};
}

GoogleCredentials readFile(const QString &path, const QString &origin, QString *error)
{
    const BoundedRead::Result read = BoundedRead::file(path, FileLimit);
    if (!read.ok()) {
        *error =
            u"Cannot read the Google credentials (%1): %2; point it at a service-account key file"_s
                .arg(origin, read.error);
        return {};
    }
    return parse(read.bytes, origin, error);
}

} // namespace

GoogleCredentials google(const Config &config, const QString &provider, QString *error)
{
    const QString file = config.string(ConfigKeys::GoogleCredentialsFile);
    if (!file.isEmpty())
        return readFile(file, u"GOOGLE_APPLICATION_CREDENTIALS=%1"_s.arg(file), error);
    const QString json = config.string(ConfigKeys::GoogleCredentialsJson);
    if (!json.isEmpty())
        return parse(json.toUtf8(), u"the keychain"_s, error);
    const QString adc =
        QDir::homePath() + u"/.config/gcloud/application_default_credentials.json"_s;
    if (QFileInfo::exists(adc))
        return readFile(adc, adc, error);
    *error =
        u"%1 needs Google credentials: set GOOGLE_APPLICATION_CREDENTIALS to a service-account key file or import one in Settings"_s
            .arg(provider);
    return {};
}

QString googleProject(const Config &config, const GoogleCredentials &credentials,
                      const QString &provider, QString *error)
{
    QString project = config.string(ConfigKeys::GoogleCloudProject).trimmed();
    if (project.isEmpty())
        project = credentials.projectId;
    if (project.isEmpty())
        *error =
            u"%1 needs a Google Cloud project: set GOOGLE_CLOUD_PROJECT (the credentials from %2 name none)"_s
                .arg(provider, credentials.origin);
    return project;
}

AwsCredentials aws(const Config &config, const QString &provider, QString *error)
{
    AwsCredentials c;
    c.accessKeyId = config.string(ConfigKeys::AwsAccessKeyId).trimmed();
    c.secretAccessKey = config.string(ConfigKeys::AwsSecretAccessKey).trimmed();
    c.sessionToken = config.string(ConfigKeys::AwsSessionToken).trimmed();
    Redaction::addSecret(c.secretAccessKey);
    Redaction::addSecret(c.sessionToken);
    if (c.isValid()) {
        c.origin = sourceName(config, ConfigKeys::AwsSecretAccessKey);
        return c;
    }
    if (!c.accessKeyId.isEmpty() || !c.secretAccessKey.isEmpty()) {
        *error = u"%1 needs both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; only %2 is set"_s.arg(
            provider,
            c.accessKeyId.isEmpty() ? u"AWS_SECRET_ACCESS_KEY"_s : u"AWS_ACCESS_KEY_ID"_s);
        return {};
    }
    QString path = config.string(ConfigKeys::AwsSharedCredentialsFile);
    if (path.isEmpty())
        path = QDir::homePath() + u"/.aws/credentials"_s;
    const QString profile = config.string(ConfigKeys::AwsProfile);
    if (!QFileInfo::exists(path) && profile.isEmpty()) {
        *error =
            u"%1 needs AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, store them in Settings, or add a profile to %2"_s
                .arg(provider, path);
        return {};
    }
    QString e;
    AwsCredentials fromFile = AwsCredentialsFile::read(path, profile, &e);
    if (!fromFile.isValid()) {
        *error = provider + u": "_s + e;
        return {};
    }
    Redaction::addSecret(fromFile.secretAccessKey);
    Redaction::addSecret(fromFile.sessionToken);
    return fromFile;
}

} // namespace CloudCredentials
