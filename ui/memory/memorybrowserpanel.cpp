#include "memorybrowserpanel.h"

#include "categorydetailswidget.h"
#include "flowlayout.h"
#include "injectionpreviewwidget.h"
#include "models/memory/categorylistmodel.h"
#include "models/memory/learningtablemodel.h"
#include "models/memory/memoryundo.h"
#include "models/memory/memorywatcher.h"

#include <QAction>
#include <QApplication>
#include <QBoxLayout>
#include <QHeaderView>

#include <algorithm>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QUndoStack>

using namespace Qt::StringLiterals;

MemoryBrowserPanel::MemoryBrowserPanel(const QString &memoryDir, QWidget *parent)
    : QWidget(parent)
    , m_store(memoryDir)
    , m_categories(new CategoryListModel(m_store, this))
    , m_categoryFilter(new QSortFilterProxyModel(this))
    , m_learnings(new LearningTableModel(m_store, this))
    , m_learningFilter(new QSortFilterProxyModel(this))
    , m_watcher(new MemoryWatcher(memoryDir, this))
    , m_undo(new MemoryUndo(m_store, this))
{
    setObjectName(u"memoryBrowserPanel"_s);
    setAccessibleName(tr("Memory"));
    // Edits run on the GUI thread: wait for another writer's lock briefly and say so, rather
    // than freeze the window for the command line's 120 s.
    m_store.setLockTimeout(GuiLockTimeoutMs);
    m_categoryFilter->setSourceModel(m_categories);
    m_categoryFilter->setFilterRole(CategoryListModel::SearchRole);
    m_categoryFilter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_learningFilter->setSourceModel(m_learnings);
    m_learningFilter->setSortRole(LearningTableModel::SortRole);
    m_learningFilter->setFilterRole(LearningTableModel::SearchRole);
    m_learningFilter->setFilterKeyColumn(LearningTableModel::InsightColumn);
    m_learningFilter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_learnings->setUndo(m_undo);

    m_preview = new InjectionPreviewWidget(m_store, this);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"memoryTabs"_s);
    m_tabs->addTab(buildBrowser(), tr("Learnin&gs"));
    m_tabs->addTab(m_preview, tr("Injection previe&w"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs);

    QAction *undo = undoStack()->createUndoAction(this, tr("Undo"));
    undo->setObjectName(u"undoMemory"_s);
    undo->setShortcut(QKeySequence::Undo);
    undo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    QAction *redo = undoStack()->createRedoAction(this, tr("Redo"));
    redo->setObjectName(u"redoMemory"_s);
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    if (const QKeySequence ctrlShiftZ(Qt::CTRL | Qt::SHIFT | Qt::Key_Z); !redoKeys.contains(ctrlShiftZ))
        redoKeys.prepend(ctrlShiftZ); // some platforms bind only Ctrl+Y
    redo->setShortcuts(redoKeys);
    redo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(undo);
    addAction(redo);
    auto *undoButton = findChild<QToolButton *>(u"undoButton"_s);
    auto *redoButton = findChild<QToolButton *>(u"redoButton"_s);
    undoButton->setDefaultAction(undo);
    redoButton->setDefaultAction(redo);

    connect(undoStack(), &QUndoStack::indexChanged, this, [this](int index) {
        refresh();
        // Say what was undone or redone: the message of the edit itself no longer holds
        // (issue 40: "now an anti-pattern" stayed after Undo). A new edit's own message comes
        // right after this and replaces it.
        if (index < m_undoIndex)
            report(tr("Undone: %1").arg(undoStack()->text(index)));
        else if (index > m_undoIndex)
            report(tr("Redone: %1").arg(undoStack()->text(index - 1)));
        m_undoIndex = index;
        emit memoryChanged();
    });
    connect(m_undo, &MemoryUndo::failed, this, [this](const QString &message) {
        report(message, true);
        refresh();
    });
    connect(m_watcher, &MemoryWatcher::changed, this, &MemoryBrowserPanel::refresh);
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_categoryFilter->setFilterFixedString(text.trimmed());
        m_learningFilter->setFilterFixedString(text.trimmed());
        if (!m_categoryView->currentIndex().isValid() && m_categoryFilter->rowCount() > 0)
            m_categoryView->setCurrentIndex(m_categoryFilter->index(0, 0));
    });
    connect(m_categoryView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MemoryBrowserPanel::onCategoryChanged);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &MemoryBrowserPanel::updateButtons);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MemoryBrowserPanel::updateButtons);
    connect(m_learnings, &LearningTableModel::edited, this, [this] {
        report(tr("Saved."));
        refresh();
        emit memoryChanged();
    });
    connect(m_learnings, &LearningTableModel::editFailed, this,
            [this](const QString &message) { report(message, true); });
    connect(m_details, &CategoryDetailsWidget::changed, this, [this] {
        report(tr("Anti-patterns saved."));
        refresh();
        emit memoryChanged();
    });
    connect(m_details, &CategoryDetailsWidget::failed, this,
            [this](const QString &message) { report(message, true); });
    connect(m_details, &CategoryDetailsWidget::seedRequested, this,
            &MemoryBrowserPanel::seedRequested);

    if (m_categoryFilter->rowCount() > 0)
        m_categoryView->setCurrentIndex(m_categoryFilter->index(0, 0));
    updateDetails();
}

