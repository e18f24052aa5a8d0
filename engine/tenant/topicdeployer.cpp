#include "topicdeployer.h"

#include "airs/managementclient.h"
#include "domain/topiclimits.h"
#include "domain/utf8.h"

using namespace Qt::StringLiterals;

TopicDeployer::TopicDeployer(ManagementClient *management, QObject *parent)
    : QObject(parent)
    , m_management(management)
{
}

QString TopicDeployer::freeName(const QString &name, const QStringList &taken)
{
    if (!taken.contains(name))
        return name;
    for (int n = 2;; ++n) {
        const QString suffix = u" (%1)"_s.arg(n);
        const QString candidate =
            Utf8::truncated(name, TopicLimits::NameBytes - Utf8::size(suffix)) + suffix;
        if (!taken.contains(candidate))
            return candidate;
    }
}

void TopicDeployer::create(const Topic &topic, TopicCallback done, std::function<bool(const QString &)> beforeSend)
{
    if (!m_management)
        return done({{}, {AirsError::Kind::Cancelled, 0, u"no management client"_s, -1}});
    m_management->listTopics(this, [this, topic, done, beforeSend](const AirsResult<QList<AirsTopic>> &list) {
        if (!list.ok())
            return done({{}, list.error});
        QStringList taken;
        for (const AirsTopic &t : list.value)
            taken.append(t.name);
        const QString name = freeName(topic.name, taken);
        if (beforeSend && !beforeSend(name))
            return done({{}, {AirsError::Kind::Cancelled, 0, u"the run file could not be saved"_s, -1}});
        m_management->createTopic(name, topic.description, topic.examples, this, done);
    });
}

void TopicDeployer::update(const QString &topicId, const Topic &topic, TopicCallback done)
{
    if (!m_management)
        return done({{}, {AirsError::Kind::Cancelled, 0, u"no management client"_s, -1}});
    m_management->updateTopic(topicId, topic.name, topic.description, topic.examples, this, std::move(done));
}

void TopicDeployer::assign(const QString &profile, Intent intent, const AirsTopic &target,
                           const std::optional<AirsTopic> &companion, ProfileCallback done,
                           const QStringList &replaced)
{
    if (!m_management)
        return done({{}, {AirsError::Kind::Cancelled, 0, u"no management client"_s, -1}});
    QList<TopicAssignment> entries;
    if (intent == Intent::Block) {
        if (companion)
            entries.append({companion->id, companion->name, u"allow"_s, 0});
        entries.append({target.id, target.name, u"block"_s, 0});
    } else {
        entries.append({target.id, target.name, u"allow"_s, 0});
    }
    m_management->assignTopics(profile, entries, guardrailActionFor(intent), this, std::move(done),
                               ProfilePolicy::OtherTopics::Keep, replaced);
}

void TopicDeployer::abort()
{
    if (m_management)
        m_management->abortAll();
}
