#include "profilepolicy.h"

#include <QJsonArray>
#include <QSet>

using namespace Qt::StringLiterals;

static const QString Guardrails = u"topic-guardrails"_s;

QJsonObject ProfilePolicy::withTopicGuardrails(const QJsonObject &policy,
                                               const QList<TopicAssignment> &assignments,
                                               const QString &guardrailAction, OtherTopics others,
                                               const QStringList &replaced)
{
    QJsonObject out = policy;
    QJsonArray profiles = out.value(u"ai-security-profiles"_s).toArray();
    if (profiles.isEmpty())
        profiles.append(QJsonObject{{u"model-type"_s, u"default"_s}});
    QJsonObject first = profiles.at(0).toObject();
    if (!first.contains(u"model-type"_s))
        first.insert(u"model-type"_s, u"default"_s);
    QJsonObject config = first.value(u"model-configuration"_s).toObject();
    QJsonArray protection = config.value(u"model-protection"_s).toArray();

    qsizetype at = -1;
    for (qsizetype i = 0; i < protection.size(); ++i) {
        if (protection.at(i).toObject().value(u"name"_s).toString() == Guardrails) {
            at = i;
            break;
        }
    }
    QJsonObject entry = at >= 0 ? protection.at(at).toObject()
                                : QJsonObject{{u"name"_s, Guardrails},
                                              {u"action"_s, u"block"_s},
                                              {u"options"_s, QJsonArray()},
                                              {u"topic-list"_s, QJsonArray()}};
    entry.insert(u"action"_s, guardrailAction);

    QSet<QString> assignedIds, assignedNames(replaced.cbegin(), replaced.cend());
    for (const TopicAssignment &a : assignments) {
        assignedIds.insert(a.topicId);
        assignedNames.insert(a.topicName);
    }
    QStringList order;
    QHash<QString, QJsonArray> groups;
    auto add = [&](const QString &action, const QJsonObject &topic) {
        if (!groups.contains(action))
            order.append(action);
        groups[action].append(topic);
    };
    if (others == OtherTopics::Keep) {
        for (const QJsonValue &g : entry.value(u"topic-list"_s).toArray()) {
            const QString action = g.toObject().value(u"action"_s).toString();
            for (const QJsonValue &t : g.toObject().value(u"topic"_s).toArray()) {
                const QJsonObject topic = t.toObject();
                if (!assignedIds.contains(topic.value(u"topic_id"_s).toString())
                    && !assignedNames.contains(topic.value(u"topic_name"_s).toString()))
                    add(action, topic);
            }
        }
    }
    for (const TopicAssignment &a : assignments) {
        add(a.action, QJsonObject{{u"topic_id"_s, a.topicId},
                                  {u"topic_name"_s, a.topicName},
                                  {u"revision"_s, a.revision}});
    }
    QJsonArray list;
    for (const QString &action : std::as_const(order)) {
        if (!groups.value(action).isEmpty())
            list.append(QJsonObject{{u"action"_s, action}, {u"topic"_s, groups.value(action)}});
    }
    entry.insert(u"topic-list"_s, list);

    if (at >= 0)
        protection.replace(at, entry);
    else
        protection.append(entry);
    config.insert(u"model-protection"_s, protection);
    first.insert(u"model-configuration"_s, config);
    profiles.replace(0, first);
    out.insert(u"ai-security-profiles"_s, profiles);
    return out;
}

QString ProfilePolicy::guardrailAction(const QJsonObject &policy)
{
    return topicGuardrails(policy).value(u"action"_s).toString();
}

QJsonObject ProfilePolicy::topicGuardrails(const QJsonObject &policy)
{
    const QJsonArray profiles = policy.value(u"ai-security-profiles"_s).toArray();
    if (profiles.isEmpty())
        return {};
    const QJsonArray protection = profiles.at(0)
                                      .toObject()
                                      .value(u"model-configuration"_s)
                                      .toObject()
                                      .value(u"model-protection"_s)
                                      .toArray();
    for (const QJsonValue &v : protection) {
        if (v.toObject().value(u"name"_s).toString() == Guardrails)
            return v.toObject();
    }
    return {};
}