QUndoStack *MemoryBrowserPanel::undoStack() const
{
    return m_undo->stack();
}

MemoryBrowserPanel::~MemoryBrowserPanel()
{
    // The stack clears itself (emitting indexChanged) after m_store is gone: stop listening.
    disconnect(undoStack(), nullptr, this, nullptr);
    disconnect(m_undo, nullptr, this, nullptr);
    disconnect(m_watcher, nullptr, this, nullptr);
}

QWidget *MemoryBrowserPanel::buildBrowser()
{
    auto *page = new QWidget(this);
    m_search = new QLineEdit(page);
    m_search->setObjectName(u"memorySearch"_s);
    m_search->setPlaceholderText(tr("Search categories and learnings"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search"));
    m_categoryView = new QListView(page);
    m_categoryView->setObjectName(u"memoryCategories"_s);
    m_categoryView->setAccessibleName(tr("Categories"));
    m_categoryView->setModel(m_categoryFilter);
    m_categoryView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_categoryView->setMinimumWidth(m_categoryView->fontMetrics().averageCharWidth() * 16);
    // A category is shown by what it is about, in a person's words, which run long: wrapped,
    // not elided (the tooltip has the file's key).
    m_categoryView->setWordWrap(true);
    m_categoryView->setUniformItemSizes(false);
    m_categoryView->setSpacing(2);
    m_categoryView->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *left = new QWidget(page);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_search);
    leftLayout->addWidget(m_categoryView);
    m_export = new QPushButton(tr("E&xport…"), left);
    m_export->setObjectName(u"exportMemory"_s);
    m_export->setToolTip(tr("Write learnings and anti-patterns to a bundle file to share"));
    auto *exportMenu = new QMenu(m_export);
    QAction *exportAll = exportMenu->addAction(tr("All categories…"));
    exportAll->setObjectName(u"exportAllCategories"_s);
    QAction *exportOne = exportMenu->addAction(tr("This category…"));
    exportOne->setObjectName(u"exportThisCategory"_s);
    m_export->setMenu(exportMenu);
    m_import = new QPushButton(tr("Impor&t…"), left);
    m_import->setObjectName(u"importMemory"_s);
    m_import->setToolTip(tr("Merge a bundle into this memory; you see what it adds, "
                            "corroborates and skips first"));
    auto *bundleButtons = new FlowLayout; // two lines when the pane is narrow
    bundleButtons->addWidget(m_export);
    bundleButtons->addWidget(m_import);
    leftLayout->addLayout(bundleButtons);
    connect(exportAll, &QAction::triggered, this, [this] { promptExport(true); });
    connect(exportOne, &QAction::triggered, this, [this] { promptExport(false); });
    connect(m_import, &QPushButton::clicked, this, &MemoryBrowserPanel::promptImport);

    m_table = new QTableView(page);
    m_table->setObjectName(u"learningsView"_s);
    m_table->setAccessibleName(tr("Learnings"));
    m_table->setModel(m_learningFilter);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // file order until a header is clicked
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // A double-click opens the whole learning in its form (Edit…); F2 or Return edits the cell.
    m_table->setEditTriggers(QAbstractItemView::EditKeyPressed);
    connect(m_table, &QAbstractItemView::doubleClicked, this, [this] { promptEdit(); });
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    QHeaderView *header = m_table->horizontalHeader();
    // Sized by fitColumns(): the compact columns to their contents, the insight to what is left
    // of the view so the confidence is always in sight. Long text is elided; its tooltip has it.
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->resizeSection(LearningTableModel::StrategyColumn, m_table->fontMetrics().averageCharWidth() * 30);
    header->setStretchLastSection(true);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->installEventFilter(this);

    const auto button = [page](const QString &name, const QString &text, const QString &tip) {
        auto *b = new QPushButton(text, page);
        b->setObjectName(name);
        b->setToolTip(tip);
        return b;
    };
    m_confirm = button(u"confirmLearning"_s, tr("Conf&irm"), tr("Raise the confidence by 0.1"));
    m_reject = button(u"rejectLearning"_s, tr("Reject"),
                      tr("Lower the confidence by 0.15; below 0.15 the learning becomes an "
                         "anti-pattern"));
    m_approve = button(u"approveLearning"_s, tr("Approve"), tr("Make a pending learning active"));
    m_delete = button(u"deleteLearning"_s, tr("Delete"), tr("Delete the learning"));
    m_edit = button(u"editLearning"_s, tr("&Edit…"),
                    tr("Read and edit the whole learning: insight, strategy, outcome, tags"));
    m_add = button(u"addLearning"_s, tr("A&dd…"), tr("Write a learning by hand"));
    m_merge = button(u"mergeLearnings"_s, tr("Merge"),
                     tr("Merge the two selected learnings: the current one absorbs the other"));
    auto *undoButton = new QToolButton(page);
    undoButton->setObjectName(u"undoButton"_s);
    auto *redoButton = new QToolButton(page);
    redoButton->setObjectName(u"redoButton"_s);
    // Wraps onto a second line rather than widen the window (German, a 1.5 scale factor).
    auto *buttons = new FlowLayout;
    for (QWidget *w : std::initializer_list<QWidget *>{m_edit, m_confirm, m_reject, m_approve,
                                                       m_delete, m_add, m_merge, undoButton,
                                                       redoButton})
        buttons->addWidget(w);
    buttons->setRightAlignedFrom(7); // undo and redo
    m_status = new QLabel(page);
    m_status->setObjectName(u"memoryStatus"_s);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_details = new CategoryDetailsWidget(m_store, page);
    m_details->setUndo(m_undo);
    auto *top = new QWidget(page);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addLayout(buttons);
    topLayout->addWidget(m_table, 1);
    topLayout->addWidget(m_status);
    auto *right = new QSplitter(Qt::Vertical, page);
    right->addWidget(top);
    right->addWidget(m_details);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    right->setSizes({440, 300}); // room for the best-known topic's metrics
    auto *split = new QSplitter(Qt::Horizontal, page);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({200, 1000}); // the learnings' insight gets the width
    auto *layout = new QVBoxLayout(page);
    layout->addWidget(split);

    connect(m_confirm, &QPushButton::clicked, this, &MemoryBrowserPanel::confirmCurrent);
    connect(m_reject, &QPushButton::clicked, this, &MemoryBrowserPanel::rejectCurrent);
    connect(m_approve, &QPushButton::clicked, this, &MemoryBrowserPanel::approveCurrent);
    connect(m_delete, &QPushButton::clicked, this, &MemoryBrowserPanel::deleteCurrent);
    connect(m_add, &QPushButton::clicked, this, &MemoryBrowserPanel::promptAdd);
    connect(m_edit, &QPushButton::clicked, this, &MemoryBrowserPanel::promptEdit);
    connect(m_merge, &QPushButton::clicked, this, &MemoryBrowserPanel::promptMerge);
    return page;
}

void MemoryBrowserPanel::setInjectorDefaults(int maxChars, double halfLifeDays)
{
    m_learnings->setDecay(halfLifeDays);
    m_preview->setHalfLifeDays(halfLifeDays);
    m_preview->setBudget(maxChars);
}

void MemoryBrowserPanel::showPreview()
{
    m_tabs->setCurrentWidget(m_preview);
}

void MemoryBrowserPanel::refresh()
{
    const QString key = currentCategory();
    const QString id = currentLearningId();
    m_categories->refresh();
    // The category shown stays; gone, or none shown yet (the first learnings of a first run
    // arrived while the page was open), the first one is (issue 40: an empty table instead).
    if ((key.isEmpty() || !selectCategory(key)) && m_categoryFilter->rowCount() > 0)
        m_categoryView->setCurrentIndex(m_categoryFilter->index(0, 0));
    m_learnings->reload();
    if (!id.isEmpty() && currentLearningId() != id)
        selectLearning(id);
    updateDetails();
    m_preview->refresh();
}

bool MemoryBrowserPanel::selectCategory(const QString &key)
{
    const int row = m_categories->rowOf(key);
    const QModelIndex index = m_categoryFilter->mapFromSource(m_categories->index(row));
    if (!index.isValid())
        return false;
    if (m_categoryView->currentIndex() != index)
        m_categoryView->setCurrentIndex(index);
    return true;
}

QString MemoryBrowserPanel::currentCategory() const
{
    return m_categoryView->currentIndex().data(CategoryListModel::KeyRole).toString();
}

bool MemoryBrowserPanel::selectLearning(const QString &id)
{
    const int row = m_learnings->rowOf(id);
    const QModelIndex index = m_learningFilter->mapFromSource(m_learnings->index(row, 0));
    if (!index.isValid())
        return false;
    m_table->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(index);
    return true;
}

QString MemoryBrowserPanel::currentLearningId() const
{
    return m_table->currentIndex().data(LearningTableModel::IdRole).toString();
}

QStringList MemoryBrowserPanel::selectedLearningIds() const
{
    QStringList ids;
    for (const QModelIndex &i : m_table->selectionModel()->selectedRows())
        ids.append(i.data(LearningTableModel::IdRole).toString());
    return ids;
}

void MemoryBrowserPanel::fitColumns()
{
    using L = LearningTableModel;
    for (int column : {L::ConfidenceColumn, L::SeenColumn, L::RecalledColumn, L::OutcomeColumn, L::ChangeTypeColumn,
                       L::TypeColumn, L::StatusColumn, L::ExtractedColumn})
        m_table->resizeColumnToContents(column); // the header's text included
    QHeaderView *header = m_table->horizontalHeader();
    const int chars = m_table->fontMetrics().averageCharWidth();
    const int compact = header->sectionSize(L::ConfidenceColumn) + header->sectionSize(L::SeenColumn)
                        + header->sectionSize(L::RecalledColumn);
    header->resizeSection(L::InsightColumn, std::clamp(m_table->viewport()->width() - compact, chars * 20, chars * 60));
}

void MemoryBrowserPanel::onCategoryChanged()
{
    m_learnings->setCategory(currentCategory());
    fitColumns();
    if (m_learningFilter->rowCount() > 0 && !m_table->currentIndex().isValid())
        m_table->selectionModel()->setCurrentIndex(
            m_learningFilter->index(0, 0),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    updateDetails();
}

void MemoryBrowserPanel::updateDetails()
{
    m_details->setCategory(currentCategory(), m_learnings->memory());
    if (!m_learnings->loadError().isEmpty())
        report(m_learnings->loadError(), true);
    updateButtons();
}

bool MemoryBrowserPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table && event->type() == QEvent::Resize)
        fitColumns();
    // An editor's keys (the Return that commits it) propagate to the table: leave them alone.
    if (watched == m_table && event->type() == QEvent::KeyPress &&
        QApplication::focusWidget() == m_table) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) &&
            m_table->currentIndex().isValid()) {
            m_table->edit(m_table->currentIndex());
            return true;
        }
        if (key->matches(QKeySequence::Delete) && m_table->currentIndex().isValid()) {
            deleteCurrent();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}
