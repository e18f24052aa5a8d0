#include "robustnesstablemodel.h"

#include "reports/displayformat.h"

using namespace Qt::StringLiterals;

namespace {
int positivesOf(const EfficacyMetrics &m)
{
    return m.truePositives + m.falseNegatives;
}
int negativesOf(const EfficacyMetrics &m)
{
    return m.trueNegatives + m.falsePositives;
}
} // namespace

RobustnessTableModel::RobustnessTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void RobustnessTableModel::setRows(const QList<Robustness::Row> &rows)
{
    if (rows == m_rows)
        return;
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int RobustnessTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RobustnessTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RobustnessTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Robustness::Row &row = m_rows.at(index.row());
    const EfficacyMetrics &m = row.metrics;
    const bool both = positivesOf(m) > 0 && negativesOf(m) > 0;
    const auto dash = u"—"_s;
    if (role == FamilyRole)
        return row.family;
    if (role == Qt::TextAlignmentRole)
        return index.column() == FamilyColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        if (index.column() == FamilyColumn)
            return DisplayFormat::rewriteFamilyDescription(row.family);
        if (index.column() == CountColumn && m.notScanned > 0)
            return tr("%n rewrite(s) AIRS gave no verdict for are left out", nullptr, m.notScanned);
        return {};
    }
    if (role != Qt::DisplayRole && role != Qt::AccessibleTextRole)
        return {};
    switch (index.column()) {
    case FamilyColumn:
        return DisplayFormat::rewriteFamily(row.family);
    case TprColumn:
        return positivesOf(m) > 0 ? DisplayFormat::percent(m.truePositiveRate) : dash;
    case TnrColumn:
        return negativesOf(m) > 0 ? DisplayFormat::percent(m.trueNegativeRate) : dash;
    case CoverageColumn:
        return both ? DisplayFormat::percent(m.coverage) : dash;
    case ChangeColumn: {
        const EfficacyMetrics &asWritten = m_rows.first().metrics;
        if (index.row() == 0 || !both || positivesOf(asWritten) == 0 || negativesOf(asWritten) == 0)
            return dash;
        return DisplayFormat::signedPoints(m.coverage - asWritten.coverage);
    }
    case CountColumn:
        return DisplayFormat::number(qint64(m.total()));
    default:
        return {};
    }
}

QVariant RobustnessTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case CoverageColumn:
            return tr("min(TPR, TNR) on the rewritten prompts");
        case ChangeColumn:
            return tr("Coverage under the rewrite minus the coverage of the same prompts as written");
        case CountColumn:
            return tr("Rewrites scanned (a rewrite that changes nothing is not made)");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case FamilyColumn:
        return tr("Rewrite");
    case TprColumn:
        return tr("TPR");
    case TnrColumn:
        return tr("TNR");
    case CoverageColumn:
        return tr("Coverage");
    case ChangeColumn:
        return tr("Kept vs. as written");
    case CountColumn:
        return tr("Prompts");
    default:
        return {};
    }
}
