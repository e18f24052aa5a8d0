#pragma once

#include <QMainWindow>

class ComparePanel;
class EfficacyChartView;
class LiveRunPanel;
class MemoryBrowserPanel;
class NewRunPanel;
class QAction;
class QLabel;
class QTabWidget;
class RunsPanel;
class StudioContext;

// The main window delegates: each tab is a panel over the StudioContext's RunSession
// (new run, live run, charts, compare, runs); the window owns the actions and shortcuts.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)
public:
    enum Page { NewRunPage, LivePage, ChartsPage, ComparePage, RunsPage, MemoryPage };

    explicit MainWindow(StudioContext *context, QWidget *parent = nullptr);
    ~MainWindow() override;

    StudioContext *context() const { return m_context; }
    void showPage(Page page);
    // Offers the built-in sandbox when no account is configured (first launch).
    void offerSandboxIfNeeded();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void updateActions();
    void updateTitle();
    // The Runs and Memory pages show the current mode's data: the sandbox's own runs and
    // learnings (labelled as such) while the sandbox is active, else the real ones. A page
    // is rebuilt when its directory changed.
    void showDataOfCurrentMode();
    void replacePage(Page page, QWidget *old, QWidget *replacement);
    void updateDataBanner();
    void applyInjectorDefaults();
    void startRun();
    void resumeRun(const QString &runId);
    void openRun(const QString &runId);
    void openSettings();
    void showError(const QString &title, const QString &message);

    StudioContext *m_context;
    QTabWidget *m_tabs;
    NewRunPanel *m_newRun;
    LiveRunPanel *m_live;
    EfficacyChartView *m_charts;
    ComparePanel *m_compare;
    RunsPanel *m_runs = nullptr;
    MemoryBrowserPanel *m_memory = nullptr;
    QString m_runsDir;
    QString m_memoryDir;
    QLabel *m_dataBanner;
    QLabel *m_status;
    QAction *m_runAction = nullptr;
    QAction *m_pauseAction = nullptr;
    QAction *m_cancelAction = nullptr;
    QAction *m_resumeAction = nullptr;
    QAction *m_addPromptsAction = nullptr;
};
