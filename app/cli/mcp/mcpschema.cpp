#include "mcpschema.h"

#include "domain/printable.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>

using namespace Qt::StringLiterals;

namespace McpSchema {

namespace {

QString name(const QString &where)
{
    return where.isEmpty() ? u"the arguments"_s : u'"' + where + u'"';
}

QString shown(const QJsonValue &v)
{
    QString text;
    if (v.isString())
        text = u'"' + v.toString() + u'"';
    else if (v.isObject() || v.isArray())
        text = v.isObject() ? u"an object"_s : u"an array"_s;
    else
        text = QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
    return Printable::escaped(text, 80);
}

bool isInteger(const QJsonValue &v)
{
    if (!v.isDouble())
        return false;
    const double d = v.toDouble();
    return std::isfinite(d) && d == std::floor(d);
}

bool hasType(const QString &type, const QJsonValue &v)
{
    if (type == "object"_L1)
        return v.isObject();
    if (type == "array"_L1)
        return v.isArray();
    if (type == "string"_L1)
        return v.isString();
    if (type == "boolean"_L1)
        return v.isBool();
    if (type == "integer"_L1)
        return isInteger(v);
    if (type == "number"_L1)
        return v.isDouble() && std::isfinite(v.toDouble());
    if (type == "null"_L1)
        return v.isNull();
    return true;
}

QString typeWord(const QString &type)
{
    if (type == "object"_L1)
        return u"an object"_s;
    if (type == "array"_L1)
        return u"a list"_s;
    if (type == "integer"_L1)
        return u"a whole number"_s;
    return u"a "_s + type;
}

QString number(double d)
{
    return QString::number(d, 'g', 15);
}

} // namespace

QString check(const QJsonObject &schema, const QJsonValue &value, const QString &where)
{
    if (schema.contains(u"type"_s)) {
        const QString type = schema.value(u"type"_s).toString();
        if (!hasType(type, value))
            return name(where) + u" must be "_s + typeWord(type) + u", not "_s + shown(value);
    }
    if (schema.contains(u"enum"_s)) {
        const QJsonArray values = schema.value(u"enum"_s).toArray();
        if (!values.contains(value)) {
            QStringList words;
            for (const QJsonValue &v : values)
                words.append(v.toString());
            return name(where) + u" must be one of "_s + words.join(u", "_s) + u", not "_s + shown(value);
        }
    }
    if (value.isDouble()) {
        const double d = value.toDouble();
        if (schema.contains(u"minimum"_s) && d < schema.value(u"minimum"_s).toDouble())
            return name(where) + u" must be at least "_s + number(schema.value(u"minimum"_s).toDouble()) + u", not "_s + shown(value);
        if (schema.contains(u"maximum"_s) && d > schema.value(u"maximum"_s).toDouble())
            return name(where) + u" must be at most "_s + number(schema.value(u"maximum"_s).toDouble()) + u", not "_s + shown(value);
    }
    if (value.isString()) {
        const qsizetype n = value.toString().size();
        if (schema.contains(u"minLength"_s) && n < schema.value(u"minLength"_s).toInt())
            return name(where) + u" must not be empty"_s;
        if (schema.contains(u"maxLength"_s) && n > schema.value(u"maxLength"_s).toInt())
            return name(where) + u" is %1 characters long; at most %2 are taken"_s.arg(n).arg(schema.value(u"maxLength"_s).toInt());
        if (schema.contains(u"pattern"_s)
            && !QRegularExpression(schema.value(u"pattern"_s).toString()).match(value.toString()).hasMatch())
            return name(where) + u" is not in the form asked for, not "_s + shown(value);
    }
    if (value.isArray()) {
        const QJsonArray items = value.toArray();
        if (schema.contains(u"minItems"_s) && items.size() < schema.value(u"minItems"_s).toInt())
            return name(where) + u" needs at least %1 items"_s.arg(schema.value(u"minItems"_s).toInt());
        if (schema.contains(u"maxItems"_s) && items.size() > schema.value(u"maxItems"_s).toInt())
            return name(where) + u" has %1 items; at most %2 are taken"_s.arg(items.size()).arg(schema.value(u"maxItems"_s).toInt());
        const QJsonObject itemSchema = schema.value(u"items"_s).toObject();
        for (qsizetype i = 0; i < items.size(); ++i) {
            const QString at = (where.isEmpty() ? u"item"_s : where) + u'[' + QString::number(i) + u']';
            if (const QString e = check(itemSchema, items.at(i), at); !e.isEmpty())
                return e;
        }
    }
    if (value.isObject()) {
        const QJsonObject o = value.toObject();
        const QJsonObject properties = schema.value(u"properties"_s).toObject();
        for (const QJsonValue &r : schema.value(u"required"_s).toArray()) {
            const QString key = r.toString();
            if (!o.contains(key))
                return (where.isEmpty() ? QString() : name(where) + u": "_s) + u'"' + key + u"\" is required"_s;
        }
        const bool closed = schema.value(u"additionalProperties"_s) == QJsonValue(false);
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString at = where.isEmpty() ? it.key() : where + u'.' + it.key();
            if (!properties.contains(it.key())) {
                if (closed) {
                    QStringList known = properties.keys();
                    return u"there is no argument "_s + Printable::escaped(u'"' + at + u'"', 80) + u"; the known ones are "_s
                        + known.join(u", "_s);
                }
                continue;
            }
            if (const QString e = check(properties.value(it.key()).toObject(), it.value(), at); !e.isEmpty())
                return e;
        }
    }
    return {};
}

QJsonObject typed(const char *type)
{
    return {{u"type"_s, QLatin1StringView(type)}};
}

QJsonObject string(const QString &description, int maxLength)
{
    QJsonObject o{{u"type"_s, u"string"_s}, {u"description"_s, description}};
    if (maxLength > 0)
        o.insert(u"maxLength"_s, maxLength);
    return o;
}

QJsonObject oneOf(const QStringList &values, const QString &description)
{
    return {{u"type"_s, u"string"_s}, {u"enum"_s, QJsonArray::fromStringList(values)}, {u"description"_s, description}};
}

QJsonObject integer(const QString &description, int minimum, int maximum)
{
    return {{u"type"_s, u"integer"_s}, {u"minimum"_s, minimum}, {u"maximum"_s, maximum}, {u"description"_s, description}};
}

QJsonObject number(const QString &description, double minimum, double maximum)
{
    return {{u"type"_s, u"number"_s}, {u"minimum"_s, minimum}, {u"maximum"_s, maximum}, {u"description"_s, description}};
}

QJsonObject boolean(const QString &description)
{
    return {{u"type"_s, u"boolean"_s}, {u"description"_s, description}};
}

QJsonObject array(const QJsonObject &items, const QString &description, int maxItems)
{
    QJsonObject o{{u"type"_s, u"array"_s}, {u"items"_s, items}, {u"description"_s, description}};
    if (maxItems > 0)
        o.insert(u"maxItems"_s, maxItems);
    return o;
}

QJsonObject object(const QJsonObject &properties, const QStringList &required, bool closed, const QString &description)
{
    QJsonObject o{{u"type"_s, u"object"_s}, {u"properties"_s, properties}};
    if (!required.isEmpty())
        o.insert(u"required"_s, QJsonArray::fromStringList(required));
    if (closed)
        o.insert(u"additionalProperties"_s, false);
    if (!description.isEmpty())
        o.insert(u"description"_s, description);
    return o;
}

} // namespace McpSchema
