#include "runlistmodel.h"

#include "domain/format.h"

#include <QLocale>
#include <QtConcurrent/QtConcurrentRun>

RunListModel::RunListModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    connect(&m_watcher, &QFutureWatcher<RunStore::Listing>::finished, this,
            [this] { setListing(m_watcher.result()); });
}

RunListModel::~RunListModel()
{
    m_watcher.waitForFinished();
}

void RunListModel::setDirectory(const QString &directory)
{
    m_dir = directory;
}

void RunListModel::reload()
{
    if (m_watcher.isRunning())
        return;
    const QString dir = m_dir;
    m_watcher.setFuture(QtConcurrent::run([dir] { return RunStore(dir).list(); }));
}

void RunListModel::setListing(const RunStore::Listing &listing)
{
    beginResetModel();
    m_runs = listing.runs;
    m_problems = listing.problems;
    endResetModel();
    emit loaded();
}

int RunListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_runs.size());
}

int RunListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_runs.size())
        return {};
    const RunSummary &r = m_runs.at(index.row());
    if (role == RunIdRole)
        return r.id;
    if (role == StatusRole)
        return runStatusName(r.status);
    if (role == Qt::ToolTipRole && index.column() == TopicColumn)
        return r.topicDescription;
    if (role == Qt::ToolTipRole && index.column() == BestColumn && r.bestInterval)
        return tr("On the held-out benchmark; 95 % interval %1 to %2")
            .arg(Format::percent(r.bestInterval->low), Format::percent(r.bestInterval->high));
    if (role == Qt::TextAlignmentRole && (index.column() == IterationsColumn || index.column() == BestColumn))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case IdColumn:
        return r.id;
    case StatusColumn:
        return runStatusName(r.status);
    case IterationsColumn:
        return r.iterationCount;
    case BestColumn:
        return r.bestInterval ? tr("%1 [%2–%3]").arg(Format::percent(r.bestCoverage), Format::percent(r.bestInterval->low),
                                                     Format::percent(r.bestInterval->high))
                              : Format::percent(r.bestCoverage);
    case UpdatedColumn:
        return QLocale().toString(r.updatedAt.toLocalTime(), QLocale::ShortFormat);
    case TopicColumn:
        return r.topicDescription;
    default:
        return {};
    }
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IdColumn:
        return tr("Run");
    case StatusColumn:
        return tr("Status");
    case IterationsColumn:
        return tr("Iterations");
    case BestColumn:
        return tr("Best coverage");
    case UpdatedColumn:
        return tr("Updated");
    case TopicColumn:
        return tr("Topic");
    default:
        return {};
    }
}
