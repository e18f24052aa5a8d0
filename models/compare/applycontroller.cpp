#include "applycontroller.h"

#include "airs/managementclient.h"
#include "airs/profilepolicy.h"
#include "loop/topicdeployer.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

QString ApplyPlan::guardrailAction() const
{
    return intent == Intent::Block ? u"allow"_s : u"block"_s;
}

bool ApplyPlan::unchanged() const
{
    return current.name == proposed.name && current.description == proposed.description &&
           current.examples == proposed.examples;
}

ApplyController::ApplyController(ManagementClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_deployer(new TopicDeployer(client, this))
{}

ApplyController::~ApplyController() = default;

int ApplyController::pinnedRevisionIn(const QJsonObject &policy, const QString &topicId)
{
    const QJsonArray groups =
        ProfilePolicy::topicGuardrails(policy).value(u"topic-list"_s).toArray();
    for (const QJsonValue &g : groups) {
        for (const QJsonValue &t : g.toObject().value(u"topic"_s).toArray()) {
            const QJsonObject topic = t.toObject();
            if (topic.value(u"topic_id"_s).toString() == topicId)
                return topic.value(u"revision"_s).toInt(0);
        }
    }
    return -1;
}

void ApplyController::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void ApplyController::fail(const QString &message)
{
    m_message = message;
    setState(State::Failed);
    emit failed(message);
}

void ApplyController::cancel()
{
    ++m_generation;
    if (isBusy())
        setState(State::Idle);
}

void ApplyController::prepare(const RunState &run, int iteration)
{
    const quint64 generation = ++m_generation;
    m_plan = ApplyPlan{};
    m_message.clear();
    m_appliedRevision = m_pinnedAfter = -1;
    m_topics.reset();
    m_profiles.reset();

    const IterationResult *it = run.iterationByNumber(iteration);
    if (!it)
        return fail(tr("Run %1 has no recorded iteration %2.").arg(run.id).arg(iteration));
    if (!m_client)
        return fail(tr("AIRS management is not configured: add the management credentials in "
                       "the settings to apply topics."));
    if (!run.checkpoint || run.checkpoint->topicId.isEmpty())
        return fail(tr("Run %1 does not record which AIRS topic it refines (runs made by the "
                       "original tool do not), so there is nothing to update.")
                        .arg(run.id));
    if (run.userInput.profileName.isEmpty())
        return fail(tr("Run %1 has no security profile to re-pin.").arg(run.id));

    m_plan.runId = run.id;
    m_plan.iteration = iteration;
    m_plan.proposed = it->topic;
    m_plan.topicId = run.checkpoint->topicId;
    m_plan.profileName = run.userInput.profileName;
    m_plan.intent = run.userInput.intent;
    m_companionId = m_plan.intent == Intent::Block ? run.checkpoint->companionTopicId : QString();
    setState(State::Preparing);
    emit progress(tr("Reading the topic and the profile from AIRS…"));

    m_client->listTopics(this, [this, generation](const AirsResult<QList<AirsTopic>> &r) {
        if (generation != m_generation || m_state != State::Preparing)
            return;
        if (!r.ok())
            return fail(tr("Could not read the topics from AIRS: %1").arg(r.error.toString()));
        m_topics = r.value;
        if (m_profiles)
            planReady();
    });
    m_client->listProfiles(this, [this, generation](const AirsResult<QList<AirsProfile>> &r) {
        if (generation != m_generation || m_state != State::Preparing)
            return;
        if (!r.ok())
            return fail(
                tr("Could not read the security profiles from AIRS: %1").arg(r.error.toString()));
        m_profiles = r.value;
        if (m_topics)
            planReady();
    });
}

void ApplyController::planReady()
{
    auto find = [this](const QString &id) -> const AirsTopic * {
        for (const AirsTopic &t : *m_topics) {
            if (t.id == id)
                return &t;
        }
        return nullptr;
    };
    const AirsTopic *target = find(m_plan.topicId);
    if (!target)
        return fail(tr("The run's topic (%1) no longer exists in AIRS.").arg(m_plan.topicId));
    m_plan.current = *target;
    if (!m_companionId.isEmpty()) {
        const AirsTopic *companion = find(m_companionId);
        if (!companion)
            return fail(tr("The run's companion allow topic (%1) no longer exists in AIRS, so the "
                           "profile cannot be re-pinned as the run deployed it.")
                            .arg(m_companionId));
        m_plan.companion = *companion;
    }
    const AirsProfile *profile = nullptr;
    for (const AirsProfile &p : *m_profiles) {
        if (p.name == m_plan.profileName && (!profile || p.revision > profile->revision))
            profile = &p;
    }
    if (!profile)
        return fail(
            tr("There is no security profile named \"%1\" in AIRS.").arg(m_plan.profileName));
    m_plan.pinnedRevision = pinnedRevisionIn(profile->policy, m_plan.topicId);
    m_topics.reset();
    m_profiles.reset();
    setState(State::Ready);
    emit prepared();
}

void ApplyController::apply()
{
    if (m_state != State::Ready)
        return;
    const quint64 generation = ++m_generation;
    setState(State::Applying);
    emit progress(tr("Updating topic \"%1\"…").arg(m_plan.proposed.name));
    m_deployer->update(
        m_plan.topicId, m_plan.proposed, [this, generation](const AirsResult<AirsTopic> &r) {
            if (generation != m_generation)
                return;
            if (!r.ok())
                return fail(tr("AIRS did not accept the topic; nothing was changed. %1")
                                .arg(r.error.toString()));
            m_appliedRevision = r.value.revision;
            repin(r.value);
        });
}

void ApplyController::repin(const AirsTopic &updated)
{
    const quint64 generation = m_generation;
    // One arg() call each: a profile name holding "%2" must not be filled in.
    emit progress(tr("Re-pinning profile \"%1\" to revision %2…")
                      .arg(m_plan.profileName, QString::number(updated.revision)));
    m_deployer->assign(
        m_plan.profileName, m_plan.intent, updated, m_plan.companion,
        [this, generation, updated](const AirsResult<AirsProfile> &r) {
            if (generation != m_generation)
                return;
            if (!r.ok()) {
                const QString still =
                    m_plan.pinnedRevision >= 0
                        ? tr("the profile \"%1\" still pins revision %2")
                              .arg(m_plan.profileName, QString::number(m_plan.pinnedRevision))
                        : tr("the profile \"%1\" does not pin it").arg(m_plan.profileName);
                m_message = tr("Half applied: the topic was updated to revision %1 but %2: %3")
                                .arg(QString::number(updated.revision), still, r.error.toString());
                setState(State::HalfApplied);
                emit halfApplied(updated.revision, m_plan.pinnedRevision, m_message);
                return;
            }
            m_pinnedAfter = pinnedRevisionIn(r.value.policy, m_plan.topicId);
            m_message = tr("Applied: topic revision %1").arg(updated.revision);
            if (m_pinnedAfter >= 0 && m_pinnedAfter != updated.revision)
                m_message +=
                    tr(" (the profile pins revision %1: the topic changed again meanwhile)")
                        .arg(m_pinnedAfter);
            setState(State::Applied);
            emit applied(updated.revision);
        });
}
