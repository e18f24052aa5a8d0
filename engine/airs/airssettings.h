#pragma once

#include "net/httpcall.h"

#include <QString>
#include <QUrl>

class Config;

// Where AIRS is and how to authenticate; built from the config cascade or pointed at the
// sandbox emulator. Base-URL conventions are DESIGN.md's: the client appends the paths.
struct AirsSettings
{
    QUrl scanEndpoint;       // host; /v1/scan/sync/request is appended
    QString apiKey;          // x-pan-token (+ x-payload-hash)
    QString bearerToken;     // alternative scan auth
    QUrl managementEndpoint; // ends in /aisec
    QUrl tokenEndpoint;      // the full OAuth2 token URL
    QUrl redTeamEndpoint;    // Red Team management-plane base
    QString clientId;
    QString clientSecret;
    QString tsgId;
    int timeoutMs = 30000;   // per request attempt
    RetryPolicy retry;       // 5xx/network/429 retries (airs-api.md §2)

    static AirsSettings fromConfig(const Config &config);
    bool hasScanCredentials() const { return !apiKey.isEmpty() || !bearerToken.isEmpty(); }
    bool hasManagementCredentials() const
    {
        return !clientId.isEmpty() && !clientSecret.isEmpty() && !tsgId.isEmpty();
    }
};

QUrl appendPath(const QUrl &base, const QString &path);
QByteArray airsUserAgent();
