#pragma once

#include "iterationcomparison.h"

#include "domain/runsteering.h"

#include <QAbstractTableModel>
#include <QColor>

// The per-test outcomes of an IterationComparison as a table, filtered by kind of change.
class TestFlipModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TestFlipModel)
public:
    enum Column {
        ChangeColumn,
        PromptColumn,
        ExpectedColumn,
        AColumn,
        BColumn,
        CategoryColumn,
        ColumnCount
    };
    enum Role {
        KindRole = Qt::UserRole + 1,
        PromptRole,    // QString: the test's prompt, in every column
        ExpectedRole,  // bool: its label (B's; A's for a test only in A)
        CorrectedRole, // bool: the person corrected its expected label
    };
    enum class Filter { Flips, Fixed, Broken, OneSide, All }; // Flips = fixed + broken

    explicit TestFlipModel(QObject *parent = nullptr);

    void setComparison(const IterationComparison &comparison);
    // The run's label corrections: their tests are marked (LabelCorrectionMark).
    void setCorrections(const QList<LabelCorrection> &corrections);
    void setFilter(Filter filter);
    Filter filter() const { return m_filter; }
    int count(Filter filter) const;
    // Text colours for fixed (better) and broken (worse) rows; the view derives them from its
    // palette.
    void setColors(const QColor &better, const QColor &worse);

    static bool matches(Filter filter, TestFlip::Kind kind);
    static QString kindText(TestFlip::Kind kind);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    void rebuild();
    QString outcome(const std::optional<bool> &actual, const std::optional<bool> &correct) const;
    QString outcomeToolTip(const TestFlip &f, const std::optional<bool> &actual,
                           const std::optional<bool> &correct, int iteration) const;

    RunSteering m_steering; // only its corrections
    QList<TestFlip> m_all;
    QList<TestFlip> m_rows;
    int m_a = 0;
    int m_b = 0;
    Filter m_filter = Filter::Flips;
    QColor m_better;
    QColor m_worse;
};
