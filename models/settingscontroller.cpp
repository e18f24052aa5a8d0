#include "settingscontroller.h"

#include "config/configfile.h"
#include "domain/redaction.h"
#include "models/keychainsecretstore.h"

using namespace Qt::StringLiterals;

SettingsController::SettingsController(SecretStore *secrets, QString homeDir, QObject *parent)
    : QObject(parent)
    , m_secrets(secrets)
    , m_keychain(secrets)
    , m_home(std::move(homeDir))
{
    if (auto *keychain = qobject_cast<KeychainSecretStore *>(secrets)) {
        connect(keychain, &KeychainSecretStore::waitingChanged, this, [this](bool waiting) {
            if (m_secrets == m_keychain)
                emit keychainWaiting(waiting);
        });
    }
}

void SettingsController::setSecretStore(SecretStore *store)
{
    const bool wasWaiting = isWaitingForKeychain();
    m_secrets = store;
    m_sessionOnly = store && store != m_keychain;
    if (m_sessionOnly && !m_keychainError.isEmpty()) {
        m_sessionOnlyReason = m_keychainError;
        m_sessionOnlyDetail = m_keychainErrorDetail;
    }
    if (wasWaiting && !isWaitingForKeychain())
        emit keychainWaiting(false);
}

bool SettingsController::isWaitingForKeychain() const
{
    const auto *keychain = qobject_cast<const KeychainSecretStore *>(m_secrets.data());
    return keychain && keychain->isWaiting();
}

void SettingsController::cancelKeychainWait()
{
    if (auto *keychain = qobject_cast<KeychainSecretStore *>(m_secrets.data()))
        keychain->cancelWaiting();
}

void SettingsController::noteKeychainProblem(const QString &error)
{
    // The store's own account of its latest failure is worded for people; the error of
    // readAll() is "<key>: <message>".
    const auto *keychain = qobject_cast<const KeychainSecretStore *>(m_secrets.data());
    if (keychain && !keychain->lastProblem().message.isEmpty()) {
        m_keychainError = keychain->lastProblem().message;
        m_keychainErrorDetail = keychain->lastProblem().detail;
    } else {
        const qsizetype colon = error.indexOf(u": "_s);
        m_keychainError = colon > 0 ? error.mid(colon + 2) : error;
        m_keychainErrorDetail.clear();
    }
    emit keychainProblem(m_keychainError);
}

static QStringList secretKeys()
{
    QStringList keys;
    for (const ConfigKeys::Key &k : ConfigKeys::all()) {
        if (k.secret)
            keys.append(k.name);
    }
    return keys;
}

ConfigLayers SettingsController::layers(bool withChanges) const
{
    ConfigLayers l;
    l.file = m_file;
    l.secrets = m_storedSecrets;
    if (withChanges) {
        for (auto it = m_changes.cbegin(); it != m_changes.cend(); ++it) {
            const ConfigKeys::Key *key = ConfigKeys::find(it.key());
            const QString text = it.value().typeId() == QMetaType::Bool ? (it.value().toBool() ? u"true"_s : u"false"_s)
                                                                        : it.value().toString();
            // An edit is what the person chose now: it outranks the file and the keychain,
            // as a command-line flag would.
            if (key)
                l.flags.insert(it.key(), text);
        }
    }
    // Every secret a run or a connection test may send (keychain, typed, environment, file) is
    // redacted from the server text the app stores, shows or logs.
    for (const ConfigKeys::Key &k : ConfigKeys::all()) {
        if (!k.secret)
            continue;
        Redaction::addSecret(l.secrets.value(k.name));
        Redaction::addSecret(l.flags.value(k.name));
        Redaction::addSecret(l.file.value(k.name).toString());
        for (const QString &name : k.environmentNames())
            Redaction::addSecret(l.environment.value(name));
    }
    return l;
}

void SettingsController::load()
{
    const ConfigFile::Loaded file = ConfigFile(Config::configFilePath(m_home)).load();
    m_file = file.object;
    m_configError = file.error;
    if (!file.error.isEmpty())
        emit configProblem(file.error);
    if (!m_secrets) {
        m_resolved = Config::resolve(layers(false));
        m_loaded = true;
        emit loaded();
        return;
    }
    SecretStore::readAll(m_secrets, secretKeys(), this, [this](const QHash<QString, QString> &values, const QStringList &errors) {
        m_storedSecrets = values;
        m_keychainError.clear();
        m_keychainErrorDetail.clear();
        if (!errors.isEmpty())
            noteKeychainProblem(errors.first());
        m_resolved = Config::resolve(layers(false));
        m_loaded = true;
        emit loaded();
    });
}

