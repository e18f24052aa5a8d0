#include "productionrestore.h"

#include "airs/managementclient.h"
#include "airs/profilepolicy.h"
#include "threewayrevert.h"

#include <QPointer>
#include <QSet>

void ProductionRestore::putBack(ManagementClient *management, const TenantFootprint &footprint, QObject *context,
                                Done done)
{
    if (!footprint.productionPolicy)
        return done({{}, {}}, {});
    const QJsonObject before = *footprint.productionPolicy;
    const std::optional<QJsonObject> written = footprint.lastWrittenPolicy;
    QPointer<QObject> guard(context);
    QPointer<ManagementClient> client(management);
    management->findProfile(footprint.productionProfile, context, [=](const AirsResult<AirsProfile> &found) {
        if (!guard || !client)
            return;
        if (!found.ok())
            return done(found, {});
        QJsonObject target;
        QStringList kept;
        if (written) {
            // The run's side: what it last wrote, less pins that are neither its own topics nor
            // production's from before (a colleague's, which a later deploy of the run kept).
            QSet<QString> ours;
            for (const CreatedObject &t : footprint.topics)
                ours.insert(t.id);
            for (const TopicAssignment &a : ProfilePolicy::assignedTopics(before))
                ours.insert(a.topicId);
            QList<TopicAssignment> runs = ProfilePolicy::assignedTopics(*written);
            runs.removeIf([&ours](const TopicAssignment &a) { return !ours.contains(a.topicId); });
            ApplyRecord run;
            run.policyBefore = before;
            run.policyAfter = ProfilePolicy::withTopicGuardrails(
                *written, runs, ProfilePolicy::guardrailAction(*written),
                ProfilePolicy::OtherTopics::Drop);
            const ThreeWayRevert::Plan plan = ThreeWayRevert::compute(run, found.value.policy, {}, false);
            target = plan.policy;
            kept = plan.conflicts;
        } else {
            target = ProfilePolicy::withTopicGuardrailsOf(found.value.policy, before);
        }
        if (target == found.value.policy)
            return done(found, kept);
        client->updateProfile(found.value, target, guard, [done, kept](const AirsResult<AirsProfile> &r) { done(r, kept); });
    });
}
