#include "sandboxhost.h"

#include "backgroundpriority.h"

#include "airs/profilepolicy.h"
#include "domain/starterlibrary.h"
#include "sandbox/airsemulator.h"
#include "sandbox/llmemulator.h"
#include "sandbox/policyjson.h"

#include <QDir>

#include <future>
#include <memory>

using namespace Qt::StringLiterals;

namespace {
// The sandbox profile of a new persistent tenant: a block list of a few library topics.
void seed(AirsEmulator *airs)
{
    QList<TopicAssignment> assignments;
    for (const QString &key : SandboxHost::seededTopicKeys()) {
        const std::optional<StarterTopic> entry = StarterLibrary::find(key);
        if (!entry)
            continue;
        const QString id = airs->addTopic(entry->topic.name, entry->topic.description, entry->topic.examples);
        if (!id.isEmpty())
            assignments.append({id, entry->topic.name, u"block"_s, airs->topic(id).value(u"revision"_s).toInt()});
    }
    airs->addProfile(SandboxHost::ProfileName,
                     ProfilePolicy::withTopicGuardrails(PolicyJson::defaultPolicy(), assignments, u"allow"_s));
}
} // namespace

SandboxHost::SandboxHost() = default;

QString SandboxHost::tenantFileIn(const QString &sandboxHome)
{
    return QDir(sandboxHome).filePath(u"tenant.json"_s);
}

QStringList SandboxHost::seededTopicKeys()
{
    return {u"prompt-leak"_s, u"pii-requests"_s, u"malware"_s};
}

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
    BackgroundPriority::startInBackground(m_thread.get());
    auto *anchor = new QObject;
    anchor->moveToThread(m_thread.get());

    // The servers are created inside their thread; what the caller needs comes back through a
    // std::promise (a hand-off ThreadSanitizer can see). It takes a few milliseconds.
    struct Started
    {
        AirsEmulator *airs = nullptr;
        LlmEmulator *llm = nullptr;
        bool ok = false;
        QUrl airsUrl, llmUrl;
        QUrl managementUrl, tokenUrl, redTeamUrl; // the AIRS emulator's own endpoints
        AirsEmulator::Credentials credentials;
        QString tenantNote;
    };
    auto promise = std::make_shared<std::promise<Started>>();
    std::future<Started> future = promise->get_future();
    AirsEmulator::Options options;
    options.tenantFile = m_tenantFile;
    QMetaObject::invokeMethod(anchor, [anchor, promise, options] {
        Started s;
        s.airs = new AirsEmulator(options);
        s.llm = new LlmEmulator();
        s.ok = s.airs->start() != 0 && s.llm->start() != 0;
        s.tenantNote = s.airs->tenantNote();
        if (s.ok) {
            if (options.tenantFile.isEmpty())
                s.airs->addProfile(ProfileName);
            else if (s.airs->profile(ProfileName).isEmpty())
                seed(s.airs); // a new tenant (or one whose profile someone deleted)
            s.airsUrl = s.airs->scanEndpoint();
            s.managementUrl = s.airs->managementEndpoint();
            s.tokenUrl = s.airs->tokenEndpoint();
            s.redTeamUrl = s.airs->redTeamEndpoint();
            s.llmUrl = s.llm->baseUrl();
            s.credentials = s.airs->options().credentials;
        }
        delete anchor;
        promise->set_value(s);
    }, Qt::QueuedConnection);
    const Started s = future.get();
    m_airs = s.airs;
    m_llm = s.llm;
    m_airsUrl = s.airsUrl;
    m_managementUrl = s.managementUrl;
    m_tokenUrl = s.tokenUrl;
    m_redTeamUrl = s.redTeamUrl;
    m_llmUrl = s.llmUrl;
    m_tenantNote = s.tenantNote;
    m_apiKey = s.credentials.apiKey;
    m_clientId = s.credentials.clientId;
    m_clientSecret = s.credentials.clientSecret;
    m_tsgId = s.credentials.tsgId;
    if (!s.ok && error)
        *error = u"the sandbox could not listen on 127.0.0.1"_s;
    return s.ok;
}

AirsSettings SandboxHost::airsSettings() const
{
    AirsSettings s;
    s.scanEndpoint = m_airsUrl;
    s.apiKey = m_apiKey;
    s.managementEndpoint = m_managementUrl;
    s.tokenEndpoint = m_tokenUrl;
    s.redTeamEndpoint = m_redTeamUrl;
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

// Runs `read` in the sandbox thread and waits for it; directly when already there.
template<typename Read> static void readInThread(QObject *emulator, const QThread *thread, Read read)
{
    if (!emulator)
        return;
    if (QThread::currentThread() == thread)
        read();
    else
        QMetaObject::invokeMethod(emulator, read, Qt::BlockingQueuedConnection);
}

QList<LlmEmulator::RecordedRequest> SandboxHost::llmRequests(const QString &callName) const
{
    QList<LlmEmulator::RecordedRequest> out;
    readInThread(m_llm, m_thread.get(), [this, &out, &callName] {
        out = callName.isEmpty() ? m_llm->requests() : m_llm->requestsFor(callName);
    });
    return out;
}

QList<AirsEmulator::RecordedRequest> SandboxHost::airsRequests() const
{
    QList<AirsEmulator::RecordedRequest> out;
    readInThread(m_airs, m_thread.get(), [this, &out] { out = m_airs->requests(); });
    return out;
}

QJsonObject SandboxHost::profile(const QString &name) const
{
    QJsonObject out;
    readInThread(m_airs, m_thread.get(), [this, &name, &out] { out = m_airs->profile(name); });
    return out;
}