QVariant SettingsController::value(const QString &key) const
{
    if (m_changes.contains(key))
        return m_changes.value(key);
    return m_resolved.config.value(QLatin1StringView(key.toLatin1()));
}

ConfigSource SettingsController::source(const QString &key) const
{
    return m_resolved.config.source(QLatin1StringView(key.toLatin1()));
}

QString SettingsController::secretStatus(const QString &key) const
{
    if (m_changes.contains(key)) {
        if (m_changes.value(key).toString().isEmpty())
            return tr("will be removed");
        return m_sessionOnly ? tr("will be kept for this session only") : tr("will be saved");
    }
    switch (source(key)) {
    case ConfigSource::Environment:
        return tr("from %1 (environment)").arg(environmentName(key));
    case ConfigSource::SecretStore:
        if (m_sessionOnly)
            return tr("kept for this session only (not saved)");
        return tr("stored in the %1").arg(m_secrets ? m_secrets->backendName() : tr("keychain"));
    case ConfigSource::ConfigFile:
        return tr("in config.json in clear text: save to move it to the keychain");
    default:
        return tr("not set");
    }
}

QString SettingsController::environmentName(const QString &key)
{
    const ConfigKeys::Key *k = ConfigKeys::find(key);
    if (!k)
        return {};
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &name : k->environmentNames()) {
        if (!env.value(name).isEmpty())
            return name;
    }
    return k->env;
}

QString SettingsController::environmentNote(const QString &key) const
{
    if (source(key) != ConfigSource::Environment)
        return {};
    return tr("from %1 (environment), which outranks what is saved here").arg(environmentName(key));
}

void SettingsController::setValue(const QString &key, const QVariant &value)
{
    const ConfigKeys::Key *k = ConfigKeys::find(key);
    if (!k)
        return;
    if (value == m_resolved.config.value(QLatin1StringView(key.toLatin1())) && !k->secret)
        m_changes.remove(key);
    else
        m_changes.insert(key, value);
}

Config::Result SettingsController::effective() const
{
    return Config::resolve(layers(true));
}

void SettingsController::save()
{
    const Config::Result check = effective();
    if (!check.ok()) {
        emit saveFailed(check.errors.join(u'\n'));
        return;
    }
    QVariantMap plain;
    QVariantMap secrets;
    for (auto it = m_changes.cbegin(); it != m_changes.cend(); ++it) {
        const ConfigKeys::Key *key = ConfigKeys::find(it.key());
        (key && key->secret ? secrets : plain).insert(it.key(), it.value());
    }
    // A secret found in config.json moves to the keychain: drop it from the file.
    for (const QString &k : secretKeys()) {
        if (m_file.contains(k) && (secrets.contains(k) || m_storedSecrets.contains(k)))
            plain.insert(k, QVariant());
    }
    const QString error = ConfigFile(Config::configFilePath(m_home)).save(plain);
    if (!error.isEmpty()) {
        emit saveFailed(error);
        return;
    }
    if (secrets.isEmpty() || !m_secrets) {
        m_changes.clear();
        load();
        emit saved();
        return;
    }
    auto pending = std::make_shared<int>(int(secrets.size()));
    auto errors = std::make_shared<QStringList>();
    for (auto it = secrets.cbegin(); it != secrets.cend(); ++it) {
        auto finished = [this, pending, errors](const SecretStore::Result &r) {
            if (!r.ok() && !errors->contains(r.error))
                errors->append(r.error); // a sentence each (the same one for every key, mostly)
            if (--*pending > 0)
                return;
            if (!errors->isEmpty()) {
                emit saveFailed(tr("The keys were not saved. %1").arg(errors->join(u' ')));
                return;
            }
            m_changes.clear();
            load();
            emit saved();
        };
        const QString value = it.value().toString();
        if (value.isEmpty())
            m_secrets->remove(it.key(), this, finished);
        else
            m_secrets->write(it.key(), value, this, finished);
    }
}
