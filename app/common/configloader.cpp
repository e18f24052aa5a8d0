#include "configloader.h"

#include "config/configfile.h"
#include "domain/redaction.h"

Config::Result loadConfig(const QProcessEnvironment &env, const QHash<QString, QString> &flags,
                          const QHash<QString, QString> &secrets)
{
    ConfigLayers layers;
    layers.environment = env;
    layers.flags = flags;
    layers.secrets = secrets;
    const ConfigFile::Loaded file = ConfigFile(Config::configFilePath(Config::homeDir(env))).load();
    layers.file = file.object;
    Config::Result r = Config::resolve(layers);
    // Every secret (keys, client secret, AWS keys) is redacted from server text: the resolved
    // value and each layer's, even one the cascade refused.
    for (const ConfigKeys::Key &key : ConfigKeys::all()) {
        if (!key.secret)
            continue;
        Redaction::addSecret(r.config.string(QLatin1StringView(key.name.toLatin1())));
        Redaction::addSecret(flags.value(key.name));
        Redaction::addSecret(secrets.value(key.name));
        Redaction::addSecret(layers.file.value(key.name).toString());
        for (const QString &name : key.environmentNames())
            Redaction::addSecret(env.value(name));
    }
    if (!file.error.isEmpty())
        r.warnings.prepend(file.error);
    return r;
}
