#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

// Security profiles as the management API lists them. Each listed entry is one profile
// revision; with `newIdOnUpdate`, an update appends a new entry with a new profile_id and
// the old revision stays listed under the same name (airs-api.md §5.6).
class ProfileStore final
{
public:
    struct Write
    {
        QString name;
        bool active = true;
        QJsonObject policy;
        QJsonObject extra; // unknown top-level keys of the write body, kept verbatim
    };

    explicit ProfileStore(QString tsgId);

    QString create(const Write &write, const QString &actor); // returns profile_id
    // Returns the id of the updated entry (a new one with `newId`); empty for an unknown id.
    QString update(const QString &id, const Write &write, const QString &actor, bool newId);
    bool remove(const QString &id);

    bool contains(const QString &id) const;
    QString latestIdForName(const QString &name) const; // highest revision; empty if none
    QJsonObject json(const QString &id) const;
    QList<QJsonObject> list() const;

    // {profile_id, profile_name, revision} of every entry whose policy lists the topic.
    QList<QJsonObject> referencing(const QString &topicId) const;
    void stripTopic(const QString &topicId);

    // Every listed entry, for the sandbox's tenant file (TenantFile), and back. restore()
    // replaces the store only when the whole array is well formed.
    QJsonArray snapshot() const;
    bool restore(const QJsonArray &records, QString *error);

    // The keys a write body may carry that are not stored in `extra`.
    static bool isKnownKey(const QString &key);

private:
    struct Record
    {
        QString id;
        int revision = 1;
        Write content;
        QString createdBy;
        QString updatedBy;
        QString createdTs;
        QString modifiedTs;
    };
    QJsonObject toJson(const Record &record) const;
    const Record *find(const QString &id) const;

    QList<Record> m_records;
    QString m_tsgId;
};
