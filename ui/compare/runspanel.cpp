#include "runspanel.h"

#include "diffstyle.h"
#include "models/compare/efficacychartimage.h"
#include "models/compare/reportexport.h"
#include "models/runlistmodel.h"
#include "runs/runstore.h"

#include <QAction>
#include <QBoxLayout>
#include <QDir>
#include <QFileDialog>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLockFile>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QToolButton>
#include <QtConcurrent/QtConcurrentRun>

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

    m_view = new QTableView(this);
    m_view->setObjectName(u"runsView"_s);
    m_view->setAccessibleName(tr("Stored runs"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    QHeaderView *header = m_view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(RunListModel::TopicColumn, QHeaderView::Stretch);
    header->setStretchLastSection(false);
    // Status, best coverage, iterations, updated, topic; the id last.
    const QList<int> order{RunListModel::StatusColumn,     RunListModel::BestColumn,
                           RunListModel::IterationsColumn, RunListModel::UpdatedColumn,
                           RunListModel::TopicColumn,      RunListModel::IdColumn};
    for (int visual = 0; visual < order.size(); ++visual)
        header->moveSection(header->visualIndex(order.at(visual)), visual);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);

    m_message = new QLabel(this);
    m_message->setObjectName(u"runsMessage"_s);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    createActions();

    auto *buttons = new QHBoxLayout;
    const QList<QPair<QAction *, QString>> bar{{m_open, u"openRunButton"_s},
                                               {m_resume, u"resumeRunButton"_s},
                                               {m_export, u"exportReportButton"_s},
                                               {m_delete, u"deleteRunButton"_s},
                                               {m_refresh, u"refreshRunsButton"_s}};
    for (const auto &[action, name] : bar) {
        auto *button = new QToolButton(this);
        button->setObjectName(name);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setAccessibleName(action->text().remove(u'&'));
        buttons->addWidget(button);
        if (action == m_delete)
            buttons->addStretch(1);
    }

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_message);

    m_view->installEventFilter(this); // the list's shortcuts win over the window's (Ctrl+R)
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &index) {
        emit openRequested(index.data(RunListModel::RunIdRole).toString());
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &RunsPanel::updateActions);
    connect(m_model, &RunListModel::modelReset, this, &RunsPanel::updateActions);
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
                    tr("Save the run's report as HTML or JSON, or its test results as CSV"));
    m_delete = make(tr("&Delete…"), QKeySequence(QKeySequence::Delete), u"deleteRunAction"_s,
                    tr("Delete the run file"));
    // No shortcut: the window's own Refresh (F5) would make it ambiguous; it can call refresh().
    m_refresh = make(tr("Re&fresh"), QKeySequence(), u"refreshRunsAction"_s,
                     tr("Read the run directory again"));
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
        for (QAction *action : {m_open, m_resume, m_export, m_delete}) {
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
    return rows.isEmpty() ? QString() : rows.first().data(RunListModel::RunIdRole).toString();
}

void RunsPanel::selectRun(const QString &runId)
{
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex index = m_model->index(row, RunListModel::StatusColumn);
        if (index.data(RunListModel::RunIdRole).toString() == runId) {
            m_view->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect |
                                                        QItemSelectionModel::Rows);
            m_view->setCurrentIndex(index);
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
    const QStringList problems = m_model->problems();
    if (!problems.isEmpty()) {
        showMessage(tr("%n run file(s) could not be read.", nullptr, int(problems.size())), true);
        m_message->setToolTip(problems.join(u'\n'));
    }
    updateActions();
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
    lock.setStaleLockTime(0); // stale only when its process is gone, as the run sets it
    if (lock.tryLock(0)) {
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
    m_resume->setToolTip(why.isEmpty()
                             ? tr("Continue the run where it stopped (%1)")
                                   .arg(m_resume->shortcut().toString(QKeySequence::NativeText))
                             : why);
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
    const QString topic =
        m_model->index(rows.first().row(), RunListModel::TopicColumn).data().toString();
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
    const QString error = RunStore(m_dir).remove(runId);
    if (!error.isEmpty())
        return error;
    m_deleted.insert(runId);
    showMessage(tr("Deleted run %1.").arg(runId));
    emit runDeleted(runId);
    m_model->reload();
    return {};
}

void RunsPanel::chooseExportFile()
{
    const QString id = selectedRunId();
    if (id.isEmpty())
        return;
    if (m_lastExportDir.isEmpty())
        m_lastExportDir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    auto *dialog = new QFileDialog(this, tr("Export Report"), m_lastExportDir);
    dialog->setObjectName(u"exportReportDialog"_s);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setFileMode(QFileDialog::AnyFile);
    const QString html = tr("HTML report (*.html)");
    const QString json = tr("JSON report (*.json)");
    const QString csv = tr("Test results as CSV (*.csv)");
    dialog->setNameFilters({html, json, csv});
    dialog->setDefaultSuffix(u"html"_s);
    dialog->selectFile(ReportExport::defaultFileName(id, ReportExport::Format::Html));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::filterSelected, dialog,
            [dialog, json, csv, id](const QString &filter) {
                const ReportExport::Format format = filter == json ? ReportExport::Format::Json
                                                    : filter == csv ? ReportExport::Format::Csv
                                                                    : ReportExport::Format::Html;
                const QString name = ReportExport::defaultFileName(id, format);
                dialog->setDefaultSuffix(QFileInfo(name).suffix());
                dialog->selectFile(name);
            });
    connect(dialog, &QFileDialog::fileSelected, this, [this, id](const QString &path) {
        m_lastExportDir = QFileInfo(path).absolutePath();
        exportReport(id, path);
    });
    dialog->open();
}

void RunsPanel::exportReport(const QString &runId, const QString &path)
{
    showMessage(tr("Exporting the report of run %1…").arg(runId));
    const QString dir = m_dir;
    auto *loading = new QFutureWatcher<RunStore::Loaded>(this);
    connect(loading, &QFutureWatcher<RunStore::Loaded>::finished, this, [this, loading, path] {
        loading->deleteLater();
        const RunStore::Loaded loaded = loading->result();
        if (!loaded.ok()) {
            showMessage(loaded.error, true);
            emit exportFailed(loaded.error);
            return;
        }
        const ReportExport::Format format = ReportExport::formatForPath(path);
        QImage chart;
        if (format == ReportExport::Format::Html)
            chart = m_renderer ? m_renderer(loaded.run) : EfficacyChartImage::render(loaded.run);
        auto *writing = new QFutureWatcher<QString>(this);
        connect(writing, &QFutureWatcher<QString>::finished, this, [this, writing, path] {
            writing->deleteLater();
            const QString error = writing->result();
            if (!error.isEmpty()) {
                showMessage(error, true);
                emit exportFailed(error);
                return;
            }
            showMessage(tr("Report saved to %1").arg(QDir::toNativeSeparators(path)));
            emit reportExported(path);
        });
        writing->setFuture(QtConcurrent::run([run = loaded.run, chart, format, path] {
            return ReportExport::exportTo(run, chart, format, path,
                                          QDateTime::currentDateTimeUtc());
        }));
    });
    loading->setFuture(QtConcurrent::run([dir, runId] { return RunStore(dir).load(runId); }));
}
