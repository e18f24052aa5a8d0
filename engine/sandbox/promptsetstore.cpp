#include "promptsetstore.h"

#include "sandboxclock.h"

#include <QUuid>

using namespace Qt::StringLiterals;

QJsonObject PromptSetStore::createSet(const QString &name, const QString &description,
                                      const QJsonValue &propertyNames)
{
    const QString now = SandboxClock::nowIso();
    QJsonObject json{{u"uuid"_s, QUuid::createUuid().toString(QUuid::WithoutBraces)},
                     {u"name"_s, name},
                     {u"active"_s, true},
                     {u"archive"_s, false},
                     {u"status"_s, u"READY"_s},
                     {u"created_at"_s, now},
                     {u"updated_at"_s, now}};
    if (!description.isNull())
        json.insert(u"description"_s, description);
    if (!propertyNames.isUndefined() && !propertyNames.isNull())
        json.insert(u"property_names"_s, propertyNames);
    m_sets.append({json, {}});
    return json;
}

QJsonObject PromptSetStore::addPrompt(const QString &setId, const QString &prompt,
                                      const QString &goal, const QJsonValue &properties)
{
    for (Set &s : m_sets) {
        if (s.json.value(u"uuid"_s).toString() != setId)
            continue;
        const QString now = SandboxClock::nowIso();
        QJsonObject json{{u"uuid"_s, QUuid::createUuid().toString(QUuid::WithoutBraces)},
                         {u"prompt"_s, prompt},
                         {u"prompt_set_id"_s, setId},
                         {u"user_defined_goal"_s, !goal.isEmpty()},
                         {u"status"_s, u"READY"_s},
                         {u"active"_s, true},
                         {u"created_at"_s, now},
                         {u"updated_at"_s, now}};
        if (!goal.isEmpty())
            json.insert(u"goal"_s, goal);
        if (!properties.isUndefined() && !properties.isNull())
            json.insert(u"properties"_s, properties);
        s.prompts.append(json);
        s.json.insert(u"updated_at"_s, now);
        return json;
    }
    return {};
}

bool PromptSetStore::containsSet(const QString &setId) const
{
    return !set(setId).isEmpty();
}

bool PromptSetStore::containsSetName(const QString &name) const
{
    for (const Set &s : m_sets) {
        if (s.json.value(u"name"_s).toString() == name)
            return true;
    }
    return false;
}

QJsonObject PromptSetStore::set(const QString &setId) const
{
    for (const Set &s : m_sets) {
        if (s.json.value(u"uuid"_s).toString() == setId)
            return s.json;
    }
    return {};
}

QList<QJsonObject> PromptSetStore::sets() const
{
    QList<QJsonObject> out;
    for (const Set &s : m_sets)
        out.append(s.json);
    return out;
}

QList<QJsonObject> PromptSetStore::prompts(const QString &setId) const
{
    for (const Set &s : m_sets) {
        if (s.json.value(u"uuid"_s).toString() == setId)
            return s.prompts;
    }
    return {};
}
