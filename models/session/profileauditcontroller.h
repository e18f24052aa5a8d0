#pragma once

#include "models/session/runenvironment.h"
#include "runs/auditlock.h"
#include "tenant/profileaudit.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

// The Profile page's audits (issue 42): prepares one (reads the profile, says what it will
// cost), runs it once the person agrees, cancels it, and finds the latest finished audit of a
// profile. An unfinished audit of the profile is resumed. Audits live in the mode's home:
// <home>/audits, or <home>/sandbox/audits in the sandbox.
class ProfileAuditController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProfileAuditController)
public:
    // What an audit is built from, asked anew at each prepare() (the sandbox may have been
    // switched on or off meanwhile): the mode's audits home and its run environment.
    struct Source
    {
        std::function<QString()> auditsHome;
        std::function<RunEnvironment(QString *error)> environment;
    };

    explicit ProfileAuditController(Source source, QObject *parent = nullptr);
    ~ProfileAuditController() override;

    void prepare(const QString &profile, int benchmarkSize = 30); // planned() or failed() follows
    void start();                                                // after planned()
    void cancel(); // prepared: dropped; running: cancelled, its scratch profile removed
    bool isBusy() const { return m_audit != nullptr; }
    bool isRunning() const { return m_running; }

    QString home() const;
    // The latest completed audit of `profile`, read off the GUI thread (every audit file of the
    // profile is parsed): latestLoaded() follows.
    void loadLatest(const QString &profile);
    // Writes `audit` as a self-contained HTML page to `path` (atomically); why not, or empty.
    static QString exportHtml(const AuditState &audit, const QString &path);

signals:
    void latestLoaded(const QString &profile, const std::optional<AuditState> &audit);
    void planned(const QString &profile, const ProfileAudit::Plan &plan, bool resumed);
    void progress(const QString &what, int done, int total);
    void finished(const AuditState &state);
    void failed(const QString &error);

private:
    void drop();

    Source m_source;
    QObject *m_services = nullptr; // the network manager and clients of the audit
    ProfileAudit *m_audit = nullptr;
    // The profile's lock and the audit's own, from prepare() until it ends or is dropped: the
    // CLI and `cleanup` then know the audit is alive (issue 55).
    std::unique_ptr<AuditLock> m_lock;
    bool m_running = false;
};
