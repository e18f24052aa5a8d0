#pragma once

#include <QHash>
#include <QObject>
#include <QStringList>

#include <functional>

// Where API keys and client secrets live. The desktop app uses the OS keychain
// (QtKeychain, in ui/); tests and the CLI without a keychain use MemorySecretStore.
// Every call is asynchronous: the callback runs later, in `context`'s thread, and is dropped
// if `context` is destroyed first.
class SecretStore : public QObject
{
    Q_OBJECT
public:
    struct Result
    {
        QString value;    // empty when the secret is not stored
        QString error;    // set when the backend failed (locked, missing, timed out)
        bool ok() const { return error.isEmpty(); }
    };
    using Callback = std::function<void(const Result &)>;

    using QObject::QObject;
    ~SecretStore() override = default;

    virtual QString backendName() const = 0;
    virtual void read(const QString &key, QObject *context, Callback done) = 0;
    virtual void write(const QString &key, const QString &value, QObject *context, Callback done) = 0;
    virtual void remove(const QString &key, QObject *context, Callback done) = 0;

    // Reads several keys one after another (keychain jobs run one at a time anyway) and
    // reports every value found plus every error.
    static void readAll(SecretStore *store, const QStringList &keys, QObject *context,
                        std::function<void(const QHash<QString, QString> &, const QStringList &)> done);
};

// Keeps secrets in this process's memory only ("session-only storage").
class MemorySecretStore final : public SecretStore
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemorySecretStore)
public:
    explicit MemorySecretStore(QObject *parent = nullptr);

    QString backendName() const override;
    void read(const QString &key, QObject *context, Callback done) override;
    void write(const QString &key, const QString &value, QObject *context, Callback done) override;
    void remove(const QString &key, QObject *context, Callback done) override;

private:
    QHash<QString, QString> m_values;
};
