#include "runspanel.h"

#include "ui/widgets/diffstyle.h"
#include "domain/lockfiles.h"
#include "models/runlistmodel.h"
#include "models/session/runfiles.h"

#include <QAction>
#include <QBoxLayout>
#include <QDir>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLockFile>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QToolButton>

using namespace Qt::StringLiterals;

RunsPanel::RunsPanel(const QString &runsDirectory, RunListModel *model, QWidget *parent)
    : QWidget(parent)
    , m_dir(runsDirectory)
    , m_model(model ? model : new RunListModel(this))
{
    setObjectName(u"runsPanel"_s);
    setAccessibleName(tr("Run history"));
    if (!model)
        m_model->setDirectory(runsDirectory);

    // The filter matches the id, the status, the topic's name and description and why the run
    // stopped; Ctrl+F focuses it.
    m_filter = new QSortFilterProxyModel(this);
    m_filter->setObjectName(u"runsFilterModel"_s);
    m_filter->setSourceModel(m_model);
    m_filter->setFilterRole(RunListModel::SearchRole);
    m_filter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filterEdit = new QLineEdit(this);
    m_filterEdit->setObjectName(u"runsFilter"_s);
    m_filterEdit->setClearButtonEnabled(true);
    m_filterEdit->setPlaceholderText(tr("Filter by topic, description, status or run id"));
    m_filterEdit->setAccessibleName(tr("Filter runs"));
    connect(m_filterEdit, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_filter->setFilterFixedString(text.trimmed());
        updateActions();
    });

    m_view = new QTableView(this);
    m_view->setObjectName(u"runsView"_s);
    m_view->setAccessibleName(tr("Stored runs"));
    m_view->setModel(m_filter);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection); // several: Compare runs…
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->verticalHeader()->hide();
    QHeaderView *header = m_view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(RunListModel::TopicColumn, QHeaderView::Stretch);
    // Names run long: sized to them once per listing, at most about 32 characters.
    header->setSectionResizeMode(RunListModel::TopicNameColumn, QHeaderView::Interactive);
    header->setStretchLastSection(false);
    // Status, best coverage, iterations, usage, updated, topic name and description; the id last.
    const QList<int> order{RunListModel::StatusColumn,     RunListModel::BestColumn,
                           RunListModel::IterationsColumn, RunListModel::UsageColumn,
                           RunListModel::UpdatedColumn,    RunListModel::TopicNameColumn,
                           RunListModel::TopicColumn,      RunListModel::IdColumn};
    for (int visual = 0; visual < order.size(); ++visual)
        header->moveSection(header->visualIndex(order.at(visual)), visual);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);

    m_details = new QLabel(this);
    m_details->setObjectName(u"runDetails"_s);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_message = new QLabel(this);
    m_message->setObjectName(u"runsMessage"_s);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    createActions();

    auto *buttons = new QHBoxLayout;
    const QList<QPair<QAction *, QString>> bar{{m_open, u"openRunButton"_s},
                                               {m_resume, u"resumeRunButton"_s},
                                               {m_export, u"exportReportButton"_s},
                                               {m_compareRuns, u"compareRunsButton"_s},
                                               {m_delete, u"deleteRunButton"_s},
                                               {m_refresh, u"refreshRunsButton"_s}};
    for (const auto &[action, name] : bar) {
        auto *button = new QToolButton(this);
        button->setObjectName(name);
        button->setDefaultAction(action); // its text with its mnemonic: the action's icon text
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setAccessibleName(action->text().remove(u'&'));
        buttons->addWidget(button);
        if (action == m_delete)
            buttons->addStretch(1);
    }

    auto *filterLabel = new QLabel(tr("F&ilter:"), this);
    filterLabel->setBuddy(m_filterEdit);
    auto *filterRow = new QHBoxLayout;
    filterRow->addWidget(filterLabel);
    filterRow->addWidget(m_filterEdit, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addLayout(filterRow);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_details);
    layout->addWidget(m_message);

    m_view->installEventFilter(this); // the list's shortcuts win over the window's (Ctrl+R)
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &index) {
        emit openRequested(index.data(RunListModel::RunIdRole).toString());
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &RunsPanel::updateActions);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (const QString id = selectedRunId(); !id.isEmpty())
            m_lastSelected = id;
    });
    connect(m_filter, &QSortFilterProxyModel::modelReset, this, &RunsPanel::updateActions);
    connect(m_filter, &QSortFilterProxyModel::rowsRemoved, this, &RunsPanel::updateActions);
    connect(m_filter, &QSortFilterProxyModel::layoutChanged, this, &RunsPanel::updateActions);
    connect(m_model, &RunListModel::loaded, this, &RunsPanel::modelLoaded);
    updateActions();
    if (!model)
        m_model->reload();
}

