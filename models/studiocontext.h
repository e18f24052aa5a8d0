#pragma once

#include "config/config.h"
#include "domain/runstate.h"
#include "domain/steeringrequest.h"
#include "models/session/runenvironment.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>
#include <vector>

class ManagementClient;
class QNetworkAccessManager;
class RunController;
class RunSession;
class SandboxHost;
class SecretStore;
class SettingsController;

// The desktop app's composition root: settings (config + keychain), the built-in sandbox when
// it is active, the GUI-thread management client (profiles, apply to AIRS), and the current
// run (a RunController feeding the RunSession every view observes).
class StudioContext final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StudioContext)
public:
    explicit StudioContext(SecretStore *secrets, QObject *parent = nullptr);
    ~StudioContext() override;

    // Loads the settings (asynchronously: the keychain answers later); ready() follows.
    void initialize();
    bool isReady() const { return m_ready; }
    // True when neither AIRS nor an LLM account is configured: the sandbox is offered.
    bool needsAccount() const;

    // Switch the built-in sandbox on or off. Refused while a run is active; a stored run the
    // session shows is closed (it belongs to the other mode's data and tenant).
    bool enableSandbox(QString *error);
    bool disableSandbox(QString *error);
    bool isSandbox() const;
    // The built-in sandbox while it is active (tests read what its emulators were asked), else null.
    const SandboxHost *sandboxHost() const { return m_sandbox.get(); }

    SettingsController *settings() const { return m_settings; }
    RunSession *session() const { return m_session; }
    ManagementClient *management() const { return m_management; }
    // Where runs and learnings are kept: the sandbox's own (<home>/sandbox/runs and /memory)
    // while the sandbox is active, so they never mix with real ones; else the configured ones.
    QString runsDirectory() const;
    QString memoryDirectory() const;
    QString defaultProfile() const;
    // Where the mode's audits live (audits/ under it): the home, or the sandbox's.
    QString auditsHome() const;
    // What a run would be built from now, for work outside a run (a profile audit).
    RunEnvironment runEnvironment(QString *error) const;

    // Starts a new run or resumes a stored one. Returns an error message, or empty.
    // `stepMode`: the run waits for the person after each proposal (it can be switched later).
    QString startRun(const RunSettings &settings, bool stepMode = false);
    // A new budget (maxTokens / maxCost), when given, replaces the run's.
    QString resumeRun(const QString &runId, std::optional<qint64> maxTokens = {},
                      std::optional<double> maxCost = {});
    void pause();
    void cancel();
    bool isRunActive() const;
    // True when the session shows the run being driven now (steering goes to it).
    bool isSessionLive() const;

    // Steering the live run (a no-op without one).
    void steer(const SteeringRequest &request);
    // Marks a test's expected label in the session's run as wrong (undo: takes that back): the
    // live run does it on its thread; a stored run is changed on disk (refused while another
    // process drives it). Returns an error message, or empty (a live run reports problems as
    // warnings in its log). `wrong`: the label shown on the row the person marked, which is
    // the one that becomes its opposite.
    QString correctLabel(const QString &prompt, bool undo, std::optional<bool> wrong = std::nullopt);

    void useSessionOnlySecrets();
    void reloadSettings(); // after the Settings dialog saved

signals:
    void ready();
    void sandboxChanged(bool active);
    // The sandbox's tenant file was unreadable, so its tenant started afresh (issue 58).
    void sandboxTenantReset(const QString &note);
    void runActiveChanged(bool active);
    void managementChanged();
    void profilesListed(const QStringList &profiles, const QString &error);
    void profileTopicsListed(const QHash<QString, QStringList> &topicsByProfile);
    // The topic-guardrails action of each profile that pins topics.
    void profileActionsListed(const QHash<QString, QString> &actionByProfile);

public:
    void listProfiles();

private:
    Config::Result effective() const; // the settings, sandboxed while the sandbox is active
    RunEnvironment environment(QString *error) const;
    QString launch(const RunState &run);
    void retireController();
    void rebuildManagement();

    QPointer<SecretStore> m_secrets;
    std::unique_ptr<SecretStore> m_sessionSecrets;
    SettingsController *m_settings;
    RunSession *m_session;
    QNetworkAccessManager *m_nam;
    QPointer<ManagementClient> m_management;
    quint64 m_profileRequest = 0; // only the latest listing is shown (the client may change)
    std::unique_ptr<SandboxHost> m_sandbox;
    std::unique_ptr<RunController> m_controller;
    // Controllers of finished runs whose threads are winding down (see launch()).
    std::vector<std::unique_ptr<RunController>> m_retiring;
    bool m_ready = false;
};
