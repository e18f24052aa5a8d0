#pragma once

#include "memorystore/memorybundle.h"

#include <QDialog>

class QLabel;
class QTreeWidget;

// The confirmation before a bundle is imported: how many learnings and anti-patterns it will
// add, corroborate and skip, and each item with its category (skips with their reason).
class ImportBundleDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImportBundleDialog)
public:
    ImportBundleDialog(const QString &file, const MemoryBundle &bundle,
                       const MemoryBundles::Plan &plan, QWidget *parent = nullptr);

    QString summary() const;

private:
    QLabel *m_summary;
    QTreeWidget *m_items;
};