RunsPanel::~RunsPanel() = default;

void RunsPanel::createActions()
{
    auto make = [this](const QString &text, const QKeySequence &key, const QString &name,
                       const QString &tip) {
        auto *a = new QAction(text, this);
        a->setObjectName(name);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        a->setToolTip(
            key.isEmpty() ? tip : tip + u" ("_s + key.toString(QKeySequence::NativeText) + u')');
        addAction(a);
        m_view->addAction(a);
        return a;
    };
    m_open = make(tr("&Open"), QKeySequence(tr("Ctrl+O")), u"openRunAction"_s,
                  tr("Show the run (also Enter or double-click)"));
    m_resume = make(tr("&Resume"), QKeySequence(tr("Ctrl+R")), u"resumeRunAction"_s,
                    tr("Continue the run where it stopped"));
    m_export = make(tr("&Export Report…"), QKeySequence(tr("Ctrl+E")), u"exportReportAction"_s,
                    tr("Save the run's report as HTML or JSON, its test results as CSV, or its topic as Terraform"));
    m_delete = make(tr("&Delete…"), QKeySequence(QKeySequence::Delete), u"deleteRunAction"_s,
                    tr("Delete the run file"));
    m_compareRuns = make(tr("&Compare Runs…"), QKeySequence(tr("Ctrl+Shift+C")), u"compareRunsAction"_s,
                         tr("Rank the selected runs' topics on one shared benchmark"));
    m_find = make(tr("&Find"), QKeySequence(QKeySequence::Find), u"findRunAction"_s,
                  tr("Filter the runs by topic, description, status or run id"));
    connect(m_find, &QAction::triggered, this, [this] {
        m_filterEdit->setFocus(Qt::ShortcutFocusReason);
        m_filterEdit->selectAll();
    });
    m_view->removeAction(m_find); // not a run's action: kept out of the context menu
    setFocusProxy(m_view); // the page's focus goes to the list: Home, Enter and the shortcuts work
    // No shortcut: the window's own Refresh (F5) would make it ambiguous; it can call refresh().
    m_refresh = make(tr("Re&fresh"), QKeySequence(), u"refreshRunsAction"_s,
                     tr("Read the run directory again"));
    // The buttons show the icon text: each with a mnemonic of its own (Alt+letter), on a letter
    // the window's menus and page tabs do not hold in English or German (Alt+O is Profile,
    // Alt+R the Run menu, Alt+D the German File menu, Alt+L the Live tab). Refresh keeps none:
    // F5 refreshes, and its letters are taken.
    m_open->setIconText(tr("Op&en", "Runs page button: a letter no menu or page tab holds"));
    m_resume->setIconText(tr("Re&sume", "Runs page button: a letter no menu or page tab holds"));
    m_export->setIconText(tr("E&xport Report…", "Runs page button: a letter no menu or page tab holds"));
    m_delete->setIconText(tr("Dele&te…", "Runs page button: a letter no menu or page tab holds"));
    m_refresh->setIconText(tr("Refresh", "Runs page button, without a mnemonic"));
    m_compareRuns->setIconText(tr("Compare Runs Side &by Side…", "Runs page button: a letter no menu, page tab or banner holds"));
    connect(m_compareRuns, &QAction::triggered, this, [this] {
        const QStringList ids = selectedRunIds();
        if (ids.size() >= 2)
            emit compareRequested(ids);
    });
    connect(m_open, &QAction::triggered, this, [this] {
        if (!selectedRunId().isEmpty())
            emit openRequested(selectedRunId());
    });
    connect(m_resume, &QAction::triggered, this, [this] {
        updateActions(); // the lock may have changed since the selection did
        if (m_resume->isEnabled())
            emit resumeRequested(selectedRunId());
    });
    connect(m_delete, &QAction::triggered, this, &RunsPanel::confirmDelete);
    connect(m_export, &QAction::triggered, this, &RunsPanel::chooseExportFile);
    connect(m_refresh, &QAction::triggered, this, &RunsPanel::refresh);
}

