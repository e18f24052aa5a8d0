#include "topicdeployment.h"

#include "llmgate.h"
#include "llm/prompts/promptbook.h"
#include "tenant/runworkspace.h"
#include "tenant/topicdeployer.h"

#include <QTimer>

using namespace Qt::StringLiterals;

TopicDeployment::TopicDeployment(Parts parts, RunState &run, RunCheckpoint &checkpoint, QObject *parent)
    : QObject(parent)
    , m_parts(std::move(parts))
    , m_run(run)
    , m_checkpoint(checkpoint)
    , m_delay(new QTimer(this))
{
    m_delay->setSingleShot(true);
    // Precise: a coarse timer may fire up to 5 % early, and a scan before the propagation
    // ends measures the topic AIRS had before.
    m_delay->setTimerType(Qt::PreciseTimer);
    connect(m_delay, &QTimer::timeout, this, &TopicDeployment::live);
}

void TopicDeployment::deploy(const Topic &topic, const QString &profile)
{
    m_topic = topic;
    m_profile = profile;
    deployTopic();
}

void TopicDeployment::abort()
{
    m_delay->stop();
    m_parts.deployer->abort();
}

Topic TopicDeployment::deployed(const Topic &topic, const QString &topicId) const
{
    Topic t = topic;
    if (const QString name = m_parts.workspace->deployedName(topicId); !name.isEmpty())
        t.name = name;
    return t;
}

void TopicDeployment::deployTopic()
{
    RunWorkspace *workspace = m_parts.workspace;
    const auto record = [workspace](const QString &name) { return workspace->recordTopic(name); };
    if (m_checkpoint.topicId.isEmpty()) {
        m_parts.deployer->create(m_topic, [this, workspace](const AirsResult<AirsTopic> &r) {
            if (!r.ok())
                return emit failed(r.error.toString());
            m_checkpoint.topicId = r.value.id;
            if (!workspace->recordTopicId(r.value.name, r.value.id))
                return;
            if (r.value.name != m_topic.name) {
                emit warning(u"a topic named \"%1\" already exists in AIRS; this run tests its candidate as "
                             "\"%2\" and deletes it when it ends (an apply writes \"%1\")"_s.arg(m_topic.name, r.value.name));
            }
            applyTopic(r.value);
        }, record);
        return;
    }
    m_parts.deployer->update(m_checkpoint.topicId, deployed(m_topic, m_checkpoint.topicId), [this](const AirsResult<AirsTopic> &r) {
        if (r.error.kind == AirsError::Kind::NotFound) {
            // Deleted in AIRS since (or a fresh sandbox on resume): deploy it again.
            emit warning(u"topic %1 no longer exists in AIRS; creating it again"_s.arg(m_checkpoint.topicId));
            m_checkpoint.topicId.clear();
            m_checkpoint.companionTopicId.clear();
            m_companion.reset();
            deployTopic();
            return;
        }
        if (!r.ok())
            return emit failed(r.error.toString());
        applyTopic(r.value);
    });
}

void TopicDeployment::applyTopic(const AirsTopic &target)
{
    const RunSettings &in = m_run.userInput;
    if (in.intent == Intent::Allow || m_companion || !m_checkpoint.companionTopicId.isEmpty()) {
        if (in.intent == Intent::Block && !m_companion && m_run.companionTopic)
            m_companion = AirsTopic{m_checkpoint.companionTopicId, m_run.companionTopic->name, {}, {}, true, 0, {}};
        assignProfile(target);
        return;
    }
    // Block intent, first deployment: a benign companion in the same vocabulary. One the run
    // already wrote (before a crash, or before AIRS lost it) is deployed again as it was: its
    // create finds the topic AIRS may already hold, and an apply writes the same companion.
    auto deployCompanion = [this, target](const Topic &companion) {
        RunWorkspace *workspace = m_parts.workspace;
        m_parts.deployer->create(companion, [this, workspace, target, companion](const AirsResult<AirsTopic> &r) {
            if (!r.ok())
                return emit failed(r.error.toString());
            m_companion = r.value;
            m_checkpoint.companionTopicId = r.value.id;
            if (!workspace->recordTopicId(r.value.name, r.value.id)) // saves the checkpoint
                return;
            emit companionCreated(r.value.id, companion);
            assignProfile(target);
        }, [workspace](const QString &name) { return workspace->recordTopic(name); });
    };
    if (m_run.companionTopic)
        return deployCompanion(*m_run.companionTopic);
    m_parts.llm->ask(PromptBook::generateCompanion({m_topic.name, m_topic.description}), [this, deployCompanion](const QJsonObject &o) {
        // Never under the block topic's own name: an apply would write one over the other.
        const Topic companion = companionApartFrom(PromptBook::topicFromJson(o), m_topic.name);
        emit companionGenerated(companion);
        m_run.companionTopic = companion; // under its own name: what an apply writes
        if (m_parts.save()) // before the create: a resume deploys this one, not a new one
            deployCompanion(companion);
    });
}

void TopicDeployment::assignProfile(const AirsTopic &target)
{
    // The run's candidates stand in for production topics of the same names, as after an apply.
    QStringList candidates{m_checkpoint.lockedName};
    if (m_run.userInput.intent == Intent::Block && m_run.companionTopic)
        candidates.append(m_run.companionTopic->name);
    m_parts.deployer->assign(m_profile, m_run.userInput.intent, target, m_companion,
                             [this](const AirsResult<AirsProfile> &r) {
        if (!r.ok())
            return emit failed(r.error.toString());
        if (!m_parts.workspace->recordWritten(r.value.policy))
            return emit failed(u"the run file could not be saved"_s);
        emit assigned();
        if (m_parts.propagationDelayMs <= 0)
            return emit live();
        m_delay->start(m_parts.propagationDelayMs);
    }, m_parts.workspace->replacedNames(candidates));
}
