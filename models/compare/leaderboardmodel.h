#pragma once

#include "domain/crossrun.h"

#include <QAbstractItemModel>
#include <QColor>
#include <QDateTime>
#include <QHash>

// A cross-run leaderboard (issue 61) as a tree for a view: one top-level row per candidate in
// the leaderboard's order (rank, run, coverage with its interval, TPR, TNR, the paired verdict
// against the leader, how many shared prompts separate it from the leader), and under each the
// prompts that separate it, expandable. SortRole holds numbers for a QSortFilterProxyModel.
class LeaderboardModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LeaderboardModel)
public:
    enum Column {
        RankColumn,
        RunColumn,
        CoverageColumn,
        TprColumn,
        TnrColumn,
        VerdictColumn,
        SeparatingColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1,
        CandidateRole, // int: the row's index in the leaderboard (children: their candidate's)
        VerdictRole,   // QString: Decision's word ("better", "worse", "within-noise", "equal"),
                       // empty: none
        PromptRole,    // QString: a separating prompt (children only)
    };

    explicit LeaderboardModel(QObject *parent = nullptr);

    void setLeaderboard(const CrossRun::Leaderboard &leaderboard);
    const CrossRun::Leaderboard &leaderboard() const { return m_board; }
    // When each run was last updated, for the Run column (runs without one show no date).
    void setRunDates(const QHash<QString, QDateTime> &updated);
    // Verdict colours, from the view's palette: better, worse, within noise.
    void setColors(const QColor &better, const QColor &worse, const QColor &noise);

    // For the table: "Better than #2" (the leader), "Worse", "Within noise", … in the user's
    // language.
    static QString verdictText(const CrossRun::Row &row);
    // As a sentence: "Leader: better than #2 beyond noise", "Worse than the leader", …
    static QString verdictSentence(const CrossRun::Row &row);
    // The counts behind a verdict, for its tool tip.
    static QString verdictDetail(const CrossRun::Row &row);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QVariant candidateData(int row, int column, int role) const;
    QVariant promptData(int row, int prompt, int column, int role) const;
    QString runText(const CrossRun::Row &row) const;
    QColor verdictColor(const CrossRun::Row &row) const;
    // The shared prompt's index by its text, -1 when it is not one.
    int promptIndex(const QString &prompt) const;

    CrossRun::Leaderboard m_board;
    QHash<QString, int> m_promptIndex;
    QHash<QString, QDateTime> m_updated;
    QColor m_better, m_worse, m_noise;
};
