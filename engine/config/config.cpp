#include "config.h"

#include "domain/numbercheck.h"
#include "domain/printable.h"

#include <QDir>
#include <QHostAddress>
#include <QUrl>

#include <cmath>

using namespace Qt::StringLiterals;
using ConfigKeys::Key;
using ConfigKeys::Type;

QString configSourceName(ConfigSource source)
{
    switch (source) {
    case ConfigSource::CommandLine:
        return u"command line"_s;
    case ConfigSource::Environment:
        return u"environment"_s;
    case ConfigSource::SecretStore:
        return u"keychain"_s;
    case ConfigSource::ConfigFile:
        return u"config.json"_s;
    case ConfigSource::Default:
        break;
    }
    return u"default"_s;
}

std::optional<bool> parseConfigBool(const QString &text)
{
    const QString t = text.trimmed().toLower();
    if (t == "true"_L1 || t == "1"_L1 || t == "yes"_L1 || t == "on"_L1)
        return true;
    if (t == "false"_L1 || t == "0"_L1 || t == "no"_L1 || t == "off"_L1)
        return false;
    return std::nullopt;
}

QString Config::homeDir(const QProcessEnvironment &env)
{
    const QString h = env.value(u"DAYSTROM_HOME"_s);
    if (!h.isEmpty())
        return expandHome(h);
    return QDir::homePath() + u"/.daystrom"_s;
}

QString Config::configFilePath(const QString &homeDir)
{
    return QDir(homeDir).filePath(u"config.json"_s);
}

QString Config::expandHome(const QString &path)
{
    if (path == "~"_L1)
        return QDir::homePath();
    if (path.startsWith("~/"_L1))
        return QDir::homePath() + path.mid(1);
    return path;
}

