#include "awscredentials.h"

#include <QFile>
#include <QHash>

using namespace Qt::StringLiterals;

AwsCredentials AwsCredentialsFile::read(const QString &path, const QString &profile, QString *error)
{
    const QString name = profile.trimmed().isEmpty() ? u"default"_s : profile.trimmed();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = u"Cannot read the AWS credentials file %1: %2; create it or set "
                 "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"_s.arg(path, file.errorString());
        return {};
    }
    QHash<QString, QString> values;
    bool inProfile = false, found = false;
    const QList<QByteArray> lines = file.readAll().split('\n');
    for (const QByteArray &raw : lines) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty() || line.startsWith(u'#') || line.startsWith(u';'))
            continue;
        if (line.startsWith(u'[') && line.endsWith(u']')) {
            QString section = line.mid(1, line.size() - 2).trimmed();
            // ~/.aws/config spells named profiles "[profile name]"; accept that too.
            if (section.startsWith(u"profile "_s))
                section = section.mid(8).trimmed();
            inProfile = section == name;
            found = found || inProfile;
            continue;
        }
        const qsizetype eq = line.indexOf(u'=');
        if (!inProfile || eq <= 0)
            continue;
        values.insert(line.left(eq).trimmed().toLower(), line.mid(eq + 1).trimmed());
    }
    if (!found) {
        *error = u"The AWS credentials file %1 has no profile [%2]; add it or set AWS_PROFILE "
                 "to one it has"_s.arg(path, name);
        return {};
    }
    AwsCredentials credentials;
    credentials.accessKeyId = values.value(u"aws_access_key_id"_s);
    credentials.secretAccessKey = values.value(u"aws_secret_access_key"_s);
    credentials.sessionToken = values.value(u"aws_session_token"_s);
    credentials.origin = u"profile %1 in %2"_s.arg(name, path);
    if (!credentials.isValid()) {
        *error = u"Profile [%1] in %2 lacks aws_access_key_id or aws_secret_access_key; add "
                 "both"_s.arg(name, path);
        return {};
    }
    return credentials;
}
