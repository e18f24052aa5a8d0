#pragma once

#include "config/secretstore.h"
#include "models/keychainerrors.h"

#include <QPointer>
#include <QQueue>

class QTimer;
namespace QKeychain {
class Job;
}

// Secrets in the OS keychain (Secret Service on Linux, Keychain on macOS, Credential Store on
// Windows) through QtKeychain. Jobs run one at a time. A job never fails just for taking long:
// the keychain may be showing its own unlock prompt. After `noticeMs` the store says it is
// waiting (waitingChanged), and keeps waiting until the keychain answers or the person
// cancels (cancelWaiting). Errors are reported as sentences (KeychainErrors), the library's
// own text kept in lastProblem().detail. The plaintext "insecure fallback" is never used:
// storing secrets in clear is the person's explicit choice elsewhere (session-only storage).
class KeychainSecretStore final : public SecretStore
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeychainSecretStore)
public:
    static inline const QString Service = QStringLiteral("io.github.daystrom.Studio");

    explicit KeychainSecretStore(QObject *parent = nullptr, int noticeMs = 3000);
    ~KeychainSecretStore() override;

    QString backendName() const override;
    void read(const QString &key, QObject *context, Callback done) override;
    void write(const QString &key, const QString &value, QObject *context, Callback done) override;
    void remove(const QString &key, QObject *context, Callback done) override;

    // True while a job has been running for longer than the notice interval.
    bool isWaiting() const { return m_waiting; }
    // Stops waiting: the running job and every queued one answer with a "cancelled" error.
    // The keychain library cannot take back a request it has sent, and runs one at a time:
    // until the abandoned one is answered, new requests fail at once ("busy") instead of
    // queueing behind it.
    void cancelWaiting();
    // The latest failure, in words and in the library's own text.
    KeychainErrors::Problem lastProblem() const { return m_lastProblem; }

signals:
    void waitingChanged(bool waiting);

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
    void setWaiting(bool waiting);
    Result failure(const KeychainErrors::Problem &problem);
    void abandon(QKeychain::Job *job); // a started job that no longer answers to this store

    QQueue<Pending> m_queue;
    std::optional<Pending> m_current;
    QPointer<QKeychain::Job> m_job;
    QPointer<QKeychain::Job> m_abandoned; // still holds the library's queue
    QTimer *m_notice;
    bool m_waiting = false;
    KeychainErrors::Problem m_lastProblem;
};
