#include "googlekeyfile.h"

#include "domain/redaction.h"
#include "llm/cloudauth/googlecredentials.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("GoogleKeyFile", text);
}

GoogleKeyFile::Checked failure(const QString &error)
{
    GoogleKeyFile::Checked c;
    c.error = error;
    return c;
}
} // namespace

GoogleKeyFile::Checked GoogleKeyFile::check(const QByteArray &json)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject())
        return failure(tr("This is not a Google credentials file (not a JSON object): choose the "
                          "key file you downloaded from the Google Cloud console."));
    const QJsonObject o = doc.object();
    const QString type = o.value("type"_L1).toString();
    QStringList required;
    if (type == "service_account"_L1)
        required = {u"client_email"_s, u"private_key"_s};
    else if (type == "authorized_user"_L1)
        required = {u"client_id"_s, u"client_secret"_s, u"refresh_token"_s};
    else
        return failure(
            tr("This file's type is \"%1\", not service_account or authorized_user: choose a "
               "service-account key or the file gcloud auth application-default login wrote.")
                .arg(type.left(40)));
    // The secrets are registered before anything can print them.
    for (const char *secret : {"private_key", "client_secret", "refresh_token"})
        Redaction::addSecret(o.value(QLatin1StringView(secret)).toString());
    for (const QString &field : std::as_const(required)) {
        if (o.value(field).toString().trimmed().isEmpty())
            return failure(
                tr("This %1 file has no \"%2\": download a new key file.").arg(type, field));
    }
    if (type == "service_account"_L1 &&
        !o.value("private_key"_L1).toString().contains("-----BEGIN PRIVATE KEY-----"_L1))
        return failure(tr("This service-account file's private_key is not a PEM private key: "
                          "download a new key file."));
    // And as the providers will read it.
    QString error;
    if (GoogleCredentials::fromJson(json, tr("the key file"), &error).kind ==
        GoogleCredentials::Kind::None)
        return failure(error);
    Checked c;
    c.content = json;
    c.description =
        type == "service_account"_L1
            ? tr("service account %1").arg(o.value("client_email"_L1).toString())
            : tr("user credentials (client %1)").arg(o.value("client_id"_L1).toString().left(24));
    return c;
}

GoogleKeyFile::Checked GoogleKeyFile::read(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return failure(
            tr("Could not read %1: %2.").arg(QFileInfo(path).fileName(), file.errorString()));
    const QByteArray content = file.read(MaxBytes + 1);
    if (content.size() > MaxBytes)
        return failure(tr("%1 is larger than %2 KB, too large for a Google key file: choose the "
                          "key file itself.")
                           .arg(QFileInfo(path).fileName())
                           .arg(MaxBytes / 1024));
    return check(content);
}
