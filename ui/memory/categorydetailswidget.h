#pragma once

#include "memorystore/categorymemory.h"

#include <QWidget>

class MemoryStore;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QTextBrowser;

// A category's anti-pattern list (edit in place, add, delete; each change goes through
// MemoryCurator) and its best-known topic with metrics, offered as the seed of a new run.
class CategoryDetailsWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CategoryDetailsWidget)
public:
    explicit CategoryDetailsWidget(const MemoryStore &store, QWidget *parent = nullptr);

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

    const MemoryStore &m_store;
    QString m_category;
    CategoryMemory m_memory;
    QListWidget *m_antiPatterns;
    QPushButton *m_add;
    QPushButton *m_remove;
    QTextBrowser *m_best;
    QPushButton *m_seed;
};
