#include "categorylistmodel.h"

using namespace Qt::StringLiterals;

CategoryListModel::CategoryListModel(const MemoryStore &store, QObject *parent)
    : QAbstractListModel(parent)
    , m_store(store)
{
    refresh();
}

void CategoryListModel::refresh()
{
    QList<Row> rows;
    for (const CategorySummary &s : m_store.summaries()) {
        Row row{s, s.key};
        if (s.error.isEmpty()) {
            const MemoryStore::Loaded loaded = m_store.load(s.key);
            QStringList parts{s.key, s.title};
            for (const Learning &l : loaded.memory.learnings)
                parts << l.insight << l.strategy << l.tags.join(u' ');
            parts << loaded.memory.antiPatterns;
            row.search = parts.join(u'\n').toLower();
        }
        rows.append(row);
    }
    if (rows == m_rows)
        return;
    // Same keys in the same order: update in place so views keep their selection.
    bool sameKeys = rows.size() == m_rows.size();
    for (qsizetype i = 0; sameKeys && i < rows.size(); ++i)
        sameKeys = rows.at(i).summary.key == m_rows.at(i).summary.key;
    if (sameKeys) {
        m_rows = rows;
        emit dataChanged(index(0), index(int(m_rows.size()) - 1));
        return;
    }
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int CategoryListModel::rowOf(const QString &key) const
{
    for (qsizetype i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).summary.key == key)
            return int(i);
    }
    return -1;
}

QString CategoryListModel::keyAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).summary.key : QString();
}

int CategoryListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QString CategoryListModel::titleOf(const CategorySummary &summary)
{
    if (!summary.title.isEmpty())
        return summary.title;
    // Without a person's words: the key's words, as words.
    QString words = summary.key;
    words.replace(u'-', u' ');
    return words;
}

QVariant CategoryListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row &row = m_rows.at(index.row());
    const CategorySummary &s = row.summary;
    switch (role) {
    case Qt::DisplayRole:
        if (!s.error.isEmpty())
            return tr("%1 (unreadable)").arg(s.key);
        if (s.pendingCount > 0)
            return tr("%1 (%2, %3 pending)").arg(titleOf(s), QString::number(s.learningCount), QString::number(s.pendingCount));
        return tr("%1 (%2)").arg(titleOf(s), QString::number(s.learningCount));
    case Qt::ToolTipRole:
        if (!s.error.isEmpty())
            return s.error;
        // The file's name too: the key a run's topic is matched by.
        return tr("%1\nFile: %2.json\n%n learning(s), %3 pending, %4 anti-patterns", nullptr,
                  s.learningCount)
            .arg(titleOf(s), s.key, QString::number(s.pendingCount),
                 QString::number(s.antiPatternCount));
    case Qt::AccessibleTextRole:
        return tr("%1, %n learning(s)", nullptr, s.learningCount).arg(titleOf(s));
    case KeyRole:
        return s.key;
    case LearningCountRole:
        return s.learningCount;
    case PendingCountRole:
        return s.pendingCount;
    case AntiPatternCountRole:
        return s.antiPatternCount;
    case SearchRole:
        return row.search;
    case ErrorRole:
        return s.error;
    default:
        return {};
    }
}
