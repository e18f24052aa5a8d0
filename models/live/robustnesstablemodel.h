#pragma once

#include "domain/robustness.h"

#include <QAbstractTableModel>

// One iteration's robustness table (issue 43) for a view: a row per rewrite family after the
// sampled prompts as written, with TPR, TNR, the coverage under the rewrite, its change from
// the prompts as written, and how many rewrites were scanned. A rate without prompts shows "—".
class RobustnessTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RobustnessTableModel)
public:
    enum Column { FamilyColumn, TprColumn, TnrColumn, CoverageColumn, ChangeColumn, CountColumn, ColumnCount };
    static constexpr int FamilyRole = Qt::UserRole + 1; // the family's name as the run file has it

    explicit RobustnessTableModel(QObject *parent = nullptr);

    void setRows(const QList<Robustness::Row> &rows);
    const QList<Robustness::Row> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Robustness::Row> m_rows;
};
