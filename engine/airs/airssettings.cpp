#include "airssettings.h"

#include "config/config.h"

using namespace Qt::StringLiterals;

AirsSettings AirsSettings::fromConfig(const Config &c)
{
    AirsSettings s;
    s.scanEndpoint = QUrl(c.string(ConfigKeys::AirsApiEndpoint));
    s.apiKey = c.string(ConfigKeys::AirsApiKey);
    s.managementEndpoint = QUrl(c.string(ConfigKeys::MgmtEndpoint));
    s.tokenEndpoint = QUrl(c.string(ConfigKeys::MgmtTokenEndpoint));
    s.redTeamEndpoint = QUrl(c.string(ConfigKeys::RedTeamEndpoint));
    s.clientId = c.string(ConfigKeys::MgmtClientId);
    s.clientSecret = c.string(ConfigKeys::MgmtClientSecret);
    s.tsgId = c.string(ConfigKeys::MgmtTsgId);
    if (const int ms = c.integer(ConfigKeys::RequestTimeoutMs); ms > 0)
        s.timeoutMs = ms;
    return s;
}

QUrl appendPath(const QUrl &base, const QString &path)
{
    QUrl url = base;
    QString p = url.path();
    while (p.endsWith(u'/'))
        p.chop(1);
    url.setPath(p + path);
    return url;
}

QByteArray airsUserAgent()
{
    return QByteArrayLiteral("DaystromStudio/" DAYSTROM_VERSION);
}
