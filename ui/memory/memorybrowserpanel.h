#pragma once

#include "memorystore/memorycurator.h"
#include "memorystore/memorystore.h"

#include <QWidget>

#include <functional>

class CategoryDetailsWidget;
class CategoryListModel;
class InjectionPreviewWidget;
class LearningTableModel;
class MemoryUndo;
class MemoryWatcher;
class QLabel;
class QLineEdit;
class QListView;
class QPushButton;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QUndoStack;

// The learnings memory: categories with their counts (filter and search across categories),
// the selected category's learnings (sortable; insight, strategy, outcome and tags edited in
// place; confirm, reject, approve, delete, add by hand, merge two), its anti-patterns and
// best-known topic, the injection preview, and team bundles (export, import after a
// confirmation listing what it adds, corroborates and skips). Every change goes through
// MemoryStore / MemoryCurator / MemoryBundles and onto the undo stack (MemoryUndo), which
// restores the files byte for byte; files changed on disk by the CLI or a run are picked up by
// a MemoryWatcher. Keys: Delete deletes, Ctrl+Z / Ctrl+Shift+Z undo and redo, Enter or F2
// edits a cell.
class MemoryBrowserPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryBrowserPanel)
public:
    explicit MemoryBrowserPanel(const QString &memoryDir, QWidget *parent = nullptr);
    ~MemoryBrowserPanel() override;

    // maxMemoryChars (the preview's starting budget) and memoryHalfLifeDays from the config.
    void setInjectorDefaults(int maxChars, double halfLifeDays);

    const MemoryStore &store() const { return m_store; }
    QUndoStack *undoStack() const;
    InjectionPreviewWidget *preview() const { return m_preview; }
    void showPreview(); // switches to the preview tab

    void refresh(); // re-reads what changed on disk
    bool selectCategory(const QString &key);
    QString currentCategory() const;
    bool selectLearning(const QString &id);
    QString currentLearningId() const;
    QStringList selectedLearningIds() const;

    // What the buttons do, on the current learning (for scripts and tests). Each returns an
    // error message, or empty, and reports in the status line.
    QString confirmCurrent();
    QString rejectCurrent(); // reports an inversion into an anti-pattern
    QString approveCurrent();
    QString deleteCurrent(); // undoable
    QString addLearning(const NewLearning &learning);
    QString mergeLearnings(const QString &keepId, const QString &mergedId);
    // A bundle of `categories` (file keys; empty = all) written to `file`.
    QString exportBundle(const QString &file, const QStringList &categories = {});
    // Reads `file`, shows what the import will add, corroborate and skip (ImportBundleDialog)
    // and imports it when confirmed (undoable). A refused bundle writes nothing.
    QString importBundle(const QString &file);
    QString statusText() const;

signals:
    // "Use as seed for a new run": the category's best-known topic.
    void seedRequested(const QString &description, const QStringList &examples);
    void memoryChanged();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *buildBrowser();
    void onCategoryChanged();
    void fitColumns(); // insight, confidence, seen and last used in view
    void updateDetails();
    void updateButtons();
    void report(const QString &message, bool error = false);
    QString afterStep(const MemoryCurator::Result &result, const QString &done);
    // Runs a curation step through the undo stack; `done` makes the status text.
    QString curate(const QString &text, const std::function<MemoryCurator::Result()> &step,
                   const std::function<QString(const MemoryCurator::Result &)> &done);
    void promptAdd();
    void promptEdit(); // the current learning in the learning form
    void promptMerge();
    void promptExport(bool all);
    void promptImport();

    MemoryStore m_store;
    static constexpr int GuiLockTimeoutMs = 5000;
    CategoryListModel *m_categories;
    QSortFilterProxyModel *m_categoryFilter;
    LearningTableModel *m_learnings;
    QSortFilterProxyModel *m_learningFilter;
    MemoryWatcher *m_watcher;
    MemoryUndo *m_undo;
    int m_undoIndex = 0; // the undo stack's index last seen
    QTabWidget *m_tabs = nullptr;
    QLineEdit *m_search = nullptr;
    QListView *m_categoryView = nullptr;
    QTableView *m_table = nullptr;
    QPushButton *m_confirm = nullptr;
    QPushButton *m_reject = nullptr;
    QPushButton *m_approve = nullptr;
    QPushButton *m_delete = nullptr;
    QPushButton *m_edit = nullptr;
    QPushButton *m_add = nullptr;
    QPushButton *m_merge = nullptr;
    QPushButton *m_export = nullptr;
    QPushButton *m_import = nullptr;
    QLabel *m_status = nullptr;
    CategoryDetailsWidget *m_details = nullptr;
    InjectionPreviewWidget *m_preview = nullptr;
};
