#pragma once

#include "memorystore/categorymemory.h"

#include <QWidget>

#include <functional>

class MemoryStore;
class MemoryUndo;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QTextBrowser;

// A category's anti-patterns and its best-known topic with metrics, offered as the seed of a
// new run. The anti-pattern list holds the file's anti-patterns (edit in place, add, delete;
// each change goes through MemoryCurator, and onto the undo stack when one is set) followed by
// the learnings that rejections turned into anti-patterns ("KNOWN PITFALL: …"; read-only here,
// curated in the learnings table).
class CategoryDetailsWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CategoryDetailsWidget)
public:
    enum Role { LearningIdRole = Qt::UserRole + 1 }; // set on the rows of inverted learnings

    explicit CategoryDetailsWidget(const MemoryStore &store, QWidget *parent = nullptr);

    void setUndo(MemoryUndo *undo) { m_undo = undo; }

    void setCategory(const QString &category, const CategoryMemory &memory);

    // Error message, or empty.
    QString addAntiPattern(const QString &text);
    QString editAntiPattern(int index, const QString &text);
    QString removeAntiPattern(int index);

signals:
    void changed(); // the file was written
    void failed(const QString &message);
    void seedRequested(const QString &description, const QStringList &examples);

private:
    void onItemChanged(QListWidgetItem *item);
    void promptAdd();
    void removeCurrent();
    QString done(const QString &error);
    QString run(const QString &text, const std::function<QString()> &step);
    bool isListRow(int row) const { return row >= 0 && row < m_memory.antiPatterns.size(); }

    const MemoryStore &m_store;
    MemoryUndo *m_undo = nullptr;
    QString m_category;
    CategoryMemory m_memory;
    QListWidget *m_antiPatterns;
    QPushButton *m_add;
    QPushButton *m_remove;
    QTextBrowser *m_best;
    QPushButton *m_seed;
};