static bool isLoopbackHost(const QString &host)
{
    if (host.compare("localhost"_L1, Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress addr(host);
    return !addr.isNull() && addr.isLoopback();
}

namespace {
struct Raw
{
    QJsonValue value; // a string from flags/env/secrets; any JSON type from the file
    ConfigSource source;
    QString origin; // "SCAN_CONCURRENCY", "--concurrency", "config.json"
};

// Coerces one raw value to the key's type. Returns an error message, or empty.
QString coerce(const Key &key, const Raw &raw, QVariant *out)
{
    const QJsonValue &v = raw.value;
    const QString text = v.isString() ? v.toString().trimmed() : QString();
    QString shown;
    if (key.secret)
        shown = u"(hidden)"_s; // a secret's value never appears in a message
    else if (v.isString())
        shown = u"\"%1\""_s.arg(Printable::escaped(v.toString()));
    else if (v.isBool())
        shown = v.toBool() ? u"true"_s : u"false"_s;
    else if (v.isDouble())
        shown = QString::number(v.toDouble());
    else
        shown = u"(a JSON array or object)"_s;
    auto bad = [&](const QString &why) {
        return u"%1 = %2 (from %3) %4"_s.arg(key.name, shown, raw.origin, why);
    };
    auto range = [&]() -> QString {
        return u"is out of range: allowed "_s + NumberCheck::rangeText(key.min, key.max);
    };
    switch (key.type) {
    case Type::Bool: {
        if (v.isBool()) {
            *out = v.toBool();
            return {};
        }
        const auto b = parseConfigBool(text);
        if (!b)
            return bad(u"is not a boolean: use true/false, 1/0, yes/no or on/off"_s);
        *out = *b;
        return {};
    }
    case Type::Int:
    case Type::Double: {
        bool ok = v.isDouble();
        double d = v.toDouble();
        if (v.isString())
            d = text.toDouble(&ok);
        if (!ok)
            return bad(u"is not a number"_s);
        // NaN and infinity pass every "< min" / "> max" test: refuse them by name.
        if (!std::isfinite(d))
            return bad(key.min != 0 || key.max != 0 ? range() : u"is not a finite number"_s);
        if (key.type == Type::Int && d != double(qint64(d)))
            return bad(u"is not a whole number"_s);
        if ((key.min != 0 || key.max != 0) && !NumberCheck::within(d, key.min, key.max))
            return bad(range());
        *out = key.type == Type::Int ? QVariant(int(d)) : QVariant(d);
        return {};
    }
    case Type::Choice:
        if (!v.isString() || !key.choices.contains(text))
            return bad(u"is not one of: "_s + key.choices.join(u", "_s));
        *out = text;
        return {};
    case Type::Url: {
        if (!v.isString())
            return bad(u"is not a URL"_s);
        QString t = text;
        while (t.endsWith(u'/'))
            t.chop(1);
        const QUrl url(t, QUrl::StrictMode);
        if (!url.isValid() || url.host().isEmpty())
            return bad(u"is not a valid URL"_s);
        if (url.scheme() == "http"_L1 && !isLoopbackHost(url.host()))
            return bad(u"uses plain http, which is allowed only for loopback hosts; use https"_s);
        if (url.scheme() != "http"_L1 && url.scheme() != "https"_L1)
            return bad(u"must be an http(s) URL"_s);
        *out = t;
        return {};
    }
    case Type::Path:
        if (!v.isString())
            return bad(u"is not a path"_s);
        *out = Config::expandHome(text);
        return {};
    case Type::String:
        if (!v.isString())
            return bad(u"is not a string"_s);
        *out = key.secret ? v.toString() : text;
        return {};
    }
    return {};
}

bool isEmptyRaw(const QJsonValue &v)
{
    return v.isUndefined() || v.isNull() || (v.isString() && v.toString().trimmed().isEmpty());
}
} // namespace

Config::Result Config::resolve(const ConfigLayers &layers)
{
    Result r;
    Config &c = r.config;
    c.m_home = homeDir(layers.environment);
    for (const Key &key : ConfigKeys::all()) {
        // Highest layer first; empty strings are dropped at every layer.
        QList<Raw> candidates;
        if (layers.flags.contains(key.name))
            candidates.append({layers.flags.value(key.name), ConfigSource::CommandLine,
                               u"the command line"_s});
        for (const QString &env : key.environmentNames()) {
            if (layers.environment.contains(env))
                candidates.append({layers.environment.value(env), ConfigSource::Environment, env});
        }
        if (key.secret && layers.secrets.contains(key.name))
            candidates.append({layers.secrets.value(key.name), ConfigSource::SecretStore,
                               u"the keychain"_s});
        if (layers.file.contains(key.name)) {
            candidates.append({layers.file.value(key.name), ConfigSource::ConfigFile, u"config.json"_s});
            if (key.secret)
                r.warnings.append(u"config.json holds %1 in clear text; move it to the keychain "
                                  "(Settings) or the environment"_s.arg(key.name));
        }
        bool resolved = false;
        for (const Raw &raw : std::as_const(candidates)) {
            if (isEmptyRaw(raw.value))
                continue;
            QVariant value;
            const QString err = coerce(key, raw, &value);
            if (!err.isEmpty()) {
                r.errors.append(err);
            } else {
                c.m_values.insert(key.name, value);
                c.m_sources.insert(key.name, raw.source);
            }
            resolved = true;
            break;
        }
        if (!resolved && key.defaultValue.isValid()) {
            c.m_values.insert(key.name, key.defaultValue);
            c.m_sources.insert(key.name, ConfigSource::Default);
        }
    }
    return r;
}

QVariant Config::value(QLatin1StringView key) const
{
    return m_values.value(QString(key));
}

QString Config::string(QLatin1StringView key) const
{
    return value(key).toString();
}

int Config::integer(QLatin1StringView key) const
{
    return value(key).toInt();
}

double Config::number(QLatin1StringView key) const
{
    return value(key).toDouble();
}

bool Config::boolean(QLatin1StringView key) const
{
    return value(key).toBool();
}

ConfigSource Config::source(QLatin1StringView key) const
{
    return m_sources.value(QString(key), ConfigSource::Default);
}

bool Config::isSet(QLatin1StringView key) const
{
    const QVariant v = value(key);
    return v.isValid() && !(v.typeId() == QMetaType::QString && v.toString().isEmpty());
}

QString Config::dataDir() const
{
    const QString d = string(ConfigKeys::DataDir);
    return d.isEmpty() ? QDir(m_home).filePath(u"runs"_s) : d;
}

QString Config::memoryDir() const
{
    const QString d = string(ConfigKeys::MemoryDir);
    return d.isEmpty() ? QDir(m_home).filePath(u"memory"_s) : d;
}

QString Config::sandboxHome() const
{
    return QDir(m_home).filePath(u"sandbox"_s);
}

Config Config::sandboxed() const
{
    Config c = *this;
    if (m_sandboxed)
        return c;
    const QDir home(sandboxHome());
    c.m_values.insert(QString(ConfigKeys::DataDir), home.filePath(u"runs"_s));
    c.m_values.insert(QString(ConfigKeys::MemoryDir), home.filePath(u"memory"_s));
    c.m_sources.insert(QString(ConfigKeys::DataDir), ConfigSource::Default);
    c.m_sources.insert(QString(ConfigKeys::MemoryDir), ConfigSource::Default);
    c.m_sandboxed = true;
    return c;
}
