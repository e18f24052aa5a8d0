#pragma once

#include "domain/auditfigures.h"
#include "domain/tenantfootprint.h"

#include <QDateTime>
#include <QJsonObject>

#include <optional>

// One whole-profile audit as it is kept in `<home>/audits/<id>.json` (issue 42): the topics it
// read, each topic's held-out prompts and, once the whole suite was scanned, its scans; the
// general benign set; the scratch profile it works on. Saved after every step, so a killed
// audit resumes without scanning a finished topic again, and the scratch profile it left is
// found and removed.
struct AuditState
{
    enum class Status { Running, Completed, Failed, Cancelled };

    QString id;
    QString profileName;
    QDateTime createdAt;
    QDateTime updatedAt;
    Status status = Status::Running;
    QString error;
    QList<AuditTopic> topics;
    QList<AuditSuite> suites; // one per topic, by name, then the general benign set (topic "")
    TenantFootprint tenant;
    // The topics of flagged prompts whose answers named none were found with each topic alone
    // in turn (ProfileAudit); only ever needed once per audit.
    bool attributed = false;
    // The profile's topic-guardrail action for prompts no topic matches: "allow" (a block
    // list) or "block" (an allow list); how every scan of the audit is read (issue 55).
    QString guardrailAction = QStringLiteral("allow");
    bool isAllowList() const { return guardrailAction == u"block"; }

    AuditSuite *suite(const QString &topic);
    const AuditSuite *suite(const QString &topic) const;
    AuditFigures figures() const { return AuditFigures::compute(topics, suites, isAllowList()); }

    QJsonObject toJson() const;
    static AuditState fromJson(const QJsonObject &object, QStringList *errors);

    static QString directory(const QString &home); // <home>/audits
    QString path(const QString &home) const;
    QString save(const QString &home) const; // an error, or empty
    // Every readable audit of `profileName`, newest first.
    static QList<AuditState> ofProfile(const QString &home, const QString &profileName);
    // The newest audit of `profileName` that did not complete (or, the newest of all, completed
    // but still holding scratch objects), to resume (`resumed` true); else, or when `fresh`, a
    // new one.
    static AuditState resumeOrStart(const QString &home, const QString &profileName, bool fresh, bool *resumed);
    static std::optional<AuditState> load(const QString &home, const QString &id, QString *error);
    // Every audit file in <home>/audits, of any profile, newest first; `problems` gets the
    // files that cannot be read (impact checks' footprints, impact-*.json, are no audits).
    static QList<AuditState> all(const QString &home, QStringList *problems = nullptr);
    // The held-out prompts earlier audits of `profileName` wrote for each of `topics` whose text
    // (name, description, examples) is still the same, from the newest audit that has them: a
    // topic's prompts are written once and kept, so audits over time measure on the same ones.
    static QHash<QString, QList<TestCase>> storedPrompts(const QString &home, const QString &profileName,
                                                         const QList<AuditTopic> &topics);
    // The newest completed audit of `profileName`, if any: what an impact check measures on.
    static std::optional<AuditState> latestCompleted(const QString &home, const QString &profileName);
};

QString auditStatusName(AuditState::Status status);
