#pragma once

#include "configkeys.h"

#include <QHash>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QStringList>
#include <QVariant>

enum class ConfigSource { Default, ConfigFile, SecretStore, Environment, CommandLine };
QString configSourceName(ConfigSource source);

// The raw layers the cascade merges, highest first: CLI flag > environment > secret store
// (secrets only) > config.json > default.
struct ConfigLayers
{
    QHash<QString, QString> flags; // key name -> text given on the command line
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    QHash<QString, QString> secrets; // key name -> value read from the SecretStore
    QJsonObject file;                // the parsed config.json
};

// The resolved, validated settings. Every value has been coerced to its key's type and
// range-checked; resolve() reports each bad value with its key, its source and what is allowed.
class Config final
{
public:
    struct Result;
    static Result resolve(const ConfigLayers &layers);

    // $DAYSTROM_HOME, else ~/.daystrom.
    static QString homeDir(const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());
    static QString configFilePath(const QString &homeDir);
    // A leading "~" or "~/" becomes the home directory.
    static QString expandHome(const QString &path);

    QVariant value(QLatin1StringView key) const;
    QString string(QLatin1StringView key) const;
    int integer(QLatin1StringView key) const;
    double number(QLatin1StringView key) const;
    bool boolean(QLatin1StringView key) const;
    ConfigSource source(QLatin1StringView key) const;
    bool isSet(QLatin1StringView key) const; // has a non-empty value from any layer or default

    QString home() const { return m_home; }
    QString dataDir() const;   // runs/
    QString memoryDir() const; // memory/

    // The built-in sandbox's data lives apart from real runs and learnings, in <home>/sandbox
    // with its own runs/ and memory/, so a sandbox run never reads or writes real learnings.
    QString sandboxHome() const;
    // This config as the sandbox uses it: dataDir() and memoryDir() are under sandboxHome(),
    // whatever DATA_DIR and MEMORY_DIR say (those name the real data).
    Config sandboxed() const;
    bool isSandboxed() const { return m_sandboxed; }

private:
    QHash<QString, QVariant> m_values;
    QHash<QString, ConfigSource> m_sources;
    QString m_home;
    bool m_sandboxed = false;
};

struct Config::Result
{
    Config config;
    QStringList errors;   // invalid values: fatal for a run
    QStringList warnings; // e.g. a secret found in config.json
    bool ok() const { return errors.isEmpty(); }
};

// Parses a boolean the way people write them: true/1/yes/on and false/0/no/off (any case).
std::optional<bool> parseConfigBool(const QString &text);
