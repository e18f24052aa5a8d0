#pragma once

#include "memorystore/memorycurator.h"

#include "memorystore/memorystore.h"

#include <QAbstractTableModel>

class MemoryUndo;

// The learnings of one category as a table. Insight, strategy, outcome and tags are editable;
// an edit goes through MemoryCurator (locked, atomic, logged in feedback-log.jsonl), and onto
// the undo stack when one is set. Sort and filter through a QSortFilterProxyModel on
// SortRole / SearchRole.
class LearningTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LearningTableModel)
public:
    enum Column {
        InsightColumn,
        ConfidenceColumn, // tooltip: the formula and its inputs (Learning::explainConfidence)
        SeenColumn,       // "3×"
        RecalledColumn,   // "Last used": the last time a run was given the learning
        StrategyColumn,
        OutcomeColumn,
        ChangeTypeColumn,
        TypeColumn,
        StatusColumn,
        SourceColumn,
        ExtractedColumn,
        TagsColumn,
        ColumnCount
    };
    // A learning's stored keys in the person's words (issue 58, item 8): "examples-only" →
    // "Examples only", "improved" → "improved" translated. An unknown key is shown as it is.
    static QString changeTypeText(const QString &key);
    static QString outcomeText(const QString &key);

    enum Role {
        IdRole = Qt::UserRole + 1,
        SortRole,   // numbers and dates as such
        SearchRole, // insight, strategy and tags, lower case
    };

    explicit LearningTableModel(const MemoryStore &store, QObject *parent = nullptr);

    void setCategory(const QString &key); // empty = none
    QString category() const { return m_category; }
    void reload(); // re-reads the category (a no-op when nothing changed)
    const CategoryMemory &memory() const { return m_memory; }
    QString loadError() const { return m_error; }

    // Effective confidence is shown decayed with this half-life (0 = no decay) at `now`
    // (invalid = the current time).
    void setDecay(double halfLifeDays, const QDateTime &now = {});

    void setUndo(MemoryUndo *undo) { m_undo = undo; } // edits become undoable

    // The confidence tooltip: the shown value, its formula and every input.
    QString confidenceToolTip(const Learning &l) const;

    QString idAt(int row) const;
    int rowOf(const QString &id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    // Several fields of one learning at once, as one step to undo (the Edit dialog).
    bool edit(const QString &learningId, const LearningPatch &patch);

signals:
    void edited(const QString &learningId);
    void editFailed(const QString &message);

private:
    QVariant display(const Learning &l, int column) const;
    QVariant sortValue(const Learning &l, int column) const;
    QDateTime now() const;

    const MemoryStore &m_store;
    QString m_category;
    CategoryMemory m_memory;
    QString m_error;
    double m_halfLifeDays = 0;
    QDateTime m_now;
    MemoryUndo *m_undo = nullptr;
};
