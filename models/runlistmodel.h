#pragma once

#include "runs/runstore.h"

#include <QAbstractTableModel>
#include <QFutureWatcher>

// The stored runs as a table. reload() reads the run directory on a pool thread, so the GUI
// thread never waits on the disk; the model is replaced in one step when the read finishes.
class RunListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunListModel)
public:
    enum Column { IdColumn, StatusColumn, IterationsColumn, BestColumn, UpdatedColumn, TopicColumn,
                  ColumnCount };
    enum Role { RunIdRole = Qt::UserRole + 1, StatusRole };

    explicit RunListModel(QObject *parent = nullptr);
    ~RunListModel() override;

    void setDirectory(const QString &directory);
    void reload();
    void setListing(const RunStore::Listing &listing);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    QStringList problems() const { return m_problems; }

signals:
    void loaded();

private:
    QString m_dir;
    QList<RunSummary> m_runs;
    QStringList m_problems;
    QFutureWatcher<RunStore::Listing> m_watcher;
};
