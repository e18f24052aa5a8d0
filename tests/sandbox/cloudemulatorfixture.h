#pragma once

// What the LLM emulator's cloud-route tests share: an emulator with cloud credentials set, key
// pairs, real HTTP exchanges through HttpCall, tokens through GoogleTokenSource and SigV4-signed
// Bedrock requests.

#include "llm/cloudauth/googlecredentials.h"
#include "llm/cloudauth/sigv4.h"
#include "llm/cloudauth/testkeys.h"
#include "llm/googletokensource.h"
#include "net/httpcall.h"
#include "sandbox/llmemulator.h"

#include <QNetworkAccessManager>
#include <QObject>

#include <memory>

class CloudEmulatorFixture
{
public:
    static const QString Email;
    static const QString AwsKeyId;
    static const QString AwsSecret;
    static const QByteArray BedrockModel; // with ':' sent as %3A

    struct Usage
    {
        qint64 input = -1, output = -1;
    };

protected:
    void generateKeys();  // once per test case
    void startEmulator(); // a fresh emulator per test function, cloud credentials set
    HttpResponse exchange(const QByteArray &method, const QUrl &url, const QByteArray &body,
                          const QList<QPair<QByteArray, QByteArray>> &headers);
    GoogleCredentials serviceAccount(const QByteArray &privateKeyPem) const;
    GoogleCredentials authorizedUser(const QString &secret) const;
    QString fetchToken(GoogleTokenSource &source, LlmError *error); // empty + error on failure
    QUrl vertexUrl(const QString &publisher, const QString &model, const QString &method) const;
    QUrl bedrockUrl() const;
    HttpResponse bedrock(const QByteArray &body, const AwsCredentials &credentials,
                         const QDateTime &signedAt, const QByteArray &sentBody = {});
    void checkRecordedUsage(const QString &dialect, const Usage &answered);

    RsaKeyPair m_key;
    RsaKeyPair m_otherKey;
    std::unique_ptr<LlmEmulator> m_llm;
    QNetworkAccessManager m_nam;
    QObject m_context; // the context of callbacks
};
