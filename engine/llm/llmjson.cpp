#include "llmjson.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

QUrl appendUrlPath(const QUrl &base, const QString &path)
{
    QUrl url = base;
    QString p = url.path();
    while (p.endsWith(u'/'))
        p.chop(1);
    url.setPath(p + path);
    return url;
}

QJsonObject toGeminiSchema(const QJsonObject &schema)
{
    static const QStringList allowed{u"type"_s,     u"format"_s,   u"description"_s, u"nullable"_s,
                                     u"enum"_s,     u"properties"_s, u"required"_s,  u"items"_s,
                                     u"minItems"_s, u"maxItems"_s, u"minimum"_s,     u"maximum"_s,
                                     u"minLength"_s, u"maxLength"_s, u"pattern"_s,   u"anyOf"_s};
    QJsonObject out;
    for (auto it = schema.constBegin(); it != schema.constEnd(); ++it) {
        const QString key = it.key();
        if (!allowed.contains(key))
            continue;
        if (key == "type"_L1) {
            out.insert(key, it.value().toString().toUpper());
        } else if (key == "properties"_L1) {
            QJsonObject props;
            QJsonArray order;
            const QJsonObject in = it.value().toObject();
            for (auto p = in.constBegin(); p != in.constEnd(); ++p) {
                props.insert(p.key(), toGeminiSchema(p.value().toObject()));
                order.append(p.key());
            }
            out.insert(key, props);
            out.insert(u"propertyOrdering"_s, order);
        } else if (key == "items"_L1) {
            out.insert(key, toGeminiSchema(it.value().toObject()));
        } else if (key == "anyOf"_L1) {
            QJsonArray variants;
            for (const QJsonValue &v : it.value().toArray())
                variants.append(toGeminiSchema(v.toObject()));
            out.insert(key, variants);
        } else {
            out.insert(key, it.value());
        }
    }
    return out;
}

QJsonObject toOpenAiStrictSchema(const QJsonObject &schema)
{
    static const QStringList unsupported{u"minLength"_s, u"maxLength"_s, u"minProperties"_s,
                                         u"maxProperties"_s, u"patternProperties"_s, u"propertyNames"_s};
    QJsonObject out;
    for (auto it = schema.constBegin(); it != schema.constEnd(); ++it) {
        if (unsupported.contains(it.key()))
            continue;
        if (it.key() == "properties"_L1) {
            QJsonObject props;
            const QJsonObject in = it.value().toObject();
            for (auto p = in.constBegin(); p != in.constEnd(); ++p)
                props.insert(p.key(), toOpenAiStrictSchema(p.value().toObject()));
            out.insert(it.key(), props);
        } else if (it.key() == "items"_L1 && it.value().isObject()) {
            out.insert(it.key(), toOpenAiStrictSchema(it.value().toObject()));
        } else if (it.key() == "anyOf"_L1) {
            QJsonArray variants;
            for (const QJsonValue &v : it.value().toArray())
                variants.append(toOpenAiStrictSchema(v.toObject()));
            out.insert(it.key(), variants);
        } else {
            out.insert(it.key(), it.value());
        }
    }
    return out;
}
