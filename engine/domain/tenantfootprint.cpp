#include "tenantfootprint.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {
QJsonArray objectsToJson(const QList<CreatedObject> &objects)
{
    QJsonArray a;
    for (const CreatedObject &o : objects)
        a.append(o.toJson());
    return a;
}

QList<CreatedObject> objectsFromJson(const JsonIn &in, QLatin1StringView key)
{
    QList<CreatedObject> out;
    const QJsonArray a = in.arrayOr(key);
    for (qsizetype i = 0; i < a.size(); ++i)
        out.append(CreatedObject::fromJson(in.element(key, i, a.at(i))));
    return out;
}
} // namespace

QJsonObject CreatedObject::toJson() const
{
    QJsonObject o{{u"name"_s, name}};
    if (!id.isEmpty())
        o.insert(u"id"_s, id);
    return o;
}

CreatedObject CreatedObject::fromJson(const JsonIn &in)
{
    return {in.string("name"_L1), in.stringOr("id"_L1, {})};
}

bool TenantFootprint::isClear() const
{
    return scratchProfile.isEmpty() && !productionPolicy && topics.isEmpty() && extraProfiles.isEmpty();
}

QString TenantFootprint::scratchProfileName(const QString &runId)
{
    return u"daystrom-run-"_s + runId;
}

QJsonObject TenantFootprint::toJson() const
{
    QJsonObject o{{u"productionProfile"_s, productionProfile},
                  {u"inPlace"_s, inPlace},
                  {u"topics"_s, objectsToJson(topics)}};
    if (!scratchProfile.isEmpty())
        o.insert(u"scratchProfile"_s, scratchProfile);
    if (!scratchProfileId.isEmpty())
        o.insert(u"scratchProfileId"_s, scratchProfileId);
    if (productionPolicy)
        o.insert(u"productionPolicy"_s, *productionPolicy);
    if (!leftOut.isEmpty())
        o.insert(u"leftOut"_s, QJsonArray::fromStringList(leftOut));
    if (!extraProfiles.isEmpty())
        o.insert(u"extraProfiles"_s, objectsToJson(extraProfiles));
    if (lastWrittenPolicy)
        o.insert(u"lastWrittenPolicy"_s, *lastWrittenPolicy);
    return o;
}

TenantFootprint TenantFootprint::fromJson(const JsonIn &in)
{
    TenantFootprint f;
    f.productionProfile = in.stringOr("productionProfile"_L1, {});
    f.inPlace = in.booleanOr("inPlace"_L1, false);
    f.scratchProfile = in.stringOr("scratchProfile"_L1, {});
    f.scratchProfileId = in.stringOr("scratchProfileId"_L1, {});
    f.lastWrittenPolicy = in.optObject("lastWrittenPolicy"_L1);
    f.productionPolicy = in.optObject("productionPolicy"_L1);
    f.topics = objectsFromJson(in, "topics"_L1);
    f.leftOut = in.stringsOr("leftOut"_L1);
    f.extraProfiles = objectsFromJson(in, "extraProfiles"_L1);
    return f;
}

QJsonObject ApplyRecord::toJson() const
{
    QJsonArray updated;
    for (const UpdatedTopic &u : updatedTopics)
        updated.append(QJsonObject{{u"id"_s, u.id}, {u"before"_s, u.before.toJson()}});
    QJsonObject o{{u"iteration"_s, iteration},
                  {u"profileName"_s, profileName},
                  {u"appliedAt"_s, toIsoString(appliedAt)},
                  {u"createdTopics"_s, objectsToJson(createdTopics)},
                  {u"updatedTopics"_s, updated}};
    if (policyBefore)
        o.insert(u"policyBefore"_s, *policyBefore);
    if (policyAfter)
        o.insert(u"policyAfter"_s, *policyAfter);
    if (!writtenRevisions.isEmpty()) {
        QJsonObject revisions;
        for (auto it = writtenRevisions.cbegin(); it != writtenRevisions.cend(); ++it)
            revisions.insert(it.key(), it.value());
        o.insert(u"writtenRevisions"_s, revisions);
    }
    if (revertedAt)
        o.insert(u"revertedAt"_s, toIsoString(*revertedAt));
    if (pending) {
        o.insert(u"pending"_s, true);
        o.insert(u"toCreate"_s, QJsonArray::fromStringList(toCreate));
    }
    return o;
}

ApplyRecord ApplyRecord::fromJson(const JsonIn &in)
{
    ApplyRecord r;
    r.iteration = int(in.integer("iteration"_L1));
    r.profileName = in.string("profileName"_L1);
    r.appliedAt = in.timestamp("appliedAt"_L1);
    r.policyBefore = in.optObject("policyBefore"_L1);
    r.policyAfter = in.optObject("policyAfter"_L1);
    if (const std::optional<QJsonObject> revisions = in.optObject("writtenRevisions"_L1)) {
        const JsonIn child = in.child("writtenRevisions"_L1);
        for (const QString &id : revisions->keys())
            r.writtenRevisions.insert(id, int(child.integer(QLatin1StringView(id.toLatin1()))));
    }
    r.createdTopics = objectsFromJson(in, "createdTopics"_L1);
    const QJsonArray updated = in.arrayOr("updatedTopics"_L1);
    for (qsizetype i = 0; i < updated.size(); ++i) {
        const JsonIn u = in.element("updatedTopics"_L1, i, updated.at(i));
        r.updatedTopics.append({u.string("id"_L1), Topic::fromJson(u.child("before"_L1))});
    }
    if (in.has("revertedAt"_L1))
        r.revertedAt = in.timestamp("revertedAt"_L1);
    r.pending = in.booleanOr("pending"_L1, false);
    if (r.pending)
        r.toCreate = in.stringsOr("toCreate"_L1);
    return r;
}
