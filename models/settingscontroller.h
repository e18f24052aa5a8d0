#pragma once

#include "config/config.h"
#include "config/secretstore.h"

#include <QObject>
#include <QPointer>
#include <QVariantMap>

// The Settings dialog's model: the effective value of every config key (cascade resolved),
// edits, and saving — plain keys to config.json (unknown keys kept), secrets to the
// SecretStore (the OS keychain, or session-only memory when the person chose that). Secrets
// never go to config.json. Every keychain call is asynchronous; nothing blocks the GUI.
class SettingsController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsController)
public:
    SettingsController(SecretStore *secrets, QString homeDir, QObject *parent = nullptr);

    void load(); // reads config.json, the environment and every secret; loaded() follows
    bool isLoaded() const { return m_loaded; }

    QVariant value(const QString &key) const;
    ConfigSource source(const QString &key) const;
    QString secretStatus(const QString &key) const; // "stored in the keychain", "from PANW_…", "not set"
    void setValue(const QString &key, const QVariant &value);
    bool hasChanges() const { return !m_changes.isEmpty(); }

    // Validates (the same rules as the CLI), then writes. saved() or saveFailed() follows.
    void save();

    // The resolved configuration with the pending edits applied, for "test connection".
    Config::Result effective() const;
    SecretStore *secretStore() const { return m_secrets; }
    void setSecretStore(SecretStore *store); // e.g. switching to session-only storage
    // What went wrong at the last load(): the keychain could not be read, or config.json could
    // not be used (then it was kept aside and the defaults apply). Empty when nothing did.
    QString lastKeychainError() const { return m_keychainError; }
    QString lastConfigError() const { return m_configError; }

signals:
    void loaded();
    void saved();
    void saveFailed(const QString &error);
    void keychainProblem(const QString &error);
    void configProblem(const QString &error);

private:
    ConfigLayers layers(bool withChanges) const;

    QPointer<SecretStore> m_secrets;
    QString m_home;
    QJsonObject m_file;
    QHash<QString, QString> m_storedSecrets;
    QVariantMap m_changes;
    Config::Result m_resolved;
    QString m_keychainError;
    QString m_configError;
    bool m_loaded = false;
};
