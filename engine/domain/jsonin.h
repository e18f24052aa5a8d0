#pragma once

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

#include <optional>

// Reads one JSON object with type checks. Every problem is recorded with its path
// ("iterations[2].metrics.coverage: expected a number") in a shared error list, so a loader
// can report exactly what is wrong with a file instead of silently using defaults.
class JsonIn final
{
public:
    JsonIn(const QJsonObject &object, QString path, QStringList *errors);

    bool has(QLatin1StringView key) const;

    QString string(QLatin1StringView key) const;                   // required
    std::optional<QString> optString(QLatin1StringView key) const; // absent or null -> nullopt
    QString stringOr(QLatin1StringView key, const QString &fallback) const;
    bool boolean(QLatin1StringView key) const;
    bool booleanOr(QLatin1StringView key, bool fallback) const;
    double number(QLatin1StringView key) const;
    double numberOr(QLatin1StringView key, double fallback) const;
    std::optional<double> optNumber(QLatin1StringView key) const;
    qint64 integer(QLatin1StringView key) const;
    qint64 integerOr(QLatin1StringView key, qint64 fallback) const;
    std::optional<qint64> optInteger(QLatin1StringView key) const;
    QStringList strings(QLatin1StringView key) const;
    QStringList stringsOr(QLatin1StringView key) const; // absent -> empty
    QDateTime timestamp(QLatin1StringView key) const;
    QJsonObject object(QLatin1StringView key) const;
    std::optional<QJsonObject> optObject(QLatin1StringView key) const;
    QJsonArray array(QLatin1StringView key) const;
    QJsonArray arrayOr(QLatin1StringView key) const;

    JsonIn child(QLatin1StringView key) const;
    JsonIn element(QLatin1StringView key, qsizetype index, const QJsonValue &value) const;

    void error(QLatin1StringView key, const QString &message) const;
    QString pathOf(QLatin1StringView key) const;
    const QJsonObject &raw() const { return m_object; }
    QStringList *errors() const { return m_errors; }

private:
    QJsonValue required(QLatin1StringView key) const;
    bool typed(QLatin1StringView key, const QJsonValue &v, QJsonValue::Type t,
               const char *what) const;

    QJsonObject m_object;
    QString m_path;
    QStringList *m_errors;
};

// ISO-8601 UTC with milliseconds, as the original tool writes its timestamps.
QString toIsoString(const QDateTime &dt);
