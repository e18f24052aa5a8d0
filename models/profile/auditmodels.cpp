#include "auditmodels.h"

#include "reports/displayformat.h"

#include <QBrush>
#include <QColor>

using namespace Qt::StringLiterals;

AuditTopicsModel::AuditTopicsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void AuditTopicsModel::setFigures(const AuditFigures &figures)
{
    beginResetModel();
    m_topics = figures.topics;
    endResetModel();
}

int AuditTopicsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_topics.size());
}

int AuditTopicsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AuditTopicsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AuditFigures::TopicFigures &t = m_topics.at(index.row());
    if (role == Qt::TextAlignmentRole)
        return index.column() == TopicColumn ? QVariant() : QVariant::fromValue(Qt::AlignCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case TopicColumn:
        return t.name;
    case BucketColumn:
        return t.action == u"allow" ? tr("allow") : tr("block");
    case CoverageColumn:
        return DisplayFormat::withInterval(t.metrics.coverage, t.intervals.coverage);
    case TprColumn:
        return DisplayFormat::withInterval(t.metrics.truePositiveRate, t.intervals.truePositiveRate);
    case TnrColumn:
        return DisplayFormat::withInterval(t.metrics.trueNegativeRate, t.intervals.trueNegativeRate);
    case PromptsColumn:
        return t.metrics.notScanned > 0 ? tr("%1 (%2 not scanned)").arg(t.metrics.total()).arg(t.metrics.notScanned)
                                        : QString::number(t.metrics.total());
    default:
        return {};
    }
}

QVariant AuditTopicsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TopicColumn:
        return tr("Topic");
    case BucketColumn:
        return tr("Bucket");
    case CoverageColumn:
        return tr("Coverage");
    case TprColumn:
        return tr("TPR");
    case TnrColumn:
        return tr("TNR");
    case PromptsColumn:
        return tr("Prompts");
    default:
        return {};
    }
}

ConflictMatrixModel::ConflictMatrixModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ConflictMatrixModel::setFigures(const AuditFigures &figures)
{
    beginResetModel();
    m_topics = figures.matrixTopics;
    m_counts = figures.matrix;
    m_largest = 0;
    for (const QList<int> &row : std::as_const(m_counts)) {
        for (int n : row)
            m_largest = std::max(m_largest, n);
    }
    endResetModel();
}

int ConflictMatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_topics.size());
}

int ConflictMatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_topics.size());
}

QVariant ConflictMatrixModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const bool diagonal = index.row() == index.column();
    const int n = m_counts.value(index.row()).value(index.column());
    switch (role) {
    case Qt::DisplayRole:
        return diagonal ? u"–"_s : QString::number(n);
    case CountRole:
        return diagonal ? QVariant() : QVariant(n);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignCenter);
    case Qt::ToolTipRole:
    case Qt::AccessibleTextRole:
        if (diagonal)
            return tr("%1 against itself").arg(m_topics.at(index.row()));
        return tr("%n prompt(s) written for “%1” matched by “%2”", nullptr, n)
            .arg(m_topics.at(index.row()), m_topics.at(index.column()));
    case Qt::BackgroundRole: {
        if (diagonal || n == 0 || m_largest == 0)
            return {};
        QColor c(0xc0, 0x1c, 0x28);
        c.setAlpha(40 + 160 * n / m_largest);
        return QBrush(c);
    }
    case Qt::ForegroundRole:
        if (!diagonal && m_largest > 0 && n * 2 > m_largest)
            return QBrush(Qt::white); // readable on the darker shades
        return {};
    default:
        return {};
    }
}

QVariant ConflictMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if ((role != Qt::DisplayRole && role != Qt::ToolTipRole) || section < 0 || section >= m_topics.size())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole)
        return orientation == Qt::Vertical ? tr("Prompts written for “%1”").arg(m_topics.at(section))
                                           : tr("Matched by “%1”").arg(m_topics.at(section));
    return m_topics.at(section);
}

ConflictListModel::ConflictListModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ConflictListModel::setFigures(const AuditFigures &figures)
{
    beginResetModel();
    m_conflicts = figures.conflicts;
    endResetModel();
}

int ConflictListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_conflicts.size());
}

int ConflictListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ConflictListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const AuditConflict &c = m_conflicts.at(index.row());
    switch (index.column()) {
    case PromptColumn:
        return role == Qt::DisplayRole ? c.prompt.simplified() : c.prompt;
    case WrittenForColumn:
        return c.intendedTopic;
    case LabelColumn:
        return c.expected ? tr("should match") : tr("should not match");
    case MatchedByColumn:
        return c.matchedTopic;
    default:
        return {};
    }
}

QVariant ConflictListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case PromptColumn:
        return tr("Prompt");
    case WrittenForColumn:
        return tr("Written for");
    case LabelColumn:
        return tr("Label");
    case MatchedByColumn:
        return tr("Matched by");
    default:
        return {};
    }
}
