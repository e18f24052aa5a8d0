#pragma once

#include "tenant/leftovers.h"
#include "tenant/tenantcleaner.h"

#include <QObject>
#include <QPointer>

class ManagementClient;

// "Clean up AIRS" in the app and `daystrom cleanup` alike: finds what stopped runs, and audits
// and impact checks whose process is gone, left on the tenant (Leftovers::findAll, or only the
// runs named), lets a person read it, then removes it record by record with TenantCleaner,
// holding each record's lock and writing what remains into it. progress() says it in the
// person's language; runStarted(), runBusy() and runCleaned() carry each record's outcome as
// the engine words it (the CLI prints those).
class TenantCleanup final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TenantCleanup)
public:
    // `auditsHome`: the home whose audits/ is searched too (empty: runs only).
    TenantCleanup(ManagementClient *client, const QString &runsDirectory, const QString &auditsHome = {},
                  QObject *parent = nullptr);

    // Only these runs, also paused ones (`daystrom cleanup --run`); empty: every record.
    void setOnly(const QStringList &runIds) { m_only = runIds; }
    void scan(); // synchronous: reads the run files
    const Leftovers::Found &found() const { return m_found; }
    QStringList plan() const; // what clean() will do, a line each, grouped by run

    void clean(); // asynchronous: finished() follows
    bool isBusy() const { return m_busy; }
    int remaining() const { return m_remaining; } // runs that still have objects after clean()
    QStringList problems() const { return m_problems; }

signals:
    void progress(const QString &line);
    // Per record of found(), in order, while clean() runs: it starts; another process holds
    // it (left alone); or it was cleaned (`recordError`: why what remains was not written).
    void runStarted(const Leftovers::Run &run);
    void runBusy(const Leftovers::Run &run, qint64 pid);
    void runCleaned(const Leftovers::Run &run, const TenantCleaner::Outcome &outcome, const QString &recordError);
    void finished();

private:
    void cleanNext(qsizetype index);

    QPointer<ManagementClient> m_client;
    QString m_runsDirectory;
    QString m_auditsHome;
    QStringList m_only;
    TenantCleaner *m_cleaner;
    Leftovers::Found m_found;
    QStringList m_problems;
    int m_remaining = 0;
    bool m_busy = false;
};
