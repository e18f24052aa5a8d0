#pragma once

#include "jsonin.h"
#include "topic.h"

#include <QDateTime>
#include <QJsonObject>
#include <QMap>
#include <QList>

#include <optional>

// An AIRS object a run or an apply created. The name is written to the run file before the
// create is sent and the id once AIRS answered, so a process killed in between still leaves a
// record to find the object by (the name was free when it was chosen).
struct CreatedObject
{
    QString name;
    QString id; // empty: sent, answer not seen

    QJsonObject toJson() const;
    static CreatedObject fromJson(const JsonIn &in);
    friend bool operator==(const CreatedObject &, const CreatedObject &) = default;
};

// What a run has put on the AIRS tenant and must take away when it ends (stored under
// "tenant" in the run file). A run works on a scratch copy of the production profile; in
// place (when the tenant refuses to create profiles) it works on the production profile and
// remembers its policy to put it back.
struct TenantFootprint
{
    QString productionProfile;
    bool inPlace = false;
    QString scratchProfile;   // "daystrom-run-<run id>"; empty in place
    QString scratchProfileId; // empty until AIRS answered
    std::optional<QJsonObject> productionPolicy; // in place: the policy before the first write
    // In place: the policy as the run last wrote it. Putting production back is then three-way
    // (ThreeWayRevert): what a colleague changed meanwhile stays.
    std::optional<QJsonObject> lastWrittenPolicy;
    QList<CreatedObject> topics;                 // the run's candidate topic and its companion
    // Further scratch profiles: an audit's copies with one production topic alone each, which
    // find the topics that caught a prompt when scan answers name none.
    QList<CreatedObject> extraProfiles;
    QStringList leftOut; // production topics the person chose to leave out of the run's profile

    // Nothing left on the tenant to remove or restore.
    bool isClear() const;
    static QString scratchProfileName(const QString &runId);

    QJsonObject toJson() const;
    static TenantFootprint fromJson(const JsonIn &in);
    friend bool operator==(const TenantFootprint &, const TenantFootprint &) = default;
};

// One deliberate apply of an iteration's topic to the production profile, and what revert
// needs to undo it.
struct ApplyRecord
{
    struct UpdatedTopic
    {
        QString id;
        Topic before; // name, description and examples as they were
        friend bool operator==(const UpdatedTopic &, const UpdatedTopic &) = default;
    };

    int iteration = 0;
    QString profileName;
    QDateTime appliedAt;
    std::optional<QJsonObject> policyBefore; // absent: the apply left the profile as it was
    // The policy as the apply left it, and the revision of every topic it wrote (topic id →
    // revision): revert takes back only what is still as the apply left it (three-way).
    // Absent in records written before three-way revert.
    std::optional<QJsonObject> policyAfter;
    QMap<QString, int> writtenRevisions;
    QList<CreatedObject> createdTopics;
    QList<UpdatedTopic> updatedTopics;
    std::optional<QDateTime> revertedAt;
    // Issue 57, the apply as a journal: the record is saved before the first write with
    // `pending` set, the names of the topics it is about to create and the policy the plan
    // was made from (policyBefore); each step it finishes is saved as it lands; the record is
    // complete (pending false) once the profile is written. A pending record found later is
    // an apply that was interrupted: TopicApplier::settle finds what landed before anything
    // else is done with it.
    bool pending = false;
    QStringList toCreate;

    QJsonObject toJson() const;
    static ApplyRecord fromJson(const JsonIn &in);
    friend bool operator==(const ApplyRecord &, const ApplyRecord &) = default;
};