namespace {
// Where the topic-guardrails entry sits: ai-security-profiles[0].model-configuration
// .model-protection[index]; -1 when any part is missing.
qsizetype guardrailsIndex(const QJsonObject &policy)
{
    const QJsonArray protection = policy.value(u"ai-security-profiles"_s)
                                      .toArray()
                                      .at(0)
                                      .toObject()
                                      .value(u"model-configuration"_s)
                                      .toObject()
                                      .value(u"model-protection"_s)
                                      .toArray();
    for (qsizetype i = 0; i < protection.size(); ++i) {
        if (protection.at(i).toObject().value(u"name"_s).toString() == Guardrails)
            return i;
    }
    return -1;
}

// `policy` with its guardrails entry replaced by `entry`, or removed when `entry` is empty.
QJsonObject withGuardrailsEntry(const QJsonObject &policy, const QJsonObject &entry)
{
    QJsonObject out = policy;
    QJsonArray profiles = out.value(u"ai-security-profiles"_s).toArray();
    if (profiles.isEmpty()) {
        if (entry.isEmpty())
            return out;
        profiles.append(QJsonObject{{u"model-type"_s, u"default"_s}});
    }
    QJsonObject first = profiles.at(0).toObject();
    QJsonObject config = first.value(u"model-configuration"_s).toObject();
    QJsonArray protection = config.value(u"model-protection"_s).toArray();
    const qsizetype at = guardrailsIndex(policy);
    if (at >= 0 && entry.isEmpty())
        protection.removeAt(at);
    else if (at >= 0)
        protection.replace(at, entry);
    else if (!entry.isEmpty())
        protection.append(entry);
    else
        return out;
    config.insert(u"model-protection"_s, protection);
    first.insert(u"model-configuration"_s, config);
    profiles.replace(0, first);
    out.insert(u"ai-security-profiles"_s, profiles);
    return out;
}
} // namespace

QList<TopicAssignment> ProfilePolicy::assignedTopics(const QJsonObject &policy)
{
    QList<TopicAssignment> out;
    for (const QJsonValue &g : topicGuardrails(policy).value(u"topic-list"_s).toArray()) {
        const QString action = g.toObject().value(u"action"_s).toString();
        for (const QJsonValue &t : g.toObject().value(u"topic"_s).toArray()) {
            const QJsonObject topic = t.toObject();
            out.append({topic.value(u"topic_id"_s).toString(), topic.value(u"topic_name"_s).toString(), action,
                        topic.value(u"revision"_s).toInt(0)});
        }
    }
    return out;
}

QJsonObject ProfilePolicy::withoutTopics(const QJsonObject &policy, const QStringList &names)
{
    QJsonObject entry = topicGuardrails(policy);
    if (entry.isEmpty() || names.isEmpty())
        return policy;
    QJsonArray list;
    for (const QJsonValue &g : entry.value(u"topic-list"_s).toArray()) {
        QJsonObject group = g.toObject();
        QJsonArray kept;
        for (const QJsonValue &t : group.value(u"topic"_s).toArray()) {
            if (!names.contains(t.toObject().value(u"topic_name"_s).toString()))
                kept.append(t);
        }
        if (kept.isEmpty())
            continue;
        group.insert(u"topic"_s, kept);
        list.append(group);
    }
    entry.insert(u"topic-list"_s, list);
    return withGuardrailsEntry(policy, entry);
}

QJsonObject ProfilePolicy::withTopicGuardrailsOf(const QJsonObject &current, const QJsonObject &before)
{
    if (withGuardrailsEntry(current, {}) == withGuardrailsEntry(before, {}))
        return before;
    return withGuardrailsEntry(current, topicGuardrails(before));
}
