#include "keychainsecretstore.h"

#include "models/sessionbusaddress.h"

#include <qt6keychain/keychain.h>

#include <QLoggingCategory>
#include <QTimer>

Q_LOGGING_CATEGORY(lcKeychain, "daystrom.keychain")

KeychainSecretStore::KeychainSecretStore(QObject *parent, int noticeMs)
    : SecretStore(parent)
    , m_notice(new QTimer(this))
{
    // Before the keychain library first touches D-Bus: no session bus of our own.
    SessionBusAddress::ensureNoAutolaunch();
    m_notice->setSingleShot(true);
    m_notice->setInterval(noticeMs);
    connect(m_notice, &QTimer::timeout, this, [this] {
        qCDebug(lcKeychain) << "the keychain has not answered for" << m_notice->interval()
                           << "ms; waiting";
        setWaiting(true);
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

void KeychainSecretStore::write(const QString &key, const QString &value, QObject *context,
                                Callback done)
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

void KeychainSecretStore::setWaiting(bool waiting)
{
    if (m_waiting == waiting)
        return;
    m_waiting = waiting;
    emit waitingChanged(waiting);
}

SecretStore::Result KeychainSecretStore::failure(const KeychainErrors::Problem &problem)
{
    if (problem.kind != KeychainErrors::Kind::Busy)
        m_lastProblem = problem;
    qCDebug(lcKeychain) << "keychain problem:" << problem.message << problem.detail;
    return Result{{}, problem.message};
}

void KeychainSecretStore::startNext()
{
    if (m_current || m_queue.isEmpty())
        return;
    m_current = m_queue.dequeue();
    if (m_abandoned) {
        // The library runs one job at a time and still has the abandoned one: anything sent
        // now would wait behind it, unseen. Say so instead.
        finishCurrent(failure(KeychainErrors::make(KeychainErrors::Kind::Busy)));
        return;
    }
    QKeychain::Job *job = nullptr;
    switch (m_current->op) {
    case Op::Read:
        job = new QKeychain::ReadPasswordJob(Service, this);
        break;
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
        job->deleteLater();
        Result r;
        if (job->error() == QKeychain::NoError) {
            if (auto *read = qobject_cast<QKeychain::ReadPasswordJob *>(job))
                r.value = read->textData();
        } else if (job->error() == QKeychain::EntryNotFound) {
            // Not stored (or already removed): not an error.
        } else {
            r = failure(KeychainErrors::describe(job->error(), job->errorString()));
        }
        finishCurrent(r);
    });
    m_notice->start();
    job->start();
}

void KeychainSecretStore::finishCurrent(const Result &result)
{
    if (!m_current)
        return;
    const Pending p = std::move(*m_current);
    m_current.reset();
    m_job = nullptr;
    m_notice->stop();
    if (p.context && p.done) {
        QMetaObject::invokeMethod(
            p.context, [done = p.done, result] { done(result); }, Qt::QueuedConnection);
    }
    if (m_queue.isEmpty())
        setWaiting(false);
    startNext();
}

void KeychainSecretStore::cancelWaiting()
{
    if (!m_current)
        return;
    qCDebug(lcKeychain) << "stopped waiting for the keychain";
    if (m_job) {
        QKeychain::Job *job = m_job;
        abandon(job);
        m_abandoned = job;
        // When the keychain finally answers the abandoned request, it can be used again.
        connect(job, &QKeychain::Job::finished, this, [this] { m_abandoned = nullptr; });
    }
    const Result cancelled = failure(KeychainErrors::make(KeychainErrors::Kind::Cancelled));
    QQueue<Pending> queued;
    queued.swap(m_queue);
    finishCurrent(cancelled);
    for (const Pending &p : std::as_const(queued)) {
        if (p.context && p.done) {
            QMetaObject::invokeMethod(
                p.context, [done = p.done, cancelled] { done(cancelled); }, Qt::QueuedConnection);
        }
    }
    setWaiting(false);
}
