#pragma once

#include "airssettings.h"
#include "scanverdict.h"

#include <functional>

class QNetworkAccessManager;

// Synchronous scans (POST /v1/scan/sync/request) of one prompt, or one prompt and the model's
// response to it (one `contents` item with both, as the vendor SDKs send), against a profile by name.
class ScanClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScanClient)
public:
    struct Request
    {
        QString prompt;
        QString profileName;
        QString sessionId; // groups the scans in the AIRS console
        QString trId;      // optional transaction id
        Intent intent = Intent::Block;
        QString response; // the model's answer, scanned with the prompt; empty = none
    };
    using Callback = std::function<void(const AirsResult<ScanVerdict> &)>;

    ScanClient(QNetworkAccessManager *manager, AirsSettings settings, QObject *parent = nullptr);

    // Starts one scan; `done` runs in this client's thread unless `context` dies first. The
    // returned call can be aborted (done then reports Cancelled). It is deleted after `done`.
    HttpCall *scan(const Request &request, QObject *context, Callback done);

    // The exact request (headers, compact JSON body, HMAC) without sending it.
    static HttpRequestSpec buildRequest(const AirsSettings &settings, const Request &request);
    // lowercase_hex(HMAC-SHA256(key = API key bytes, message = body bytes as sent)).
    static QByteArray payloadHash(const QString &apiKey, const QByteArray &body);

    const AirsSettings &settings() const { return m_settings; }

private:
    QNetworkAccessManager *m_manager;
    AirsSettings m_settings;
};
