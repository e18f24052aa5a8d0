#include "schemabuilder.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

QJsonObject SchemaBuilder::string(int minLength)
{
    QJsonObject s{{u"type"_s, u"string"_s}};
    if (minLength > 0)
        s.insert(u"minLength"_s, minLength);
    return s;
}

QJsonObject SchemaBuilder::stringEnum(const QStringList &values)
{
    return {{u"type"_s, u"string"_s}, {u"enum"_s, QJsonArray::fromStringList(values)}};
}

QJsonObject SchemaBuilder::boolean()
{
    return {{u"type"_s, u"boolean"_s}};
}

QJsonObject SchemaBuilder::array(const QJsonObject &items, int minItems, int maxItems)
{
    QJsonObject s{{u"type"_s, u"array"_s}, {u"items"_s, items}};
    if (minItems >= 0)
        s.insert(u"minItems"_s, minItems);
    if (maxItems >= 0)
        s.insert(u"maxItems"_s, maxItems);
    return s;
}

QJsonObject SchemaBuilder::object(const QList<QPair<QString, QJsonObject>> &properties)
{
    QJsonObject props;
    QJsonArray required;
    for (const auto &[name, schema] : properties) {
        props.insert(name, schema);
        required.append(name);
    }
    return {{u"type"_s, u"object"_s},
            {u"properties"_s, props},
            {u"required"_s, required},
            {u"additionalProperties"_s, false}};
}
