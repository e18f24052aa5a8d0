#include "configloader.h"

#include "config/configfile.h"

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
    if (!file.error.isEmpty())
        r.warnings.prepend(file.error);
    return r;
}
