#pragma once

#include <QHash>
#include <QJsonObject>
#include <QStringList>

// A custom topic as the management API returns it (airs-api.md §5.2).
struct AirsTopic
{
    QString id;
    QString name;
    QString description;
    QStringList examples;
    bool active = true;
    int revision = 0; // 0 when the server omits it
    QJsonObject raw;

    static AirsTopic fromJson(const QJsonObject &o);
    // The write body: topic_name, description, examples, active (response-only fields never sent).
    static QJsonObject writeBody(const QString &name, const QString &description,
                                 const QStringList &examples);
};

// A security profile (airs-api.md §5.4); `raw` keeps every field for read-modify-write.
struct AirsProfile
{
    QString id;
    QString name;
    int revision = 0;
    bool active = true;
    QJsonObject policy;
    QJsonObject raw;

    static AirsProfile fromJson(const QJsonObject &o);
    // The latest revision of every profile in a listing (each revision is listed), by name.
    static QHash<QString, AirsProfile> latestByName(const QList<AirsProfile> &listed);
};

// One topic to pin in a profile's topic-guardrails entry, with the bucket it goes into.
struct TopicAssignment
{
    QString topicId;
    QString topicName;
    QString action; // "allow" or "block"
    int revision = 0; // filled from the server's current revision by assignTopics()
};

struct PromptSetInfo
{
    QString id; // uuid
    QString name;
    QString status;
    QJsonObject raw;
};
