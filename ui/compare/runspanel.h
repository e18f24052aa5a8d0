#pragma once

#include "domain/runstate.h"

#include <QDateTime>
#include <QImage>
#include <QPointer>
#include <QSet>
#include <QWidget>

#include <functional>

class QAction;
class QLabel;
class QLineEdit;
class QMessageBox;
class QSortFilterProxyModel;
class QTableView;
class QToolButton;
class RunListModel;

// The stored runs (status, best coverage, iterations, updated, topic name and description; a
// filter over them, Ctrl+F; the selected run's stop reason below the list) with Open, Resume,
// Delete and Export report… (HTML, JSON or test results as CSV) as buttons, context-menu entries and shortcuts (Enter,
// double-click or Ctrl+O opens, Ctrl+R resumes, Delete deletes, Ctrl+E exports); those act on
// one run. Several runs can be selected (Ctrl/Shift+click): Compare runs… (Ctrl+Shift+C) asks
// to compare them on one benchmark (issue 61). Disk work (loading a run, writing a report)
// runs on a pool thread.
class RunsPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunsPanel)
public:
    // Renders the efficacy chart embedded in HTML reports, on the GUI thread. The default
    // draws EfficacyChartImage; the window may pass one that grabs its chart view instead.
    using ChartRenderer = std::function<QImage(const RunState &)>;

    // `model` may be shared with the window (not owned); without one the panel makes its own.
    explicit RunsPanel(const QString &runsDirectory, RunListModel *model = nullptr,
                       QWidget *parent = nullptr);
    ~RunsPanel() override;

    RunListModel *model() const { return m_model; }
    QSortFilterProxyModel *filterModel() const { return m_filter; } // what the view shows
    void setChartRenderer(ChartRenderer renderer);

    QString selectedRunId() const; // the one selected run; empty with none or several
    QStringList selectedRunIds() const; // in the list's order
    QDateTime updatedAt(const QString &runId) const; // of a listed run; invalid when not listed
    void selectRun(const QString &runId);
    void refresh();

    // What the actions do, without the dialogs (also for scripts and tests).
    QString deleteRun(const QString &runId);                      // error message, or empty
    void exportReport(const QString &runId, const QString &path); // format from the extension
    bool isLockedByAnotherProcess(const QString &runId) const;
    static bool canResume(RunStatus status);

signals:
    void openRequested(const QString &runId);
    void resumeRequested(const QString &runId);
    void compareRequested(const QStringList &runIds); // two or more
    void runDeleted(const QString &runId);
    void reportExported(const QString &path);
    void exportFailed(const QString &message);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void showEvent(QShowEvent *event) override; // selects a run when none is

private:
    void createActions();
    void updateActions();
    void confirmDelete();
    void chooseExportFile();
    void updateDetails();
    void showMessage(const QString &text, bool error = false);
    void modelLoaded();
    void selectWhenNone(); // the run selected last, or the first, with the keyboard in the list

    QString m_dir;
    RunListModel *m_model;
    ChartRenderer m_renderer;
    QSet<QString> m_deleted; // removed ids a reload in flight may still list
    QString m_lastExportDir;
    QString m_lastSelected; // the run selected last, selected again after a new listing

    QSortFilterProxyModel *m_filter = nullptr;
    QLineEdit *m_filterEdit = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_details = nullptr;
    QLabel *m_message = nullptr;
    QAction *m_open = nullptr;
    QAction *m_resume = nullptr;
    QAction *m_delete = nullptr;
    QAction *m_export = nullptr;
    QAction *m_refresh = nullptr;
    QAction *m_find = nullptr;
    QAction *m_compareRuns = nullptr;
};
