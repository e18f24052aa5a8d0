#include "topic.h"

#include "jsonin.h"
#include "topiclimits.h"
#include "utf8.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

QJsonObject Topic::toJson() const
{
    return QJsonObject{{u"name"_s, name},
                       {u"description"_s, description},
                       {u"examples"_s, QJsonArray::fromStringList(examples)}};
}

Topic Topic::fromJson(const JsonIn &in)
{
    Topic t;
    t.name = in.string("name"_L1);
    t.description = in.string("description"_L1);
    t.examples = in.strings("examples"_L1);
    return t;
}

Topic companionApartFrom(Topic companion, const QString &mainName)
{
    if (companion.name.simplified().compare(mainName.simplified(), Qt::CaseInsensitive) != 0)
        return companion;
    const QString suffix = u" (allowed)"_s;
    const QString base = companion.name.simplified();
    companion.name = Utf8::truncated(base, TopicLimits::NameBytes - Utf8::size(suffix)).trimmed() + suffix;
    return companion;
}

ExampleChanges ExampleChanges::between(const QStringList &before, const QStringList &after)
{
    ExampleChanges c;
    for (const QString &e : after)
        (before.contains(e) ? c.kept : c.added).append(e);
    for (const QString &e : before) {
        if (!after.contains(e))
            c.removed.append(e);
    }
    return c;
}
