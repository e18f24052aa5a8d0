#pragma once

#include "llm/llmprovider.h"
#include "scriptedhttpserver.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QTimer>

inline LlmEndpoint scriptedEndpoint(const ScriptedHttpServer &server, const QString &provider,
                                    const QString &path = {})
{
    LlmEndpoint e;
    e.provider = provider;
    e.model = QStringLiteral("test-model");
    e.baseUrl = QUrl(server.baseUrl() + path);
    e.apiKey = QStringLiteral("sk-test-SECRET-123");
    e.timeoutMs = 5000;
    e.retry.baseDelayMs = 5;
    e.retry.maxDelayMs = 20;
    return e;
}

inline LlmReply sendAndWait(LlmProvider &provider, const LlmRequest &request)
{
    LlmReply result;
    bool done = false;
    QEventLoop loop;
    LlmCall *call = provider.send(request);
    QObject::connect(call, &LlmCall::finished, &loop, [&](const LlmReply &r) {
        result = r;
        done = true;
        loop.quit();
    });
    QTimer::singleShot(20000, &loop, &QEventLoop::quit);
    if (!done)
        loop.exec();
    delete call;
    return result;
}

inline QJsonObject bodyOf(const ScriptedHttpServer::Request &r)
{
    return QJsonDocument::fromJson(r.body).object();
}

inline LlmRequest sampleRequest()
{
    LlmRequest r;
    r.system = QStringLiteral("You design guardrail topics.");
    r.user = QStringLiteral("Describe weapons acquisition.");
    r.schemaName = QStringLiteral("generate_topic");
    r.schema = QJsonDocument::fromJson(
                   "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}},\"required\":[\"name\",\"tags\"],\"additionalProperties\":false}")
                   .object();
    r.maxTokens = 1024;
    return r;
}
