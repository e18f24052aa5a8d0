#pragma once

#include "domain/topic.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

// Custom topics with every revision's content kept, so a profile that pins an old revision
// is evaluated against the text it pinned (airs-api.md §5.6).
class TopicStore final
{
public:
    explicit TopicStore(int startRevision = 1);

    QString create(const Topic &content, bool active, const QString &actor); // returns topic_id
    bool update(const QString &id, const Topic &content, bool active, const QString &actor);
    bool remove(const QString &id);

    bool contains(const QString &id) const;
    QString idForName(const QString &name) const; // empty when no topic has that name
    QJsonObject json(const QString &id) const;    // latest revision, as the API returns it
    QList<QJsonObject> list() const;              // latest revisions, in creation order
    int latestRevision(const QString &id) const;  // -1 for an unknown id

    // The content as of `revision`: the newest stored revision not above it, or the first
    // revision when `revision` predates it. Empty for an unknown id.
    std::optional<Topic> contentAt(const QString &id, int revision) const;

    // Every record with all its revisions, for the sandbox's tenant file (TenantFile), and
    // back. restore() replaces the store only when the whole array is well formed.
    QJsonArray snapshot() const;
    bool restore(const QJsonArray &records, QString *error);

private:
    struct Revision
    {
        int number = 0;
        Topic content;
        bool active = true;
        QString updatedBy;
        QString modifiedTs;
    };
    struct Record
    {
        QString id;
        QString createdBy;
        QString createdTs;
        QList<Revision> revisions; // ascending, never empty
    };
    const Record *find(const QString &id) const;
    static QJsonObject toJson(const Record &record);

    QList<Record> m_records;
    int m_startRevision;
};
