#pragma once

#include "sandbox/airsemulator.h"
#include "sandbox/llmemulator.h"

#include "testmain.h"

#include <QProcess>
#include <QProcessEnvironment>

// `daystrom` as a real process pointed at an AIRS emulator and a sandbox LLM that this test
// serves over loopback, with its own home. The emulators answer from the test's thread, so a
// run is waited for with QTRY_* (which runs the event loop), never with waitForFinished().
namespace CliTenant {

inline QProcessEnvironment env(const AirsEmulator &airs, const LlmEmulator &llm, const QString &home)
{
    const AirsEmulator::Credentials c = airs.options().credentials;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert(QStringLiteral("DAYSTROM_HOME"), home);
    e.insert(QStringLiteral("PANW_AI_SEC_API_KEY"), c.apiKey);
    e.insert(QStringLiteral("PANW_AI_SEC_API_ENDPOINT"), airs.scanEndpoint().toString());
    e.insert(QStringLiteral("PANW_MGMT_CLIENT_ID"), c.clientId);
    e.insert(QStringLiteral("PANW_MGMT_CLIENT_SECRET"), c.clientSecret);
    e.insert(QStringLiteral("PANW_MGMT_TSG_ID"), c.tsgId);
    e.insert(QStringLiteral("PANW_MGMT_ENDPOINT"), airs.managementEndpoint().toString());
    e.insert(QStringLiteral("PANW_MGMT_TOKEN_ENDPOINT"), airs.tokenEndpoint().toString());
    e.insert(QStringLiteral("LLM_PROVIDER"), QStringLiteral("openai-compatible"));
    e.insert(QStringLiteral("LLM_MODEL"), QStringLiteral("daystrom-sandbox"));
    e.insert(QStringLiteral("OPENAI_BASE_URL"), llm.baseUrl().toString());
    e.insert(QStringLiteral("PROPAGATION_DELAY_MS"), QStringLiteral("0"));
    return e;
}

struct Finished
{
    int code = -1; // -1: it did not start, or crashed
    QString out, err;
};

inline Finished run(const QProcessEnvironment &env, const QStringList &args)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(DAYSTROM_CLI), args);
    if (!p.waitForStarted())
        return {};
    [&] { QTRY_VERIFY_WITH_TIMEOUT(p.state() == QProcess::NotRunning, 120000); }();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

} // namespace CliTenant
