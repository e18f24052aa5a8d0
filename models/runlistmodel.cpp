#include "runlistmodel.h"

#include "models/session/backgroundpriority.h"
#include "reports/displayformat.h"
#include "reports/usagetext.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
const QString Dash = u"—"_s;
}

RunListModel::Row RunListModel::rowFor(const RunState &run)
{
    return Row{RunStore::summarize(run)};
}

RunListModel::Listing RunListModel::read(const QString &directory, RunStore::ListingCache files)
{
    const RunStore::Listing listing = RunStore(directory).list(&files);
    Listing out;
    out.files = std::move(files);
    out.directory = directory;
    out.problems = listing.problems;
    // RunStore::list() removed every lock whose process is gone: a running run without one
    // is driven by nobody.
    const QDir dir(directory);
    for (const RunSummary &s : listing.runs)
        out.rows.append(Row{s, s.status == RunStatus::Running && !QFileInfo::exists(dir.filePath(s.id + u".lock"_s))});
    return out;
}

QString RunListModel::statusText(RunStatus status)
{
    switch (status) {
    case RunStatus::Running:
        return tr("running");
    case RunStatus::Paused:
        return tr("paused");
    case RunStatus::Completed:
        return tr("completed");
    case RunStatus::Failed:
        return tr("failed");
    case RunStatus::Cancelled:
        return tr("cancelled");
    }
    return {};
}

RunListModel::RunListModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    connect(&m_watcher, &QFutureWatcher<Listing>::finished, this,
            [this] { setListing(m_watcher.result()); });
}

RunListModel::~RunListModel()
{
    m_watcher.waitForFinished();
}

void RunListModel::setDirectory(const QString &directory)
{
    if (directory != m_dir)
        m_files.clear();
    m_dir = directory;
}

void RunListModel::reload()
{
    if (m_watcher.isRunning())
        return;
    const QString dir = m_dir;
    // The files listed last time go along: only what changed since is read again.
    m_watcher.setFuture(BackgroundPriority::run([dir, files = m_files] { return read(dir, files); }));
}

void RunListModel::setListing(const Listing &listing)
{
    beginResetModel();
    m_runs = listing.rows;
    m_problems = listing.problems;
    m_files = listing.directory == m_dir ? listing.files : RunStore::ListingCache();
    endResetModel();
    emit loaded();
}

void RunListModel::setListing(const RunStore::Listing &listing)
{
    Listing rows;
    rows.problems = listing.problems;
    for (const RunSummary &s : listing.runs)
        rows.rows.append(Row{s});
    setListing(rows);
}

std::optional<RunListModel::Row> RunListModel::newestUnfinished() const
{
    for (const Row &row : m_runs) { // newest update first
        if (row.interrupted || row.summary.status == RunStatus::Paused)
            return row;
    }
    return std::nullopt;
}

int RunListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_runs.size());
}

int RunListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunListModel::display(const Row &row, int column) const
{
    const RunSummary &r = row.summary;
    switch (column) {
    case IdColumn:
        return r.id;
    case StatusColumn:
        return row.interrupted ? tr("interrupted") : statusText(r.status);
    case IterationsColumn: // as Live and the stop reason count them, skipped ones too (issue 58)
        return DisplayFormat::number(qint64(r.iterationsRun()));
    case BestColumn:
        // No recorded iteration (cancelled or failed before the first): nothing was measured.
        if (r.iterationCount == 0)
            return Dash;
        return DisplayFormat::withInterval(r.bestCoverage, r.bestInterval);
    case UpdatedColumn:
        return QLocale().toString(r.updatedAt.toLocalTime(), QLocale::ShortFormat);
    case TopicColumn:
        return r.topicDescription;
    case TopicNameColumn:
        return row.summary.topicName.isEmpty() ? Dash : row.summary.topicName;
    case UsageColumn:
        // Runs made before usage was kept have none: a dash, not a zero.
        if (r.usage.isEmpty())
            return Dash;
        // Narrow: the cost when it is known; the rest is in the tooltip and the details line.
        if (UsageText::costUnknown(r.usage))
            return tr("%1 tokens").arg(QLocale().toString(r.usage.totalTokens()));
        return tr("%1 tokens · %2").arg(QLocale().toString(r.usage.totalTokens()), UsageText::cost(r.usage));
    default:
        return {};
    }
}

QVariant RunListModel::toolTip(const Row &row, int column) const
{
    const RunSummary &r = row.summary;
    switch (column) {
    case TopicColumn:
        return r.topicDescription;
    case TopicNameColumn:
        return row.summary.topicName.isEmpty() ? tr("No topic was written yet.") : row.summary.topicName;
    case StatusColumn:
        if (row.interrupted)
            return tr("The process that drove this run stopped (killed or crashed). Resume it, or clean up what it "
                      "left on AIRS (File ▸ Clean up AIRS).");
        return row.summary.stopReason.isEmpty() ? QVariant() : DisplayFormat::stopReason(row.summary.stopReason);
    case IterationsColumn:
        if (r.iterationCount < r.iterationsRun())
            return tr("%1 iterations run, %2 of them recorded: the others were skipped (a topic already tried) "
                      "or did not finish.")
                .arg(r.iterationsRun())
                .arg(r.iterationCount);
        return {};
    case BestColumn:
        if (r.iterationCount == 0)
            return tr("No iteration was recorded: the run stopped before its first one finished.");
        if (r.bestInterval)
            return tr("On the held-out benchmark; 95 % interval %1 to %2")
                .arg(DisplayFormat::percent(r.bestInterval->low), DisplayFormat::percent(r.bestInterval->high));
        return {};
    case UsageColumn: {
        if (r.usage.isEmpty())
            return tr("This run was made before usage was recorded.");
        QString tip = UsageText::labelledSummary(r.usage);
        if (const QString budget = UsageText::budget(r.maxTokens, r.maxCost); !budget.isEmpty())
            tip += u"\n"_s + budget;
        if (UsageText::costUnknown(r.usage))
            tip += u"\n"_s + UsageText::costUnknownHint();
        return tip;
    }
    default:
        return {};
    }
}

QVariant RunListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_runs.size())
        return {};
    const Row &row = m_runs.at(index.row());
    switch (role) {
    case RunIdRole:
        return row.summary.id;
    case StatusRole:
        return runStatusName(row.summary.status);
    case SearchRole:
        return QStringList{row.summary.id, runStatusName(row.summary.status),
                           row.interrupted ? tr("interrupted") : statusText(row.summary.status),
                           row.summary.topicName, row.summary.topicDescription, row.summary.stopReason,
                           DisplayFormat::stopReason(row.summary.stopReason)}
            .join(u'\n');
    case UpdatedRole:
        return row.summary.updatedAt;
    case UsageRole:
        return row.summary.usage.isEmpty() ? QString() : UsageText::labelledSummary(row.summary.usage);
    case Qt::ToolTipRole:
        return toolTip(row, index.column());
    case Qt::TextAlignmentRole:
        if (index.column() == IterationsColumn || index.column() == BestColumn || index.column() == UsageColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole:
        return display(row, index.column());
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
        return tr("Description");
    case TopicNameColumn:
        return tr("Topic");
    case UsageColumn:
        return tr("Usage");
    default:
        return {};
    }
}
