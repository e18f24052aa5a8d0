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
