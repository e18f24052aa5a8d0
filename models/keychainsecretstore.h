#pragma once

#include "config/secretstore.h"

#include <QPointer>
#include <QQueue>

class QTimer;
namespace QKeychain {
class Job;
}

// Secrets in the OS keychain (Secret Service on Linux, Keychain on macOS, Credential Store on
// Windows) through QtKeychain. Jobs run one at a time; a watchdog reports a job that hangs
// (a locked keyring waiting for a prompt nobody answers) instead of freezing the app. The
// plaintext "insecure fallback" is never used: storing secrets in clear is the person's
// explicit choice elsewhere (session-only storage), never silent.
class KeychainSecretStore final : public SecretStore
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeychainSecretStore)
public:
    static inline const QString Service = QStringLiteral("io.github.daystrom.Studio");

    explicit KeychainSecretStore(QObject *parent = nullptr, int watchdogMs = 10000);
    ~KeychainSecretStore() override;

    QString backendName() const override;
    void read(const QString &key, QObject *context, Callback done) override;
    void write(const QString &key, const QString &value, QObject *context, Callback done) override;
    void remove(const QString &key, QObject *context, Callback done) override;

private:
    enum class Op { Read, Write, Remove };
    struct Pending
    {
        Op op;
        QString key;
        QString value;
        QPointer<QObject> context;
        Callback done;
    };
    void enqueue(Pending p);
    void startNext();
    void finishCurrent(const Result &result);
    void abandon(QKeychain::Job *job); // a started job that no longer answers to this store

    QQueue<Pending> m_queue;
    std::optional<Pending> m_current;
    QPointer<QKeychain::Job> m_job;
    QTimer *m_watchdog;
};
