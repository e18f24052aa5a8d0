#include "topicstore.h"

#include "sandboxclock.h"

#include <QJsonArray>
#include <QSet>
#include <QUuid>

using namespace Qt::StringLiterals;

TopicStore::TopicStore(int startRevision)
    : m_startRevision(startRevision)
{}

QString TopicStore::create(const Topic &content, bool active, const QString &actor)
{
    Record record;
    record.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    record.createdBy = actor;
    record.createdTs = SandboxClock::nowIso();
    record.revisions.append({m_startRevision, content, active, actor, record.createdTs});
    m_records.append(record);
    return record.id;
}

bool TopicStore::update(const QString &id, const Topic &content, bool active, const QString &actor)
{
    for (Record &record : m_records) {
        if (record.id == id) {
            const int next = record.revisions.constLast().number + 1;
            record.revisions.append({next, content, active, actor, SandboxClock::nowIso()});
            return true;
        }
    }
    return false;
}

bool TopicStore::remove(const QString &id)
{
    return m_records.removeIf([&id](const Record &r) { return r.id == id; }) > 0;
}

bool TopicStore::contains(const QString &id) const
{
    return find(id) != nullptr;
}

QString TopicStore::idForName(const QString &name) const
{
    for (const Record &record : m_records) {
        if (record.revisions.constLast().content.name == name)
            return record.id;
    }
    return {};
}

QJsonObject TopicStore::json(const QString &id) const
{
    const Record *record = find(id);
    return record ? toJson(*record) : QJsonObject{};
}

QList<QJsonObject> TopicStore::list() const
{
    QList<QJsonObject> out;
    out.reserve(m_records.size());
    for (const Record &record : m_records)
        out.append(toJson(record));
    return out;
}

int TopicStore::latestRevision(const QString &id) const
{
    const Record *record = find(id);
    return record ? record->revisions.constLast().number : -1;
}

std::optional<Topic> TopicStore::contentAt(const QString &id, int revision) const
{
    const Record *record = find(id);
    if (!record)
        return std::nullopt;
    const Revision *chosen = &record->revisions.constFirst();
    for (const Revision &r : record->revisions) {
        if (r.number <= revision)
            chosen = &r;
    }
    return chosen->content;
}

const TopicStore::Record *TopicStore::find(const QString &id) const
{
    for (const Record &record : m_records) {
        if (record.id == id)
            return &record;
    }
    return nullptr;
}

QJsonObject TopicStore::toJson(const Record &record)
{
    const Revision &latest = record.revisions.constLast();
    return {{u"topic_id"_s, record.id},
            {u"topic_name"_s, latest.content.name},
            {u"description"_s, latest.content.description},
            {u"examples"_s, QJsonArray::fromStringList(latest.content.examples)},
            {u"active"_s, latest.active},
            {u"revision"_s, latest.number},
            {u"created_by"_s, record.createdBy},
            {u"updated_by"_s, latest.updatedBy},
            {u"created_ts"_s, record.createdTs},
            {u"last_modified_ts"_s, latest.modifiedTs}};
}

QJsonArray TopicStore::snapshot() const
{
    QJsonArray out;
    for (const Record &record : m_records) {
        QJsonArray revisions;
        for (const Revision &r : record.revisions)
            revisions.append(QJsonObject{{u"revision"_s, r.number},
                                         {u"topic"_s, r.content.toJson()},
                                         {u"active"_s, r.active},
                                         {u"updated_by"_s, r.updatedBy},
                                         {u"last_modified_ts"_s, r.modifiedTs}});
        out.append(QJsonObject{{u"topic_id"_s, record.id},
                               {u"created_by"_s, record.createdBy},
                               {u"created_ts"_s, record.createdTs},
                               {u"revisions"_s, revisions}});
    }
    return out;
}

bool TopicStore::restore(const QJsonArray &records, QString *error)
{
    QList<Record> restored;
    QSet<QString> ids;
    for (const QJsonValue &value : records) {
        const QJsonObject o = value.toObject();
        Record record;
        record.id = o.value(u"topic_id"_s).toString();
        record.createdBy = o.value(u"created_by"_s).toString();
        record.createdTs = o.value(u"created_ts"_s).toString();
        int previous = 0;
        for (const QJsonValue &rv : o.value(u"revisions"_s).toArray()) {
            const QJsonObject r = rv.toObject();
            const QJsonObject topic = r.value(u"topic"_s).toObject();
            Revision revision;
            revision.number = r.value(u"revision"_s).toInt(-1);
            revision.content.name = topic.value(u"name"_s).toString();
            revision.content.description = topic.value(u"description"_s).toString();
            for (const QJsonValue &e : topic.value(u"examples"_s).toArray())
                revision.content.examples.append(e.toString());
            revision.active = r.value(u"active"_s).toBool(true);
            revision.updatedBy = r.value(u"updated_by"_s).toString();
            revision.modifiedTs = r.value(u"last_modified_ts"_s).toString();
            if (revision.number <= previous || revision.content.name.isEmpty()) {
                *error = u"topic %1 has a bad revision"_s.arg(record.id);
                return false;
            }
            previous = revision.number;
            record.revisions.append(revision);
        }
        if (record.id.isEmpty() || record.revisions.isEmpty() || ids.contains(record.id)) {
            *error = u"a topic record has no id, no revision or a repeated id"_s;
            return false;
        }
        ids.insert(record.id);
        restored.append(record);
    }
    m_records = restored;
    return true;
}
