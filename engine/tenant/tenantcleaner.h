#pragma once

#include "airs/airstypes.h"
#include "domain/tenantfootprint.h"

#include <QObject>
#include <QPointer>

#include <functional>

class ManagementClient;

// Takes a run's footprint off the tenant: puts the production profile's topic guardrails back
// (in place), deletes every revision of the scratch profiles (an audit's topic-alone copies,
// then the copy of production), then the run's topics — in that
// order, because AIRS refuses to delete a topic a profile still pins. A topic that only old
// revisions still reference is force-deleted; one that the latest revision of some profile
// pins is left and reported, since force would unlink it from a profile someone uses.
// Whatever could not be removed stays in the footprint.
class TenantCleaner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TenantCleaner)
public:
    struct Outcome
    {
        TenantFootprint remaining; // isClear() when everything is gone
        QStringList done;          // what was removed or restored, one line each
        QStringList problems;      // what was not, and why
    };
    using Done = std::function<void(const Outcome &)>;

    explicit TenantCleaner(ManagementClient *management, QObject *parent = nullptr);

    // What clean() would do, one line each, without touching the tenant.
    static QStringList describe(const TenantFootprint &footprint);

    // `progress` (optional) is called with the footprint after every step, for the caller to
    // save it.
    void clean(const TenantFootprint &footprint, Done done,
               std::function<void(const TenantFootprint &)> progress = {});
    void abort();

private:
    void restoreProduction();
    void deleteScratchProfile();
    void deleteProfile(const QString &name, const QString &id, std::function<void(bool ok)> done);
    void deleteTopics();
    void deleteTopic(const CreatedObject &topic, const QList<AirsProfile> &latest, std::function<void()> next);
    void stepDone();
    void finish();

    QPointer<ManagementClient> m_management;
    Outcome m_outcome;
    Done m_done;
    std::function<void(const TenantFootprint &)> m_progress;
    quint64 m_generation = 0;
};