bool RunsPanel::eventFilter(QObject *watched, QEvent *event)
{
    // In the main window Ctrl+R is also Run: two enabled actions on one key are ambiguous and
    // Qt triggers neither. With the list focused, the list's own enabled action takes the key.
    const QEvent::Type type = event->type();
    if (watched == m_view && (type == QEvent::ShortcutOverride || type == QEvent::KeyPress)) {
        const QKeySequence pressed(static_cast<QKeyEvent *>(event)->keyCombination());
        for (QAction *action : {m_open, m_resume, m_export, m_delete, m_compareRuns}) {
            if (!action->isEnabled() || action->shortcut() != pressed)
                continue;
            if (type == QEvent::ShortcutOverride)
                event->accept(); // deliver it as a key press to the list instead
            else
                action->trigger();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void RunsPanel::setChartRenderer(ChartRenderer renderer)
{
    m_renderer = std::move(renderer);
}

QString RunsPanel::selectedRunId() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    return rows.size() != 1 ? QString() : rows.first().data(RunListModel::RunIdRole).toString();
}

QStringList RunsPanel::selectedRunIds() const
{
    QModelIndexList rows = m_view->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    QStringList ids;
    for (const QModelIndex &row : std::as_const(rows))
        ids.append(row.data(RunListModel::RunIdRole).toString());
    return ids;
}

QDateTime RunsPanel::updatedAt(const QString &runId) const
{
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex index = m_model->index(row, 0);
        if (index.data(RunListModel::RunIdRole).toString() == runId)
            return index.data(RunListModel::UpdatedRole).toDateTime();
    }
    return {};
}

void RunsPanel::selectRun(const QString &runId)
{
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex source = m_model->index(row, RunListModel::StatusColumn);
        if (source.data(RunListModel::RunIdRole).toString() == runId) {
            if (!m_filter->mapFromSource(source).isValid())
                m_filterEdit->clear(); // the run is hidden by the filter: show everything
            const QModelIndex index = m_filter->mapFromSource(source);
            m_view->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect |
                                                        QItemSelectionModel::Rows);
            m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::NoUpdate); // not by the keys held
            return;
        }
    }
}

void RunsPanel::refresh()
{
    m_model->reload();
}

void RunsPanel::modelLoaded()
{
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_deleted.contains(m_model->index(row, 0).data(RunListModel::RunIdRole).toString())) {
            m_model->reload(); // that listing started before the delete
            return;
        }
    }
    m_deleted.clear();
    selectWhenNone(); // a new listing has no selection: the last run selected, or the first
    m_view->resizeColumnToContents(RunListModel::TopicNameColumn);
    m_view->setColumnWidth(RunListModel::TopicNameColumn, std::min(m_view->columnWidth(RunListModel::TopicNameColumn),
                                                                    fontMetrics().averageCharWidth() * 32));
    const QStringList problems = m_model->problems();
    if (!problems.isEmpty()) {
        showMessage(tr("%n run file(s) could not be read.", nullptr, int(problems.size())), true);
        m_message->setToolTip(problems.join(u'\n'));
    }
    updateActions();
}

void RunsPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    selectWhenNone();
}

