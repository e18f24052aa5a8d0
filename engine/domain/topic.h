#pragma once

#include <QJsonObject>
#include <QStringList>

class JsonIn;

// An AIRS custom topic: the unit the loop generates, deploys and refines.
struct Topic
{
    QString name;
    QString description;
    QStringList examples;

    QJsonObject toJson() const;
    static Topic fromJson(const JsonIn &in);

    friend bool operator==(const Topic &, const Topic &) = default;
};

// A block run's companion allow topic never shares the block topic's name (issue 41): AIRS
// holds one topic per name, so an apply would write one over the other and pin a single topic
// as both allow and block. A companion named like `mainName` (ignoring case and spacing) is
// renamed "<name> (allowed)", within the name limit; any other is returned as it is.
Topic companionApartFrom(Topic companion, const QString &mainName);

// How two topics' examples differ, in the order of `after` (added, kept) and of `before`
// (removed): the Compare page's and the apply plan's lists.
struct ExampleChanges
{
    QStringList added, removed, kept;
    static ExampleChanges between(const QStringList &before, const QStringList &after);
};
