#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrl>

class AirsEmulator;

// One finished HTTP exchange, copied out of its QNetworkReply.
struct HttpResult
{
    int status = 0;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QByteArray body;
    QList<QNetworkReply::RawHeaderPair> headers;
    bool finished = false;

    QByteArray header(QByteArrayView name) const;
    QJsonObject json() const; // empty unless the body is a JSON object
    QJsonArray array(const QString &key) const { return json().value(key).toArray(); }
    QString errorMessage() const; // error.message, message or error_description
};

// Talks real HTTP to an AirsEmulator over loopback with its own QNetworkAccessManager.
// Each call waits for its reply with QSignalSpy::wait (a test-only event loop).
class HttpProbe final
{
public:
    using Headers = QList<QPair<QByteArray, QByteArray>>;

    explicit HttpProbe(AirsEmulator &emulator);

    QNetworkAccessManager &nam() { return m_nam; }
    QNetworkReply *start(const QByteArray &method, const QUrl &url, const QByteArray &body = {},
                         const Headers &headers = {});
    HttpResult call(const QByteArray &method, const QUrl &url, const QByteArray &body = {},
                    const Headers &headers = {}, int timeoutMs = 10000);
    static HttpResult collect(QNetworkReply *reply);

    // OAuth2 client credentials with the emulator's (or the given) credentials.
    HttpResult fetchToken(const QString &clientId = {}, const QString &secret = {},
                          const QByteArray &form = {});
    QString token(); // a valid access token (cached)

    static QByteArray scanBody(const QString &profile, const QString &prompt,
                               const QJsonObject &extra = {});
    Headers scanHeaders(const QByteArray &body) const; // JSON, x-pan-token, x-payload-hash
    QNetworkReply *startScan(const QString &profile, const QString &prompt);
    HttpResult scan(const QString &profile, const QString &prompt);

    QUrl mgmtUrl(const QString &path, const QString &query = {}) const;
    QUrl redTeamUrl(const QString &path, const QString &query = {}) const;
    HttpResult mgmt(const QByteArray &method, const QString &path, const QJsonObject &body = {},
                    const QString &query = {});
    HttpResult redTeam(const QByteArray &method, const QString &path, const QJsonObject &body = {},
                       const QString &query = {});

    // Management helpers over the API (not the seeding shortcuts).
    QJsonObject createTopic(const QString &name, const QString &description,
                            const QStringList &examples);
    QJsonObject listedProfile(const QString &name); // highest revision from the list
    HttpResult putGuardrail(const QString &profileName, const QString &defaultAction,
                            const QJsonArray &topicList);
    static QJsonObject topicRef(const QJsonObject &topic, int revision = -1);
    // `policy` with its topic-guardrails action and topic-list replaced.
    static QJsonObject withGuardrail(const QJsonObject &policy, const QString &defaultAction,
                                     const QJsonArray &topicList);
    // A topic-list with an allow and/or a block bucket (empty ones left out).
    static QJsonArray buckets(const QJsonArray &allow, const QJsonArray &block = {});

private:
    AirsEmulator &m_emulator;
    QNetworkAccessManager m_nam;
    QString m_token;
};
