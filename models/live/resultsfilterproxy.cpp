#include "resultsfilterproxy.h"

#include "resultstablemodel.h"

ResultsFilterProxy::ResultsFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setDynamicSortFilter(true);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

ResultsFilterProxy::~ResultsFilterProxy() = default;

void ResultsFilterProxy::setFilter(Filter filter)
{
    if (m_filter == filter)
        return;
    m_filter = filter;
    invalidateRowsFilter();
}

void ResultsFilterProxy::setSearchText(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (m_search == trimmed)
        return;
    m_search = trimmed;
    invalidateRowsFilter();
}

bool ResultsFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    switch (m_filter) {
    case Filter::All:
        break;
    case Filter::FalsePositives:
        if (!index.data(ResultsTableModel::FalsePositiveRole).toBool())
            return false;
        break;
    case Filter::FalseNegatives:
        if (!index.data(ResultsTableModel::FalseNegativeRole).toBool())
            return false;
        break;
    case Filter::Regressions:
        if (!index.data(ResultsTableModel::RegressionRole).toBool())
            return false;
        break;
    }
    if (m_search.isEmpty())
        return true;
    return index.data(ResultsTableModel::PromptRole)
               .toString()
               .contains(m_search, Qt::CaseInsensitive) ||
           index.data(ResultsTableModel::CategoryRole)
               .toString()
               .contains(m_search, Qt::CaseInsensitive);
}
