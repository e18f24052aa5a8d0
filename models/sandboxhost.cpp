#include "sandboxhost.h"

#include "sandbox/airsemulator.h"
#include "sandbox/llmemulator.h"

using namespace Qt::StringLiterals;

SandboxHost::SandboxHost() = default;

SandboxHost::~SandboxHost()
{
    if (!m_thread)
        return;
    // Deferred deletes still run in a thread whose event loop has stopped.
    if (m_airs)
        m_airs->deleteLater();
    if (m_llm)
        m_llm->deleteLater();
    m_thread->quit();
    m_thread->wait();
}

bool SandboxHost::start(QString *error)
{
    if (m_thread)
        return true;
    m_thread = std::make_unique<QThread>();
    m_thread->setObjectName(u"sandbox"_s);
    m_thread->start();
    auto *anchor = new QObject;
    anchor->moveToThread(m_thread.get());
    bool ok = false;
    // Creating the servers inside their thread takes a few milliseconds; the caller waits.
    QMetaObject::invokeMethod(anchor, [this, anchor, &ok] {
        m_airs = new AirsEmulator();
        m_llm = new LlmEmulator();
        ok = m_airs->start() != 0 && m_llm->start() != 0;
        if (ok) {
            m_airs->addProfile(ProfileName);
            m_airsUrl = m_airs->baseUrl();
            m_llmUrl = m_llm->baseUrl();
            const AirsEmulator::Credentials c = m_airs->options().credentials;
            m_apiKey = c.apiKey;
            m_clientId = c.clientId;
            m_clientSecret = c.clientSecret;
            m_tsgId = c.tsgId;
        }
        delete anchor;
    }, Qt::BlockingQueuedConnection);
    if (!ok && error)
        *error = u"the sandbox could not listen on 127.0.0.1"_s;
    return ok;
}

AirsSettings SandboxHost::airsSettings() const
{
    AirsSettings s;
    s.scanEndpoint = m_airsUrl;
    s.apiKey = m_apiKey;
    s.managementEndpoint = QUrl(m_airsUrl.toString() + u"/aisec"_s);
    s.tokenEndpoint = QUrl(m_airsUrl.toString() + u"/oauth2/access_token"_s);
    s.redTeamEndpoint = QUrl(m_airsUrl.toString() + u"/ai-red-teaming/mgmt-plane"_s);
    s.clientId = m_clientId;
    s.clientSecret = m_clientSecret;
    s.tsgId = m_tsgId;
    s.timeoutMs = 30000;
    return s;
}

LlmEndpoint SandboxHost::llmEndpoint() const
{
    LlmEndpoint e;
    e.provider = u"openai-compatible"_s;
    e.model = u"daystrom-sandbox"_s;
    e.baseUrl = m_llmUrl;
    e.timeoutMs = 60000;
    return e;
}
