#include "policyjson.h"

#include "topicstore.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {
const QString kProfiles = u"ai-security-profiles"_s;
const QString kConfiguration = u"model-configuration"_s;
const QString kModelProtection = u"model-protection"_s;
const QString kGuardrail = u"topic-guardrails"_s;
const QString kTopicList = u"topic-list"_s;

// Calls `edit` on every topic-guardrails element and writes the results back.
QJsonObject mapGuardrails(const QJsonObject &policy,
                          const std::function<QJsonObject(const QJsonObject &)> &edit)
{
    QJsonArray profiles = policy.value(kProfiles).toArray();
    bool changed = false;
    for (qsizetype p = 0; p < profiles.size(); ++p) {
        QJsonObject profile = profiles.at(p).toObject();
        QJsonObject config = profile.value(kConfiguration).toObject();
        QJsonArray protections = config.value(kModelProtection).toArray();
        bool found = false;
        for (qsizetype i = 0; i < protections.size(); ++i) {
            const QJsonObject entry = protections.at(i).toObject();
            if (entry.value(u"name"_s).toString() == kGuardrail) {
                protections.replace(i, edit(entry));
                found = true;
            }
        }
        if (!found)
            continue;
        config.insert(kModelProtection, protections);
        profile.insert(kConfiguration, config);
        profiles.replace(p, profile);
        changed = true;
    }
    if (!changed)
        return policy;
    QJsonObject out = policy;
    out.insert(kProfiles, profiles);
    return out;
}

QList<QJsonObject> guardrails(const QJsonObject &policy)
{
    QList<QJsonObject> out;
    for (const QJsonValue &profile : policy.value(kProfiles).toArray()) {
        const QJsonArray protections =
            profile.toObject().value(kConfiguration).toObject().value(kModelProtection).toArray();
        for (const QJsonValue &entry : protections) {
            if (entry.toObject().value(u"name"_s).toString() == kGuardrail)
                out.append(entry.toObject());
        }
    }
    return out;
}
} // namespace

QJsonObject PolicyJson::defaultPolicy()
{
    const QJsonObject configuration{
        {u"mask-data-in-storage"_s, false},
        {u"latency"_s,
         QJsonObject{{u"inline-timeout-action"_s, u"block"_s}, {u"max-inline-latency"_s, 5}}},
        {u"app-protection"_s, QJsonObject{{u"default-url-category"_s,
                                           QJsonObject{{u"member"_s, QJsonArray{u"malicious"_s}}}},
                                          {u"url-detected-action"_s, u"block"_s}}},
        {u"data-protection"_s,
         QJsonObject{{u"data-leak-detection"_s, QJsonObject{{u"action"_s, u""_s},
                                                            {u"mask-data-inline"_s, false},
                                                            {u"member"_s, QJsonValue::Null}}},
                     {u"database-security"_s, QJsonValue::Null}}},
        {kModelProtection,
         QJsonArray{QJsonObject{{u"name"_s, u"prompt-injection"_s}, {u"action"_s, u"block"_s}},
                    QJsonObject{{u"name"_s, u"toxic-content"_s},
                                {u"action"_s, u"high:block, moderate:block"_s}},
                    QJsonObject{{u"name"_s, kGuardrail},
                                {u"action"_s, u"allow"_s},
                                {u"options"_s, QJsonArray{}},
                                {kTopicList, QJsonArray{}}}}},
        {u"agent-protection"_s, QJsonArray{}}};
    return {{kProfiles, QJsonArray{QJsonObject{{u"model-type"_s, u"default"_s},
                                               {kConfiguration, configuration}}}},
            {u"dlp-data-profiles"_s, QJsonArray{}}};
}

std::optional<QJsonObject> PolicyJson::guardrail(const QJsonObject &policy)
{
    const QList<QJsonObject> all = guardrails(policy);
    if (all.isEmpty())
        return std::nullopt;
    return all.constFirst();
}

QList<PolicyJson::TopicRef> PolicyJson::topicRefs(const QJsonObject &guardrail)
{
    QList<TopicRef> out;
    for (const QJsonValue &bucket : guardrail.value(kTopicList).toArray()) {
        const QString action = bucket.toObject().value(u"action"_s).toString();
        for (const QJsonValue &topic : bucket.toObject().value(u"topic"_s).toArray()) {
            const QJsonObject t = topic.toObject();
            out.append({action, t.value(u"topic_id"_s).toString(),
                        t.value(u"topic_name"_s).toString(), t.value(u"revision"_s).toInt(0)});
        }
    }
    return out;
}

QList<PolicyJson::TopicRef> PolicyJson::allTopicRefs(const QJsonObject &policy)
{
    QList<TopicRef> out;
    for (const QJsonObject &g : guardrails(policy))
        out.append(topicRefs(g));
    return out;
}

QString PolicyJson::validate(const QJsonObject &policy, const TopicStore &topics)
{
    if (policy.contains(kProfiles) && !policy.value(kProfiles).isArray())
        return u"policy.ai-security-profiles must be an array"_s;
    for (const QJsonObject &g : guardrails(policy)) {
        const QJsonValue list = g.value(kTopicList);
        if (!list.isUndefined() && !list.isNull() && !list.isArray())
            return u"topic-guardrails.topic-list must be an array"_s;
        const QJsonArray buckets = list.toArray();
        for (qsizetype b = 0; b < buckets.size(); ++b) {
            const QJsonObject bucket = buckets.at(b).toObject();
            const QString where = u"topic-guardrails.topic-list[%1]"_s.arg(b);
            const QString action = bucket.value(u"action"_s).toString();
            if (action != u"allow" && action != u"block")
                return where + u".action must be \"allow\" or \"block\""_s;
            const QJsonArray entries = bucket.value(u"topic"_s).toArray();
            if (entries.isEmpty())
                return where + u".topic must not be empty or null: omit an action group "
                               "that has no topics"_s;
            for (qsizetype t = 0; t < entries.size(); ++t) {
                const QString id = entries.at(t).toObject().value(u"topic_id"_s).toString();
                const QString field = where + u".topic[%1].topic_id"_s.arg(t);
                if (id.isEmpty())
                    return field + u" is required"_s;
                if (!topics.contains(id))
                    return field + u": no custom topic with id '%1'"_s.arg(id);
            }
        }
    }
    return {};
}

QJsonObject PolicyJson::withoutTopic(const QJsonObject &policy, const QString &topicId)
{
    return mapGuardrails(policy, [&topicId](const QJsonObject &g) {
        QJsonArray kept;
        for (const QJsonValue &bucketValue : g.value(kTopicList).toArray()) {
            QJsonObject bucket = bucketValue.toObject();
            QJsonArray topics;
            for (const QJsonValue &t : bucket.value(u"topic"_s).toArray()) {
                if (t.toObject().value(u"topic_id"_s).toString() != topicId)
                    topics.append(t);
            }
            if (topics.isEmpty())
                continue;
            bucket.insert(u"topic"_s, topics);
            kept.append(bucket);
        }
        QJsonObject out = g;
        out.insert(kTopicList, kept);
        return out;
    });
}
