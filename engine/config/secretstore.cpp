#include "secretstore.h"

#include <QPointer>

using namespace Qt::StringLiterals;

namespace {
void deliver(QObject *context, SecretStore::Callback done, SecretStore::Result result)
{
    if (!context || !done)
        return;
    QMetaObject::invokeMethod(
        context, [done = std::move(done), result = std::move(result)] { done(result); },
        Qt::QueuedConnection);
}
} // namespace

namespace {
struct ReadAllState
{
    QStringList pending;
    QHash<QString, QString> values;
    QStringList errors;
    std::function<void(const QHash<QString, QString> &, const QStringList &)> done;
};

void readNext(QPointer<SecretStore> store, QObject *context, std::shared_ptr<ReadAllState> state)
{
    if (state->pending.isEmpty() || !store) {
        if (!state->pending.isEmpty())
            state->errors.append(u"the secret store went away"_s);
        if (state->done)
            state->done(state->values, state->errors);
        return;
    }
    const QString key = state->pending.takeFirst();
    store->read(key, context, [store, context, state, key](const SecretStore::Result &r) {
        if (!r.ok())
            state->errors.append(key + u": "_s + r.error);
        else if (!r.value.isEmpty())
            state->values.insert(key, r.value);
        readNext(store, context, state);
    });
}
} // namespace

void SecretStore::readAll(SecretStore *store, const QStringList &keys, QObject *context,
                          std::function<void(const QHash<QString, QString> &, const QStringList &)> done)
{
    auto state = std::make_shared<ReadAllState>(ReadAllState{keys, {}, {}, std::move(done)});
    QPointer<SecretStore> guard(store);
    QMetaObject::invokeMethod(
        context, [guard, context, state] { readNext(guard, context, state); },
        Qt::QueuedConnection);
}

MemorySecretStore::MemorySecretStore(QObject *parent)
    : SecretStore(parent)
{
}

QString MemorySecretStore::backendName() const
{
    return u"session only (not saved)"_s;
}

void MemorySecretStore::read(const QString &key, QObject *context, Callback done)
{
    deliver(context, std::move(done), Result{m_values.value(key), {}});
}

void MemorySecretStore::write(const QString &key, const QString &value, QObject *context,
                              Callback done)
{
    m_values.insert(key, value);
    deliver(context, std::move(done), Result{});
}

void MemorySecretStore::remove(const QString &key, QObject *context, Callback done)
{
    m_values.remove(key);
    deliver(context, std::move(done), Result{});
}
