#pragma once

#include "config/config.h"
#include "config/secretstore.h"

#include <QObject>
#include <QPointer>
#include <QVariantMap>

// The Settings dialog's model: the effective value of every config key (cascade resolved),
// edits, and saving — plain keys to config.json (unknown keys kept), secrets to the
// SecretStore (the OS keychain, or session-only memory when the person chose that). Secrets
// never go to config.json. Every keychain call is asynchronous; nothing blocks the GUI. While
// the keychain takes long (it may be asking for the keyring password) keychainWaiting(true)
// says so, and cancelKeychainWait() stops waiting.
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
    // For a plain key set in the environment: "from AWS_DEFAULT_REGION (environment)…"; else empty.
    QString environmentNote(const QString &key) const;
    // The environment variable a key's value comes from (its first alias that is set), or empty.
    static QString environmentName(const QString &key);
    void setValue(const QString &key, const QVariant &value);
    bool hasChanges() const { return !m_changes.isEmpty(); }
    // Forgets every edit not saved (the Settings dialog's Cancel).
    void discardChanges() { m_changes.clear(); }

    // Validates (the same rules as the CLI), then writes. saved() or saveFailed() follows.
    void save();

    // The resolved configuration with the pending edits applied, for "test connection".
    Config::Result effective() const;
    SecretStore *secretStore() const { return m_secrets; }
    // Switching away from the store this controller was made with means session-only
    // storage: remembered for the session (isSessionOnly) with the reason the keychain
    // could not be used.
    void setSecretStore(SecretStore *store);
    bool isSessionOnly() const { return m_sessionOnly; }
    QString sessionOnlyReason() const { return m_sessionOnlyReason; }
    QString sessionOnlyDetail() const { return m_sessionOnlyDetail; }
    // What went wrong at the last load(): the keychain could not be read, or config.json could
    // not be used (then it was kept aside and the defaults apply). Empty when nothing did.
    // The keychain error is a sentence; its technical text (D-Bus names) is in the detail.
    QString lastKeychainError() const { return m_keychainError; }
    QString lastKeychainErrorDetail() const { return m_keychainErrorDetail; }
    QString lastConfigError() const { return m_configError; }

    bool isWaitingForKeychain() const;
    void cancelKeychainWait();

signals:
    void loaded();
    void saved();
    void saveFailed(const QString &error);
    void keychainProblem(const QString &error);
    void keychainWaiting(bool waiting);
    void configProblem(const QString &error);

private:
    ConfigLayers layers(bool withChanges) const;
    void noteKeychainProblem(const QString &error);

    QPointer<SecretStore> m_secrets;
    QPointer<SecretStore> m_keychain; // the store this controller was made with
    QString m_home;
    QJsonObject m_file;
    QHash<QString, QString> m_storedSecrets;
    QVariantMap m_changes;
    Config::Result m_resolved;
    QString m_keychainError;
    QString m_keychainErrorDetail;
    QString m_sessionOnlyReason;
    QString m_sessionOnlyDetail;
    bool m_sessionOnly = false;
    QString m_configError;
    bool m_loaded = false;
};
