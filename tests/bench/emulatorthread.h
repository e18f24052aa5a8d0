#pragma once

#include "airs/airssettings.h"
#include "llm/llmprovider.h"
#include "sandbox/airsemulator.h"
#include "sandbox/llmemulator.h"

#include <QObject>
#include <QThread>

#include <functional>

// For the benchmarks: the two emulators on 127.0.0.1, served from a thread of their own as
// the app's SandboxHost serves them, so the server's work never runs on the client's thread (a
// real AIRS tenant or LLM does its work on another machine). Latencies are set at start.
struct Latencies
{
    int llmMs = 0;
    int propagationMs = 0;
    int scanMs = 0;
};

class EmulatorThread
{
    Q_DISABLE_COPY_MOVE(EmulatorThread)

public:
    explicit EmulatorThread(const Latencies &l, const AirsEmulator::Options &options = {})
    {
        m_thread.start();
        m_anchor = new QObject;
        m_anchor->moveToThread(&m_thread);
        run([this, l, options] {
            m_airs = new AirsEmulator(options);
            m_llm = new LlmEmulator;
            m_ok = m_airs->start() != 0 && m_llm->start() != 0;
            m_airs->addProfile(QStringLiteral("lab"));
            AirsEmulator::Faults airs;
            airs.propagationDelayMs = l.propagationMs;
            airs.scanLatencyMs = l.scanMs;
            m_airs->setFaults(airs);
            LlmEmulator::Faults llm;
            llm.latencyMs = l.llmMs;
            m_llm->setFaults(llm);
            // The emulator's own endpoints and credentials, read in its thread.
            const AirsEmulator::Credentials c = m_airs->options().credentials;
            m_airsSettings.scanEndpoint = m_airs->scanEndpoint();
            m_airsSettings.managementEndpoint = m_airs->managementEndpoint();
            m_airsSettings.tokenEndpoint = m_airs->tokenEndpoint();
            m_airsSettings.redTeamEndpoint = m_airs->redTeamEndpoint();
            m_airsSettings.apiKey = c.apiKey;
            m_airsSettings.clientId = c.clientId;
            m_airsSettings.clientSecret = c.clientSecret;
            m_airsSettings.tsgId = c.tsgId;
            m_airsSettings.timeoutMs = 60000;
            m_llmUrl = m_llm->baseUrl();
        });
    }
    ~EmulatorThread()
    {
        run([this] {
            delete m_airs;
            delete m_llm;
            m_anchor->deleteLater(); // with the thread's end
        });
        m_thread.quit();
        m_thread.wait();
    }

    bool ok() const { return m_ok; }
    int violations()
    {
        int n = 0;
        run([this, &n] { n = m_airs->propagationViolationCount(); });
        return n;
    }
    int scans()
    {
        int n = 0;
        run([this, &n] { n = m_airs->scanCount(); });
        return n;
    }
    int peakInflightScans()
    {
        int n = 0;
        run([this, &n] { n = m_airs->peakInflightScans(); });
        return n;
    }

    // Runs `f` with the AIRS emulator in its own thread (to seed topics and profiles).
    void withAirs(const std::function<void(AirsEmulator &)> &f)
    {
        run([this, &f] { f(*m_airs); });
    }

    AirsSettings airsSettings() const { return m_airsSettings; }
    LlmEndpoint llmEndpoint() const
    {
        LlmEndpoint e;
        e.provider = QStringLiteral("openai-compatible");
        e.model = QStringLiteral("daystrom-sandbox");
        e.baseUrl = m_llmUrl;
        e.timeoutMs = 120000;
        return e;
    }

private:
    template<typename F> void run(F f) // in the emulators' thread; returns when done
    {
        QMetaObject::invokeMethod(m_anchor, f, Qt::BlockingQueuedConnection);
    }

    QThread m_thread;
    QObject *m_anchor = nullptr; // lives in m_thread
    AirsEmulator *m_airs = nullptr;
    LlmEmulator *m_llm = nullptr;
    bool m_ok = false;
    AirsSettings m_airsSettings;
    QUrl m_llmUrl;
};
