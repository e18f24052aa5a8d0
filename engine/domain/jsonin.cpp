#include "jsonin.h"

#include <cmath>

using namespace Qt::StringLiterals;

JsonIn::JsonIn(const QJsonObject &object, QString path, QStringList *errors)
    : m_object(object)
    , m_path(std::move(path))
    , m_errors(errors)
{
}

bool JsonIn::has(QLatin1StringView key) const
{
    const QJsonValue v = m_object.value(key);
    return !v.isUndefined() && !v.isNull();
}

QString JsonIn::pathOf(QLatin1StringView key) const
{
    return m_path.isEmpty() ? QString(key) : m_path + u'.' + key;
}

void JsonIn::error(QLatin1StringView key, const QString &message) const
{
    if (m_errors)
        m_errors->append(pathOf(key) + u": "_s + message);
}

QJsonValue JsonIn::required(QLatin1StringView key) const
{
    const QJsonValue v = m_object.value(key);
    if (v.isUndefined() || v.isNull())
        error(key, u"is missing"_s);
    return v;
}

bool JsonIn::typed(QLatin1StringView key, const QJsonValue &v, QJsonValue::Type t,
                   const char *what) const
{
    if (v.type() == t)
        return true;
    if (!v.isUndefined() && !v.isNull())
        error(key, u"expected "_s + QLatin1StringView(what));
    return false;
}

QString JsonIn::string(QLatin1StringView key) const
{
    const QJsonValue v = required(key);
    return typed(key, v, QJsonValue::String, "a string") ? v.toString() : QString();
}

std::optional<QString> JsonIn::optString(QLatin1StringView key) const
{
    const QJsonValue v = m_object.value(key);
    if (typed(key, v, QJsonValue::String, "a string"))
        return v.toString();
    return std::nullopt;
}

QString JsonIn::stringOr(QLatin1StringView key, const QString &fallback) const
{
    return optString(key).value_or(fallback);
}

bool JsonIn::boolean(QLatin1StringView key) const
{
    const QJsonValue v = required(key);
    return typed(key, v, QJsonValue::Bool, "true or false") && v.toBool();
}

bool JsonIn::booleanOr(QLatin1StringView key, bool fallback) const
{
    const QJsonValue v = m_object.value(key);
    return typed(key, v, QJsonValue::Bool, "true or false") ? v.toBool() : fallback;
}

double JsonIn::number(QLatin1StringView key) const
{
    const QJsonValue v = required(key);
    return typed(key, v, QJsonValue::Double, "a number") ? v.toDouble() : 0.0;
}

double JsonIn::numberOr(QLatin1StringView key, double fallback) const
{
    return optNumber(key).value_or(fallback);
}

std::optional<double> JsonIn::optNumber(QLatin1StringView key) const
{
    const QJsonValue v = m_object.value(key);
    if (typed(key, v, QJsonValue::Double, "a number"))
        return v.toDouble();
    return std::nullopt;
}

static std::optional<qint64> asInteger(const JsonIn &in, QLatin1StringView key, double d)
{
    if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 9.0e15) {
        in.error(key, u"expected a whole number"_s);
        return std::nullopt;
    }
    return static_cast<qint64>(d);
}

qint64 JsonIn::integer(QLatin1StringView key) const
{
    const QJsonValue v = required(key);
    if (!typed(key, v, QJsonValue::Double, "a number"))
        return 0;
    return asInteger(*this, key, v.toDouble()).value_or(0);
}

qint64 JsonIn::integerOr(QLatin1StringView key, qint64 fallback) const
{
    return optInteger(key).value_or(fallback);
}

std::optional<qint64> JsonIn::optInteger(QLatin1StringView key) const
{
    const QJsonValue v = m_object.value(key);
    if (!typed(key, v, QJsonValue::Double, "a number"))
        return std::nullopt;
    return asInteger(*this, key, v.toDouble());
}

static QStringList toStrings(const JsonIn &in, QLatin1StringView key, const QJsonArray &a)
{
    QStringList out;
    out.reserve(a.size());
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (!a.at(i).isString()) {
            in.error(key, u"item %1 is not a string"_s.arg(i));
            continue;
        }
        out.append(a.at(i).toString());
    }
    return out;
}

QStringList JsonIn::strings(QLatin1StringView key) const
{
    return toStrings(*this, key, array(key));
}

QStringList JsonIn::stringsOr(QLatin1StringView key) const
{
    return toStrings(*this, key, arrayOr(key));
}

QDateTime JsonIn::timestamp(QLatin1StringView key) const
{
    const QJsonValue v = m_object.value(key);
    if (!v.isString()) {
        string(key); // reports "is missing" or "expected a string"
        return {};
    }
    const QString s = v.toString();
    QDateTime dt = QDateTime::fromString(s, Qt::ISODateWithMs);
    if (!dt.isValid()) {
        error(key, u"is not an ISO-8601 time: "_s + s);
        return {};
    }
    return dt.toUTC();
}

QJsonObject JsonIn::object(QLatin1StringView key) const
{
    const QJsonValue v = required(key);
    return typed(key, v, QJsonValue::Object, "an object") ? v.toObject() : QJsonObject();
}

std::optional<QJsonObject> JsonIn::optObject(QLatin1StringView key) const
{
    const QJsonValue v = m_object.value(key);
    if (typed(key, v, QJsonValue::Object, "an object"))
        return v.toObject();
    return std::nullopt;
}

QJsonArray JsonIn::array(QLatin1StringView key) const
{
    const QJsonValue v = required(key);
    return typed(key, v, QJsonValue::Array, "an array") ? v.toArray() : QJsonArray();
}

QJsonArray JsonIn::arrayOr(QLatin1StringView key) const
{
    const QJsonValue v = m_object.value(key);
    return typed(key, v, QJsonValue::Array, "an array") ? v.toArray() : QJsonArray();
}

JsonIn JsonIn::child(QLatin1StringView key) const
{
    return JsonIn(object(key), pathOf(key), m_errors);
}

JsonIn JsonIn::element(QLatin1StringView key, qsizetype index, const QJsonValue &value) const
{
    const QString path = pathOf(key) + u'[' + QString::number(index) + u']';
    if (!value.isObject() && m_errors)
        m_errors->append(path + u": expected an object"_s);
    return JsonIn(value.toObject(), path, m_errors);
}

QString toIsoString(const QDateTime &dt)
{
    return dt.toUTC().toString(Qt::ISODateWithMs);
}
