#pragma once

#include "memorystore/memorystore.h"

#include <QAbstractListModel>

// The memory's categories (one per `<category>.json`) with their learning counts. Each row
// also carries the text of its learnings and anti-patterns (SearchRole), so a filter proxy on
// that role searches across categories.
class CategoryListModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CategoryListModel)
public:
    enum Role {
        KeyRole = Qt::UserRole + 1,
        LearningCountRole,
        PendingCountRole,
        AntiPatternCountRole,
        SearchRole, // key, insights, strategies, tags and anti-patterns, lower case
        ErrorRole,  // the file is unreadable (kept as it is)
    };

    explicit CategoryListModel(const MemoryStore &store, QObject *parent = nullptr);

    // Re-reads the summaries (only files changed on disk are parsed again).
    void refresh();
    int rowOf(const QString &key) const;
    QString keyAt(int row) const;
    // What the list shows for a category: its title, else its key's words.
    static QString titleOf(const CategorySummary &summary);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        CategorySummary summary;
        QString search;
        friend bool operator==(const Row &a, const Row &b)
        {
            return a.summary.key == b.summary.key && a.summary.title == b.summary.title &&
                   a.search == b.search &&
                   a.summary.learningCount == b.summary.learningCount &&
                   a.summary.pendingCount == b.summary.pendingCount &&
                   a.summary.antiPatternCount == b.summary.antiPatternCount &&
                   a.summary.error == b.summary.error;
        }
    };
    const MemoryStore &m_store;
    QList<Row> m_rows;
};
