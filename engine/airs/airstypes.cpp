#include "airstypes.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

AirsTopic AirsTopic::fromJson(const QJsonObject &o)
{
    AirsTopic t;
    t.id = o.value(u"topic_id"_s).toString();
    t.name = o.value(u"topic_name"_s).toString();
    t.description = o.value(u"description"_s).toString();
    for (const QJsonValue &e : o.value(u"examples"_s).toArray())
        t.examples.append(e.toString());
    t.active = o.value(u"active"_s).toBool(true);
    t.revision = o.value(u"revision"_s).toInt(0);
    t.raw = o;
    return t;
}

QJsonObject AirsTopic::writeBody(const QString &name, const QString &description,
                                 const QStringList &examples)
{
    return QJsonObject{{u"topic_name"_s, name},
                       {u"description"_s, description},
                       {u"examples"_s, QJsonArray::fromStringList(examples)},
                       {u"active"_s, true}};
}

QHash<QString, AirsProfile> AirsProfile::latestByName(const QList<AirsProfile> &listed)
{
    QHash<QString, AirsProfile> latest;
    for (const AirsProfile &p : listed) {
        if (!latest.contains(p.name) || p.revision > latest.value(p.name).revision)
            latest.insert(p.name, p);
    }
    return latest;
}

AirsProfile AirsProfile::fromJson(const QJsonObject &o)
{
    AirsProfile p;
    p.id = o.value(u"profile_id"_s).toString();
    p.name = o.value(u"profile_name"_s).toString();
    p.revision = o.value(u"revision"_s).toInt(0);
    p.active = o.value(u"active"_s).toBool(true);
    p.policy = o.value(u"policy"_s).toObject();
    p.raw = o;
    return p;
}
