#pragma once

#include <QSortFilterProxyModel>

// Filters a ResultsTableModel by outcome (all, false positives, false negatives, regressions:
// regression-tier tests that are now wrong) and by a case-insensitive search over the prompt
// and the category. Sorting is by the displayed text; unsorted, rows keep their arrival order.
class ResultsFilterProxy final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultsFilterProxy)
public:
    enum class Filter { All, FalsePositives, FalseNegatives, Regressions };
    Q_ENUM(Filter)

    explicit ResultsFilterProxy(QObject *parent = nullptr);
    ~ResultsFilterProxy() override;

    void setFilter(Filter filter);
    Filter filter() const { return m_filter; }
    void setSearchText(const QString &text);
    QString searchText() const { return m_search; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    Filter m_filter = Filter::All;
    QString m_search;
};
