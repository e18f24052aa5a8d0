#include "topicstore.h"

#include "sandboxclock.h"

#include <QJsonArray>
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
