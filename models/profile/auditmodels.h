#pragma once

#include "domain/auditfigures.h"

#include <QAbstractTableModel>

// A whole-profile audit's figures for the Profile page (issue 42): one row per topic.
class AuditTopicsModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AuditTopicsModel)
public:
    enum Column { TopicColumn, BucketColumn, CoverageColumn, TprColumn, TnrColumn, PromptsColumn, ColumnCount };

    explicit AuditTopicsModel(QObject *parent = nullptr);
    void setFigures(const AuditFigures &figures);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<AuditFigures::TopicFigures> m_topics;
};

// The topics x topics conflict matrix as a heat map: row = the topic a prompt was written for,
// column = the topic that matched it; a cell's shade grows with its count.
class ConflictMatrixModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConflictMatrixModel)
public:
    enum Role { CountRole = Qt::UserRole + 1 };

    explicit ConflictMatrixModel(QObject *parent = nullptr);
    void setFigures(const AuditFigures &figures);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QStringList m_topics;
    QList<QList<int>> m_counts;
    int m_largest = 0;
};

// Every conflict: the prompt, the topic it was written for, its label there, the topic that
// matched it.
class ConflictListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConflictListModel)
public:
    enum Column { PromptColumn, WrittenForColumn, LabelColumn, MatchedByColumn, ColumnCount };

    explicit ConflictListModel(QObject *parent = nullptr);
    void setFigures(const AuditFigures &figures);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<AuditConflict> m_conflicts;
};
