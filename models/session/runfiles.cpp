#include "runfiles.h"

#include "backgroundpriority.h"

#include <QFutureWatcher>

RunStore::Loaded RunFiles::load(const QString &runsDirectory, const QString &runId)
{
    return RunStore(runsDirectory).load(runId);
}

void RunFiles::loadInBackground(const QString &runsDirectory, const QString &runId, QObject *context,
                                std::function<void(const RunStore::Loaded &)> done)
{
    auto *loading = new QFutureWatcher<RunStore::Loaded>(context);
    QObject::connect(loading, &QFutureWatcher<RunStore::Loaded>::finished, context, [loading, done] {
        loading->deleteLater();
        done(loading->result());
    });
    loading->setFuture(BackgroundPriority::run([runsDirectory, runId] { return RunStore(runsDirectory).load(runId); }));
}

QString RunFiles::remove(const QString &runsDirectory, const QString &runId)
{
    return RunStore(runsDirectory).remove(runId);
}
