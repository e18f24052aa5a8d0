#pragma once

// Shared by the cloud provider tests: a test key pair, credentials files in a temporary
// directory, a Config resolved from a given environment, and a structured call run to its end.
#include "config/config.h"
#include "llm/cloudauth/testkeys.h"
#include "llm/llmfactory.h"
#include "llm/prompts/promptbook.h"
#include "llm/structuredcall.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace CloudTest {

using namespace Qt::StringLiterals;

inline const RsaKeyPair &serviceKey()
{
    static const RsaKeyPair pair = generateRsaKeyPair(2048);
    return pair;
}
inline const RsaKeyPair &otherKey()
{
    static const RsaKeyPair pair = generateRsaKeyPair(2048);
    return pair;
}

inline const QString ClientEmail =
    QStringLiteral("daystrom-test@proj-test.iam.gserviceaccount.com");
inline const QString UserClientId = QStringLiteral("1234567890-test.apps.googleusercontent.com");
inline const QString UserClientSecret = QStringLiteral("GOCSPX-testClientSecret9Qz7");
inline const QString UserRefreshToken = QStringLiteral("1//0gTestRefreshTokenAbCdEf123456");
inline const QString AwsKeyId = QStringLiteral("AKIDEXAMPLETEST0001");
inline const QString AwsSecret = QStringLiteral("wJalrXUtnFEMI/K7MDENG+bPxRfiCYTESTSECRET");

inline QString writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    f.write(content);
    return path;
}

inline QByteArray serviceAccountJson(const QUrl &tokenUri, const QByteArray &privateKeyPem,
                                     const QString &projectId = QStringLiteral("proj-test"),
                                     const QString &email = ClientEmail)
{
    QJsonObject o{{u"type"_s, u"service_account"_s},
                  {u"client_email"_s, email},
                  {u"private_key"_s, QString::fromUtf8(privateKeyPem)},
                  {u"private_key_id"_s, u"kid-0001"_s},
                  {u"token_uri"_s, tokenUri.toString()}};
    if (!projectId.isEmpty())
        o.insert(u"project_id"_s, projectId);
    return QJsonDocument(o).toJson();
}

inline QByteArray authorizedUserJson(const QUrl &tokenUri,
                                     const QString &refreshToken = UserRefreshToken)
{
    return QJsonDocument(QJsonObject{{u"type"_s, u"authorized_user"_s},
                                     {u"client_id"_s, UserClientId},
                                     {u"client_secret"_s, UserClientSecret},
                                     {u"refresh_token"_s, refreshToken},
                                     {u"quota_project_id"_s, u"proj-quota"_s},
                                     {u"token_uri"_s, tokenUri.toString()}})
        .toJson();
}

// A Config resolved from exactly these environment variables (nothing from the real
// environment, no config file: DAYSTROM_HOME points at an empty directory).
inline Config::Result resolve(const QHash<QString, QString> &vars)
{
    ConfigLayers layers;
    QProcessEnvironment env;
    env.insert(u"HOME"_s, QDir::homePath());
    for (auto it = vars.constBegin(); it != vars.constEnd(); ++it)
        env.insert(it.key(), it.value());
    layers.environment = env;
    return Config::resolve(layers);
}

// The endpoint LlmFactory makes from that environment; `error` gets its message.
inline LlmEndpoint endpointFor(const QHash<QString, QString> &vars, QString *error)
{
    const Config::Result r = resolve(vars);
    if (!r.ok()) {
        *error = r.errors.join(u"; "_s);
        return {};
    }
    LlmEndpoint e = LlmFactory::endpointFromConfig(r.config, error);
    e.timeoutMs = 10000;
    e.retry.baseDelayMs = 5;
    e.retry.maxDelayMs = 20;
    return e;
}

inline LlmRequest topicRequest()
{
    const LlmPrompt p = PromptBook::generateTopic(
        {u"Block illegal weapons and explosives"_s, Intent::Block, {}, {}, {}});
    LlmRequest r;
    r.system = p.system;
    r.user = p.user;
    r.schema = p.schema;
    r.schemaName = p.callName;
    r.maxTokens = 2048;
    return r;
}

// One generate_topic call with the checks the loop applies (schema, AIRS limits).
inline StructuredResult runTopic(LlmProvider &provider)
{
    StructuredCall call(&provider, topicRequest(), {3, true});
    QSignalSpy done(&call, &StructuredCall::finished);
    call.start();
    if (!done.wait(30000))
        return StructuredResult{
            {}, {}, 0, 0, {LlmError::Kind::Timeout, 0, u"test: no answer in 30 s"_s}, {}};
    return done.first().first().value<StructuredResult>();
}

} // namespace CloudTest
