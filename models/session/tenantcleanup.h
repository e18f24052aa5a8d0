#pragma once

#include "tenant/leftovers.h"
#include "tenant/tenantcleaner.h"

#include <QObject>
#include <QPointer>

class ManagementClient;

// The app's "Clean up AIRS": finds what stopped runs, and audits and impact checks whose
// process is gone, left on the tenant (Leftovers::findAll, the same search as `daystrom
// cleanup`), lets a person read it, then removes it record by record with TenantCleaner,
// holding each record's lock and writing what remains into it.
class TenantCleanup final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TenantCleanup)
public:
    // `auditsHome`: the home whose audits/ is searched too (empty: runs only).
    TenantCleanup(ManagementClient *client, const QString &runsDirectory, const QString &auditsHome = {},
                  QObject *parent = nullptr);

    void scan(); // synchronous: reads the run files
    const Leftovers::Found &found() const { return m_found; }
    QStringList plan() const; // what clean() will do, a line each, grouped by run

    void clean(); // asynchronous: finished() follows
    bool isBusy() const { return m_busy; }
    int remaining() const { return m_remaining; } // runs that still have objects after clean()
    QStringList problems() const { return m_problems; }

signals:
    void progress(const QString &line);
    void finished();

private:
    void cleanNext(qsizetype index);

    QPointer<ManagementClient> m_client;
    QString m_runsDirectory;
    QString m_auditsHome;
    TenantCleaner *m_cleaner;
    Leftovers::Found m_found;
    QStringList m_problems;
    int m_remaining = 0;
    bool m_busy = false;
};
