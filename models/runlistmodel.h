#pragma once

#include <optional>

#include "runs/runstore.h"

#include <QAbstractTableModel>
#include <QFutureWatcher>

// The stored runs as a table. reload() reads the run directory on a pool thread, so the GUI
// thread never waits on the disk; the model is replaced in one step when the read finishes.
// Beside RunStore's summary each row has the topic's name (the best iteration's, else the
// last recorded one's, else the one the run is about to test) and why the run stopped, in
// the user's language. A run with no recorded iteration has no coverage: it shows a dash.
class RunListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunListModel)
public:
    enum Column { IdColumn, StatusColumn, IterationsColumn, BestColumn, UpdatedColumn, TopicColumn,
                  TopicNameColumn, UsageColumn, ColumnCount };
    enum Role {
        RunIdRole = Qt::UserRole + 1,
        StatusRole, // the engine's status name ("paused"), untranslated
        SearchRole, // id, status, topic name, description and stop reason, for a filter
        UsageRole,  // the whole usage in one line (tokens, calls, scans, cost), for details
        UpdatedRole, // QDateTime: when the run file was last written
    };

    struct Row
    {
        RunSummary summary; // with the topic name and the stop reason as the engine stored it
        // Its file says "running" but no process holds its lock (issue 40): it was killed or
        // crashed, and stays so until resumed or cleaned up.
        bool interrupted = false;
    };
    struct Listing
    {
        QList<Row> rows; // newest update first
        QStringList problems;
        RunStore::ListingCache files; // what the next reload() need not read again
        QString directory;            // where `files` were read
    };
    // What reload() reads, on any thread: the files changed since `files` was filled.
    static Listing read(const QString &directory, RunStore::ListingCache files = {});
    static Row rowFor(const RunState &run);
    // "completed", "paused" … in the user's language.
    static QString statusText(RunStatus status);

    explicit RunListModel(QObject *parent = nullptr);
    ~RunListModel() override;

    void setDirectory(const QString &directory);
    void reload();
    void setListing(const Listing &listing);
    void setListing(const RunStore::Listing &listing);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    QStringList problems() const { return m_problems; }

signals:
    void loaded();

private:
public:
    // The newest run that did not finish (paused, or interrupted), if any: offered at start-up.
    std::optional<Row> newestUnfinished() const;

private:
    QVariant display(const Row &row, int column) const;
    QVariant toolTip(const Row &row, int column) const;

    QString m_dir;
    QList<Row> m_runs;
    QStringList m_problems;
    RunStore::ListingCache m_files; // of the last listing read from m_dir
    QFutureWatcher<Listing> m_watcher;
};
