#pragma once

// The LLM emulator set up to check what the cloud providers sign: the test key pair's public
// half, the authorized_user secrets and the AWS key (cloudtestsupport.h).
#include "cloudtestsupport.h"
#include "sandbox/llmemulator.h"

namespace CloudTest {

using namespace Qt::StringLiterals;

inline LlmEmulator::CloudAuth cloudAuth(const QByteArray &publicKeyPem = serviceKey().publicKeyPem)
{
    LlmEmulator::CloudAuth a;
    a.googleClientEmail = ClientEmail;
    a.googlePublicKeyPem = publicKeyPem;
    a.userClientId = UserClientId;
    a.userClientSecret = UserClientSecret;
    a.userRefreshToken = UserRefreshToken;
    a.awsAccessKeyId = AwsKeyId;
    a.awsSecretAccessKey = AwsSecret;
    a.awsRegion = QStringLiteral("us-east-1");
    return a;
}

// The emulator's origin, http://127.0.0.1:<port> (the providers add /v1/... or /model/...).
inline QString origin(const LlmEmulator &llm)
{
    QUrl u = llm.baseUrl();
    u.setPath({});
    return u.toString();
}

inline QList<LlmEmulator::RecordedRequest> requestsTo(const LlmEmulator &llm,
                                                      const QString &pathPart)
{
    QList<LlmEmulator::RecordedRequest> out;
    for (const auto &r : llm.requests()) {
        if (r.path.contains(pathPart))
            out.append(r);
    }
    return out;
}

} // namespace CloudTest
