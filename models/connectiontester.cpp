#include "connectiontester.h"

#include "airs/oauthtokensource.h"
#include "airs/scanclient.h"
#include "llm/llmfactory.h"
#include "llm/structuredcall.h"
#include "sandbox/llmemulator.h"

#include <QJsonDocument>
#include <QNetworkAccessManager>

using namespace Qt::StringLiterals;

ConnectionTester::ConnectionTester(QObject *parent)
    : QObject(parent)
    , m_nam(new QNetworkAccessManager(this))
{
}

void ConnectionTester::test(Target target, const Config &config, const QString &profile)
{
    AirsSettings airs = AirsSettings::fromConfig(config);
    airs.timeoutMs = 15000;
    airs.retry = RetryPolicy::none();
    switch (target) {
    case Target::AirsScan: {
        if (!airs.hasScanCredentials())
            return emit finished(target, false, tr("No AIRS API key is set."));
        if (profile.isEmpty())
            return emit finished(target, false, tr("Choose a security profile to scan against first."));
        auto *client = new ScanClient(m_nam, airs, this);
        client->scan({u"Hello from Daystrom Studio's connection test"_s, profile, u"daystrom-connection-test"_s, {}, Intent::Block},
                     this, [this, client, target](const AirsResult<ScanVerdict> &r) {
                         client->deleteLater();
                         emit finished(target, r.ok(), r.ok() ? tr("Scan API answered (scan id %1).").arg(r.value.scanId)
                                                              : r.error.toString());
                     });
        return;
    }
    case Target::OAuthToken: {
        if (!airs.hasManagementCredentials())
            return emit finished(target, false, tr("Client id, client secret and TSG id are all needed."));
        auto *tokens = new OAuthTokenSource(m_nam, airs.tokenEndpoint, airs.clientId, airs.clientSecret, airs.tsgId, this);
        tokens->token(this, [this, tokens, target](const QString &, const AirsError &e) {
            tokens->deleteLater();
            emit finished(target, !e.isError(), e.isError() ? e.toString() : tr("OAuth token received."));
        });
        return;
    }
    case Target::Llm: {
        QString error;
        LlmEndpoint endpoint = LlmFactory::endpointFromConfig(config, &error);
        if (!error.isEmpty())
            return emit finished(target, false, error);
        endpoint.timeoutMs = 60000;
        endpoint.retry = RetryPolicy::none();
        LlmProvider *provider = LlmFactory::create(m_nam, endpoint, this, &error);
        if (!provider)
            return emit finished(target, false, error);
        LlmRequest request;
        request.system = QString(LlmEmulator::ConnectionCheckOpening); // the sandbox LLM knows it
        request.user = u"Reply with ok set to true."_s;
        request.schemaName = QString(LlmEmulator::ConnectionCheckCall);
        request.schema = QJsonDocument::fromJson(
                             "{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"boolean\"}},\"required\":[\"ok\"],"
                             "\"additionalProperties\":false}")
                             .object();
        request.maxTokens = 64;
        auto *call = new StructuredCall(provider, request, {1, false}, this);
        connect(call, &StructuredCall::finished, this, [this, call, provider, target, endpoint](const StructuredResult &r) {
            call->deleteLater();
            provider->deleteLater();
            emit finished(target, r.ok(), r.ok() ? tr("%1 (%2) answered.").arg(endpoint.provider, endpoint.model)
                                                 : r.error.toString());
        });
        call->start();
        return;
    }
    }
}
