#pragma once

#include "config/config.h"

#include <QHash>
#include <QProcessEnvironment>
#include <QStringList>

// Resolves the config cascade for a command: flags > environment > config.json > defaults.
// (The desktop app adds the keychain layer for secrets.) Warnings are worth showing; errors
// are fatal for a run.
Config::Result loadConfig(const QProcessEnvironment &env, const QHash<QString, QString> &flags = {},
                          const QHash<QString, QString> &secrets = {});
