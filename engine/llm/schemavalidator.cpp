#include "schemavalidator.h"

#include <QJsonArray>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {
QString typeOf(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return u"null"_s;
    case QJsonValue::Bool: return u"boolean"_s;
    case QJsonValue::Double: return u"number"_s;
    case QJsonValue::String: return u"string"_s;
    case QJsonValue::Array: return u"array"_s;
    case QJsonValue::Object: return u"object"_s;
    case QJsonValue::Undefined: break;
    }
    return u"undefined"_s;
}

bool matchesType(const QJsonValue &v, const QString &type)
{
    if (type == "integer"_L1)
        return v.isDouble() && std::floor(v.toDouble()) == v.toDouble();
    return typeOf(v) == type;
}

QString at(const QString &path)
{
    return path.isEmpty() ? u"the answer"_s : path;
}
} // namespace

QStringList SchemaValidator::validate(const QJsonValue &value, const QJsonObject &schema, const QString &path)
{
    QStringList out;
    const QJsonValue typeSpec = schema.value(u"type"_s);
    if (!typeSpec.isUndefined()) {
        QStringList types;
        if (typeSpec.isArray()) {
            for (const QJsonValue &t : typeSpec.toArray())
                types.append(t.toString());
        } else {
            types.append(typeSpec.toString());
        }
        const bool ok = std::any_of(types.cbegin(), types.cend(),
                                    [&](const QString &t) { return matchesType(value, t); });
        if (!ok) {
            out.append(u"%1: expected %2, got %3"_s.arg(at(path), types.join(u" or "_s), typeOf(value)));
            return out; // nested checks would only repeat the same problem
        }
    }
    if (schema.contains(u"enum"_s) && !schema.value(u"enum"_s).toArray().contains(value)) {
        QStringList allowed;
        for (const QJsonValue &e : schema.value(u"enum"_s).toArray())
            allowed.append(e.toString());
        out.append(u"%1: \"%2\" is not one of %3"_s.arg(at(path), value.toString(), allowed.join(u", "_s)));
    }
    if (value.isString()) {
        const qsizetype n = value.toString().size();
        if (schema.contains(u"minLength"_s) && n < schema.value(u"minLength"_s).toInt())
            out.append(u"%1: is %2 characters; at least %3 required"_s.arg(at(path)).arg(n).arg(
                schema.value(u"minLength"_s).toInt()));
        if (schema.contains(u"maxLength"_s) && n > schema.value(u"maxLength"_s).toInt())
            out.append(u"%1: is %2 characters; at most %3 allowed"_s.arg(at(path)).arg(n).arg(
                schema.value(u"maxLength"_s).toInt()));
    }
    if (value.isArray()) {
        const QJsonArray a = value.toArray();
        if (schema.contains(u"minItems"_s) && a.size() < schema.value(u"minItems"_s).toInt())
            out.append(u"%1: has %2 items; at least %3 required"_s.arg(at(path)).arg(a.size()).arg(
                schema.value(u"minItems"_s).toInt()));
        if (schema.contains(u"maxItems"_s) && a.size() > schema.value(u"maxItems"_s).toInt())
            out.append(u"%1: has %2 items; at most %3 allowed"_s.arg(at(path)).arg(a.size()).arg(
                schema.value(u"maxItems"_s).toInt()));
        const QJsonObject items = schema.value(u"items"_s).toObject();
        if (!items.isEmpty()) {
            for (qsizetype i = 0; i < a.size(); ++i)
                out += validate(a.at(i), items, path + u'[' + QString::number(i) + u']');
        }
    }
    if (value.isObject()) {
        const QJsonObject o = value.toObject();
        for (const QJsonValue &r : schema.value(u"required"_s).toArray()) {
            if (!o.contains(r.toString()))
                out.append(u"%1: missing required field \"%2\""_s.arg(at(path), r.toString()));
        }
        const QJsonObject props = schema.value(u"properties"_s).toObject();
        for (auto it = props.constBegin(); it != props.constEnd(); ++it) {
            if (o.contains(it.key()))
                out += validate(o.value(it.key()), it.value().toObject(),
                                path.isEmpty() ? it.key() : path + u'.' + it.key());
        }
    }
    return out;
}
