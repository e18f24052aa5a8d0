#pragma once

#include "airs/airssettings.h"
#include "llm/llmprovider.h"
#include "sandbox/airsemulator.h"
#include "sandbox/llmemulator.h"

#include <QString>
#include <QThread>

#include <memory>

// The built-in sandbox: the AIRS and LLM emulators on 127.0.0.1, served from their own
// thread so they never compete with the GUI or the run for an event loop. The real clients
// are pointed at them; the whole production path runs with no account.
class SandboxHost final
{
public:
    static inline const QString ProfileName = QStringLiteral("daystrom-sandbox");

    SandboxHost();
    ~SandboxHost(); // stops the servers, quits and waits for the thread

    // Where the sandbox tenant's topics and profiles persist (issue 58): the app and the CLI
    // use <home>/sandbox/tenant.json, so an apply survives a restart and `daystrom apply
    // --sandbox` acts on the tenant the app shows. Set before start(); without it the tenant
    // lives in memory (tests). A new persistent tenant is seeded with a few library topics in
    // its profile, as a real one has, so a first apply has neighbours to check.
    void setTenantFile(const QString &path) { m_tenantFile = path; }
    static QString tenantFileIn(const QString &sandboxHome);
    // Set when the tenant file could not be read and the sandbox started a fresh tenant.
    QString tenantNote() const { return m_tenantNote; }
    // The library keys of the topics a new persistent tenant's profile starts with.
    static QStringList seededTopicKeys();

    bool start(QString *error);
    bool isRunning() const { return m_airs != nullptr; }

    AirsSettings airsSettings() const;
    LlmEndpoint llmEndpoint() const;
    QUrl airsBaseUrl() const { return m_airsUrl; }
    QUrl llmBaseUrl() const { return m_llmUrl; }

    // What the emulators were asked, read in their thread (the caller waits for the copy):
    // for tests and diagnostics. An empty call name means every chat request.
    QList<LlmEmulator::RecordedRequest> llmRequests(const QString &callName = {}) const;
    QList<AirsEmulator::RecordedRequest> airsRequests() const;
    QJsonObject profile(const QString &name) const; // AirsEmulator::profile

private:
    std::unique_ptr<QThread> m_thread;
    AirsEmulator *m_airs = nullptr; // live in m_thread
    LlmEmulator *m_llm = nullptr;
    QUrl m_airsUrl; // the scan endpoint, which is the emulator's base URL
    QUrl m_managementUrl, m_tokenUrl, m_redTeamUrl;
    QUrl m_llmUrl;
    QString m_tenantFile, m_tenantNote;
    QString m_apiKey, m_clientId, m_clientSecret, m_tsgId;
};