void RunsPanel::selectWhenNone()
{
    // Only on the page in sight (Ctrl+5): a listing while it is hidden is selected when it shows.
    if (!isVisible() || !m_view->selectionModel()->selectedRows().isEmpty() || m_filter->rowCount() == 0)
        return;
    if (!m_lastSelected.isEmpty())
        selectRun(m_lastSelected);
    if (m_view->selectionModel()->selectedRows().isEmpty()) {
        const QModelIndex first = m_filter->index(0, RunListModel::StatusColumn);
        m_view->selectionModel()->select(first, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // Not the view's setCurrentIndex: under extended selection, Ctrl held (Ctrl+5) would toggle it off.
        m_view->selectionModel()->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
    }
    m_view->scrollTo(m_view->currentIndex());
    if (!m_filterEdit->hasFocus())
        m_view->setFocus(Qt::OtherFocusReason); // Enter, Delete and the shortcuts act on it
}

bool RunsPanel::canResume(RunStatus status)
{
    return status == RunStatus::Paused || status == RunStatus::Failed ||
           status == RunStatus::Cancelled || status == RunStatus::Running;
}

bool RunsPanel::isLockedByAnotherProcess(const QString &runId) const
{
    const QString path = QDir(m_dir).filePath(runId + u".lock"_s);
    if (!QFile::exists(path))
        return false;
    QLockFile lock(path);
    if (LockFiles::tryLock(lock)) { // stale only when its process is gone, as the run sets it
        lock.unlock();
        return false;
    }
    return lock.error() == QLockFile::LockFailedError;
}

void RunsPanel::updateActions()
{
    const QString id = selectedRunId();
    const bool selected = !id.isEmpty();
    m_open->setEnabled(selected);
    m_export->setEnabled(selected);
    m_delete->setEnabled(selected);
    bool resumable = false;
    QString why;
    if (selected) {
        const QModelIndexList rows = m_view->selectionModel()->selectedRows();
        const auto status =
            runStatusFromName(rows.first().data(RunListModel::StatusRole).toString());
        const bool locked = isLockedByAnotherProcess(id);
        resumable = status && canResume(*status) && !locked;
        if (locked)
            why = tr("This run is being driven right now; it cannot be resumed or deleted here.");
        else if (status == RunStatus::Completed)
            why = tr("Completed runs cannot be resumed.");
        m_delete->setEnabled(!locked);
    }
    m_resume->setEnabled(resumable);
    const int count = int(m_view->selectionModel()->selectedRows().size());
    m_compareRuns->setEnabled(count >= 2);
    const QString compareKey = m_compareRuns->shortcut().toString(QKeySequence::NativeText);
    m_compareRuns->setToolTip(count >= 2 ? tr("Rank the %n selected runs' topics on one shared benchmark (%1)", nullptr, count).arg(compareKey)
                                         : tr("Select two or more runs (Ctrl+click or Shift+click) to compare their topics on one "
                                              "benchmark (%1)").arg(compareKey));
    updateDetails();
    m_resume->setToolTip(why.isEmpty()
                             ? tr("Continue the run where it stopped (%1)")
                                   .arg(m_resume->shortcut().toString(QKeySequence::NativeText))
                             : why);
}

void RunsPanel::updateDetails()
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.size() > 1) {
        m_details->setText(tr("%n runs selected: Compare Runs Side by Side… ranks their topics on the prompts they share.", nullptr,
                              int(rows.size())));
        return;
    }
    if (rows.isEmpty()) {
        m_details->setText(m_filter->rowCount() == 0 && m_model->rowCount() > 0
                               ? tr("No run matches “%1”.").arg(m_filterEdit->text().trimmed())
                               : QString());
        return;
    }
    const QModelIndex status = rows.first().siblingAtColumn(RunListModel::StatusColumn);
    const QString reason = status.data(Qt::ToolTipRole).toString();
    const QString name = rows.first().siblingAtColumn(RunListModel::TopicNameColumn).data().toString();
    //: The selected run: %1 its id, %2 the topic's name, %3 its status.
    QString text = tr("Run %1, “%2”: %3").arg(rows.first().data(RunListModel::RunIdRole).toString(), name,
                                              status.data().toString());
    if (!reason.isEmpty() && reason.compare(status.data().toString(), Qt::CaseInsensitive) != 0)
        text += u" — "_s + reason; // "paused — paused" says nothing twice
    if (const QString usage = rows.first().data(RunListModel::UsageRole).toString(); !usage.isEmpty())
        text += u"\n"_s + usage;
    m_details->setText(text);
}

void RunsPanel::showMessage(const QString &text, bool error)
{
    const DiffStyle style = DiffStyle::from(palette());
    m_message->setText(error ? u"<span style=\"color:%1\">%2</span>"_s.arg(style.worse.name(),
                                                                           text.toHtmlEscaped())
                             : text.toHtmlEscaped());
    m_message->setToolTip(QString());
}

void RunsPanel::confirmDelete()
{
    const QString id = selectedRunId();
    if (id.isEmpty())
        return;
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    const QString topic = rows.first().siblingAtColumn(RunListModel::TopicColumn).data().toString();
    auto *box =
        new QMessageBox(QMessageBox::Warning, tr("Delete Run"),
                        tr("Delete run %1?\n\n“%2”").arg(id, topic), QMessageBox::NoButton, this);
    box->setObjectName(u"deleteRunConfirm"_s);
    box->setTextFormat(Qt::PlainText); // the topic is the user's text, shown as typed
    box->setInformativeText(tr("The run file is removed from %1. This cannot be undone.")
                                .arg(QDir::toNativeSeparators(m_dir)));
    QPushButton *confirm = box->addButton(tr("&Delete"), QMessageBox::DestructiveRole);
    confirm->setObjectName(u"confirmDeleteButton"_s);
    QPushButton *cancel = box->addButton(QMessageBox::Cancel);
    cancel->setObjectName(u"cancelDeleteButton"_s);
    box->setDefaultButton(cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, confirm, id] {
        if (box->clickedButton() != confirm)
            return;
        const QString error = deleteRun(id);
        if (!error.isEmpty())
            showMessage(error, true);
    });
    box->open();
}

QString RunsPanel::deleteRun(const QString &runId)
{
    if (isLockedByAnotherProcess(runId))
        return tr("Run %1 is being driven right now; stop it before deleting it.").arg(runId);
    const QString error = RunFiles::remove(m_dir, runId);
    if (!error.isEmpty())
        return error;
    m_deleted.insert(runId);
    showMessage(tr("Deleted run %1.").arg(runId));
    emit runDeleted(runId);
    m_model->reload();
    return {};
}
