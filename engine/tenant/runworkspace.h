#pragma once

#include "airs/airstypes.h"
#include "domain/runsettings.h"
#include "domain/tenantfootprint.h"
#include "domain/topiclimits.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

class ManagementClient;

// Where a run deploys and scans: its own copy of the production profile ("daystrom-run-<id>",
// the production policy minus the topics the person left out), so production is only read
// during a run. In place (for tenants that refuse to create profiles) it is the production
// profile itself, whose policy is recorded first so it can be put back.
//
// Every AIRS object is written to the footprint (and, through `persist`, to the run file)
// before it is created, so a killed process leaves a record that `daystrom cleanup` follows.
class RunWorkspace final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunWorkspace)
public:
    static constexpr int TopicsPerProfile = TopicLimits::TopicsPerProfile;

    using Persist = std::function<bool(const TenantFootprint &)>; // false: stop, saving failed
    using Ready = std::function<void(const QString &profileName, const QString &error)>;

    RunWorkspace(ManagementClient *management, Persist persist, QObject *parent = nullptr);

    // A new run (`earlier` absent or clear) reads the production profile, checks the topic
    // limit and creates the scratch profile (or records the production policy). A resumed run
    // finds its scratch profile again, creating it anew when it is gone; in place, it first
    // puts the production profile back as it was before the run.
    void prepare(const QString &runId, const RunSettings &settings, const std::optional<TenantFootprint> &earlier,
                 Ready ready);
    void abort();
    // The topics the job puts into its copy, by name (a production topic of the same name is
    // replaced), for the topic limit; unset, a run adds its candidate and, for block intent,
    // its companion. An audit adds none; an impact check its plan's topics.
    void setAddedTopics(const QStringList &names) { m_added = names; }

    const TenantFootprint &footprint() const { return m_footprint; }
    // A new run: the production profile's policy as prepare() read it (absent on a resume).
    const std::optional<QJsonObject> &productionRead() const { return m_productionRead; }
    QString profileName() const; // where the run deploys and scans
    // Topic names the run's candidates stand in for: the production topics of the same names
    // and the ones left out.
    QStringList replacedNames(const QStringList &candidateNames) const;

    // Write-ahead for a topic create: the name before the request, the id after the answer.
    bool recordTopic(const QString &name);
    bool recordTopicId(const QString &name, const QString &id);
    QString deployedName(const QString &topicId) const; // the AIRS name of a topic the run created
    // In place: the policy a deploy left on production, for a three-way restore (persisted).
    bool recordWritten(const QJsonObject &policy);

    // The person-facing text for a profile over the limit.
    static QString overLimitMessage(const QString &profile, const QStringList &topicNames, int ownTopics);
    // The same for a job that adds the named topics (setAddedTopics): its copy would hold
    // `total` topics.
    static QString addedOverLimitMessage(const QString &profile, const QStringList &added, int total);

private:
    std::optional<QJsonObject> m_productionRead;
    void createScratch(const AirsProfile &production);
    void resumeScratch();
    void restoreInPlace();
    void fail(const QString &error);
    void succeed();

    QPointer<ManagementClient> m_management;
    Persist m_persist;
    TenantFootprint m_footprint;
    QString m_runId;
    RunSettings m_settings;
    Ready m_ready;
    quint64 m_generation = 0;
    std::optional<QStringList> m_added;
};
