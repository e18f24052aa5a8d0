#include "keychainsecretstore.h"

#include <qt6keychain/keychain.h>

#include <QTimer>

KeychainSecretStore::KeychainSecretStore(QObject *parent, int watchdogMs)
    : SecretStore(parent)
    , m_watchdog(new QTimer(this))
{
    m_watchdog->setSingleShot(true);
    m_watchdog->setInterval(watchdogMs);
    connect(m_watchdog, &QTimer::timeout, this, [this] {
        abandon(m_job);
        finishCurrent(Result{{}, tr("the keychain did not answer within %n second(s); it may be locked", nullptr,
                                    m_watchdog->interval() / 1000)});
    });
}

KeychainSecretStore::~KeychainSecretStore()
{
    abandon(m_job);
}

void KeychainSecretStore::abandon(QKeychain::Job *job)
{
    // The keychain library keeps a raw pointer to a job it has started and calls back into it
    // when the backend finally answers (a locked keyring unlocked later, a service that goes
    // away), so a started job must outlive that answer: it leaves this store and deletes
    // itself when it finishes. One that never finishes is the price of not crashing.
    if (!job)
        return;
    job->disconnect(this);
    job->setParent(nullptr);
    connect(job, &QKeychain::Job::finished, job, &QObject::deleteLater);
}

QString KeychainSecretStore::backendName() const
{
    return tr("system keychain");
}

void KeychainSecretStore::read(const QString &key, QObject *context, Callback done)
{
    enqueue({Op::Read, key, {}, context, std::move(done)});
}

void KeychainSecretStore::write(const QString &key, const QString &value, QObject *context, Callback done)
{
    enqueue({Op::Write, key, value, context, std::move(done)});
}

void KeychainSecretStore::remove(const QString &key, QObject *context, Callback done)
{
    enqueue({Op::Remove, key, {}, context, std::move(done)});
}

void KeychainSecretStore::enqueue(Pending p)
{
    m_queue.enqueue(std::move(p));
    if (!m_current)
        QMetaObject::invokeMethod(this, &KeychainSecretStore::startNext, Qt::QueuedConnection);
}

void KeychainSecretStore::startNext()
{
    if (m_current || m_queue.isEmpty())
        return;
    m_current = m_queue.dequeue();
    QKeychain::Job *job = nullptr;
    switch (m_current->op) {
    case Op::Read: {
        auto *j = new QKeychain::ReadPasswordJob(Service, this);
        job = j;
        break;
    }
    case Op::Write: {
        auto *j = new QKeychain::WritePasswordJob(Service, this);
        j->setTextData(m_current->value);
        job = j;
        break;
    }
    case Op::Remove:
        job = new QKeychain::DeletePasswordJob(Service, this);
        break;
    }
    job->setAutoDelete(false);
    job->setInsecureFallback(false);
    job->setKey(m_current->key);
    m_job = job;
    connect(job, &QKeychain::Job::finished, this, [this, job] {
        m_watchdog->stop();
        job->deleteLater();
        Result r;
        if (job->error() == QKeychain::NoError) {
            if (auto *read = qobject_cast<QKeychain::ReadPasswordJob *>(job))
                r.value = read->textData();
        } else if (job->error() == QKeychain::EntryNotFound) {
            // Not stored (or already removed): not an error.
        } else if (job->error() == QKeychain::NoBackendAvailable) {
            r.error = tr("no keychain is available on this system (%1)").arg(job->errorString());
        } else {
            r.error = job->errorString();
        }
        finishCurrent(r);
    });
    m_watchdog->start();
    job->start();
}

void KeychainSecretStore::finishCurrent(const Result &result)
{
    if (!m_current)
        return;
    const Pending p = std::move(*m_current);
    m_current.reset();
    m_job = nullptr;
    if (p.context && p.done) {
        QMetaObject::invokeMethod(p.context, [done = p.done, result] { done(result); }, Qt::QueuedConnection);
    }
    startNext();
}
