#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

// Red Team custom prompt sets and their prompts (airs-api.md §6), in creation order.
class PromptSetStore final
{
public:
    QJsonObject createSet(const QString &name, const QString &description,
                          const QJsonValue &propertyNames);
    // Empty when `setId` is unknown.
    QJsonObject addPrompt(const QString &setId, const QString &prompt, const QString &goal,
                          const QJsonValue &properties);

    bool containsSet(const QString &setId) const;
    bool containsSetName(const QString &name) const;
    QJsonObject set(const QString &setId) const;
    QList<QJsonObject> sets() const;
    QList<QJsonObject> prompts(const QString &setId) const;

private:
    struct Set
    {
        QJsonObject json;
        QList<QJsonObject> prompts;
    };
    QList<Set> m_sets;
};
