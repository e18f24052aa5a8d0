#pragma once

#include "domain/runstate.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

// The prompt × iteration grid over a run's held-out benchmark: one row per benchmark prompt
// (its text and expected verdict), one column per iteration scored on it, each cell right or
// wrong with the scan's category and action. Runs without a benchmark have no rows. When a
// person added prompts to the benchmark (a new version), iterations scored on an earlier version
// have no cell for the prompts added after them.
class BenchmarkGridModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { PromptColumn, ExpectedColumn, FirstIterationColumn };
    enum Role {
        CorrectRole = Qt::UserRole + 1,
        FlipsRole,
        IterationRole,
        PromptRole,    // QString: the row's prompt, in every column
        ExpectedRole,  // bool: its label
        CorrectedRole, // bool: the person corrected its expected label
        AskedRole,     // bool: the iteration's benchmark version held the prompt
    };

    explicit BenchmarkGridModel(QObject *parent = nullptr);

    void setRun(const RunState &run);
    QList<int> iterations() const { return m_iterations; } // the columns after the first two
    int iterationAt(int column) const;                     // 0 when not an iteration column
    bool rowFlips(int row) const; // right in some scored iteration and wrong in another
    int versionCount() const { return m_run.steering.benchmarkVersion(); }
    int rowVersion(int row) const;       // the benchmark version the prompt joined in
    int versionAt(int column) const;     // an iteration column's benchmark version

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const TestResult *result(int row, int column) const;

    QList<TestCase> m_prompts;
    QList<int> m_iterations;
    QList<const IterationResult *> m_columns; // into m_run
    RunState m_run;
};

// Search (prompt text, case-insensitive) and "only the prompts that flip" over the grid.
class BenchmarkGridFilter final : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setOnlyFlips(bool on);
    void setSearch(const QString &text);

protected:
    bool filterAcceptsRow(int row, const QModelIndex &parent) const override;

private:
    bool m_onlyFlips = false;
    QString m_search;
};
