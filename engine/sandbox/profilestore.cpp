#include "profilestore.h"

#include "policyjson.h"
#include "sandboxclock.h"

#include <QSet>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace {
QString newId()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}
} // namespace

ProfileStore::ProfileStore(QString tsgId)
    : m_tsgId(std::move(tsgId))
{}

QString ProfileStore::create(const Write &write, const QString &actor)
{
    Record record;
    record.id = newId();
    record.content = write;
    record.createdBy = actor;
    record.updatedBy = actor;
    record.createdTs = SandboxClock::nowIso();
    record.modifiedTs = record.createdTs;
    m_records.append(record);
    return record.id;
}

QString ProfileStore::update(const QString &id, const Write &write, const QString &actor,
                             bool newIdOnUpdate)
{
    const Record *current = find(id);
    if (!current)
        return {};
    int highest = current->revision;
    for (const Record &r : std::as_const(m_records)) {
        if (r.content.name == current->content.name)
            highest = qMax(highest, r.revision);
    }
    Record next = *current;
    next.revision = highest + 1;
    next.content = write;
    next.updatedBy = actor;
    next.modifiedTs = SandboxClock::nowIso();
    if (newIdOnUpdate) {
        next.id = newId();
        m_records.append(next);
        return next.id;
    }
    for (Record &r : m_records) {
        if (r.id == id)
            r = next;
    }
    return id;
}

bool ProfileStore::remove(const QString &id)
{
    return m_records.removeIf([&id](const Record &r) { return r.id == id; }) > 0;
}

bool ProfileStore::contains(const QString &id) const
{
    return find(id) != nullptr;
}

QString ProfileStore::latestIdForName(const QString &name) const
{
    const Record *best = nullptr;
    for (const Record &r : m_records) {
        if (r.content.name == name && (!best || r.revision > best->revision))
            best = &r;
    }
    return best ? best->id : QString();
}

QJsonObject ProfileStore::json(const QString &id) const
{
    const Record *record = find(id);
    return record ? toJson(*record) : QJsonObject{};
}

QList<QJsonObject> ProfileStore::list() const
{
    QList<QJsonObject> out;
    out.reserve(m_records.size());
    for (const Record &r : m_records)
        out.append(toJson(r));
    return out;
}

QList<QJsonObject> ProfileStore::referencing(const QString &topicId) const
{
    QList<QJsonObject> out;
    for (const Record &r : m_records) {
        for (const PolicyJson::TopicRef &ref : PolicyJson::allTopicRefs(r.content.policy)) {
            if (ref.topicId == topicId) {
                out.append({{u"profile_id"_s, r.id},
                            {u"profile_name"_s, r.content.name},
                            {u"revision"_s, r.revision}});
                break;
            }
        }
    }
    return out;
}

void ProfileStore::stripTopic(const QString &topicId)
{
    for (Record &r : m_records)
        r.content.policy = PolicyJson::withoutTopic(r.content.policy, topicId);
}

bool ProfileStore::isKnownKey(const QString &key)
{
    static const QStringList known{u"profile_id"_s,      u"profile_name"_s, u"revision"_s,
                                   u"active"_s,          u"policy"_s,       u"tsg_id"_s,
                                   u"created_by"_s,      u"updated_by"_s,   u"created_ts"_s,
                                   u"last_modified_ts"_s};
    return known.contains(key);
}

QJsonObject ProfileStore::toJson(const Record &record) const
{
    QJsonObject out = record.content.extra;
    out.insert(u"profile_id"_s, record.id);
    out.insert(u"profile_name"_s, record.content.name);
    out.insert(u"revision"_s, record.revision);
    out.insert(u"active"_s, record.content.active);
    out.insert(u"policy"_s, record.content.policy);
    out.insert(u"tsg_id"_s, m_tsgId);
    out.insert(u"created_by"_s, record.createdBy);
    out.insert(u"updated_by"_s, record.updatedBy);
    out.insert(u"created_ts"_s, record.createdTs);
    out.insert(u"last_modified_ts"_s, record.modifiedTs);
    return out;
}

const ProfileStore::Record *ProfileStore::find(const QString &id) const
{
    for (const Record &r : m_records) {
        if (r.id == id)
            return &r;
    }
    return nullptr;
}

QJsonArray ProfileStore::snapshot() const
{
    QJsonArray out;
    for (const Record &r : m_records)
        out.append(QJsonObject{{u"profile_id"_s, r.id},
                               {u"profile_name"_s, r.content.name},
                               {u"revision"_s, r.revision},
                               {u"active"_s, r.content.active},
                               {u"policy"_s, r.content.policy},
                               {u"extra"_s, r.content.extra},
                               {u"created_by"_s, r.createdBy},
                               {u"updated_by"_s, r.updatedBy},
                               {u"created_ts"_s, r.createdTs},
                               {u"last_modified_ts"_s, r.modifiedTs}});
    return out;
}

bool ProfileStore::restore(const QJsonArray &records, QString *error)
{
    QList<Record> restored;
    QSet<QString> ids;
    for (const QJsonValue &value : records) {
        const QJsonObject o = value.toObject();
        Record r;
        r.id = o.value(u"profile_id"_s).toString();
        r.revision = o.value(u"revision"_s).toInt(-1);
        r.content.name = o.value(u"profile_name"_s).toString();
        r.content.active = o.value(u"active"_s).toBool(true);
        r.content.policy = o.value(u"policy"_s).toObject();
        r.content.extra = o.value(u"extra"_s).toObject();
        r.createdBy = o.value(u"created_by"_s).toString();
        r.updatedBy = o.value(u"updated_by"_s).toString();
        r.createdTs = o.value(u"created_ts"_s).toString();
        r.modifiedTs = o.value(u"last_modified_ts"_s).toString();
        if (r.id.isEmpty() || r.content.name.isEmpty() || r.revision < 1 || ids.contains(r.id)) {
            *error = u"a profile record has no id or name, a bad revision or a repeated id"_s;
            return false;
        }
        ids.insert(r.id);
        restored.append(r);
    }
    m_records = restored;
    return true;
}
