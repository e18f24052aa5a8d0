#pragma once

#include <QEvent>
#include <QMainWindow>
#include <QPointer>

class CrossRunWindow;

#include <memory>

class ComparePanel;
class EfficacyChartView;
class LiveRunPanel;
class MemoryBrowserPanel;
class NewRunPanel;
class QAction;
class QLabel;
class QTabWidget;
class QDialog;
class RunsPanel;
class SandboxBanner;
class SandboxSwitcher;
class StudioContext;
class WindowSettings;

// The main window delegates: each tab is a panel over the StudioContext's RunSession
// (new run, live run, charts, compare, runs); the window owns the actions and shortcuts.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)
public:
    enum Page { NewRunPage, LivePage, ChartsPage, ComparePage, RunsPage, MemoryPage, ProfilePage };

    explicit MainWindow(StudioContext *context, QWidget *parent = nullptr);
    ~MainWindow() override;

    StudioContext *context() const { return m_context; }
    void showPage(Page page);
    // Offers the built-in sandbox when no account is configured (first launch), unless the
    // person dismissed that welcome before.
    void offerSandboxIfNeeded();
    // Says on New run that the newest paused or interrupted run of these runs can be resumed.
    void offerUnfinishedRun(RunsPanel *runs);
    // Switches the sandbox on as File ▸ Use the sandbox does (remembered for the next launch).
    bool enterSandbox();
    WindowSettings *windowSettings() const { return m_windowSettings.get(); }
    // Runs ▸ Compare runs… (issue 61): a window ranking these runs' topics on one benchmark
    // (mainwindowcompareruns.cpp). The last one opened, while it is open.
    CrossRunWindow *compareRuns(const QStringList &runIds);
    CrossRunWindow *crossRunWindow() const;

protected:
    void closeEvent(QCloseEvent *event) override;
    void customEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    // Ctrl+1…7 (View): the page shown takes the keyboard focus (its focus proxy when it has
    // one, else its first control that takes Tab, unless the focus is in it already), so its
    // own shortcuts work at once.
    void focusCurrentPage();
    static const QEvent::Type ShowLivePageEvent; // posted by startRun()
    bool m_pagesWarmed = false;
    void createActions();
    void updateActions();
    void updateTitle();
    // The Runs and Memory pages show the current mode's data: the sandbox's own runs and
    // learnings (labelled as such) while the sandbox is active, else the real ones. A page
    // is rebuilt when its directory changed.
    void showDataOfCurrentMode();
    void replacePage(Page page, QWidget *old, QWidget *replacement);
    void applyInitialGeometry();
    void listProfiles(); // the New run form says it is waiting for the answer
    void applyInjectorDefaults();
    void startRun();
    void resumeRun(const QString &runId);
    void openRun(const QString &runId);
    QDialog *openSettings();
    void showError(const QString &title, const QString &message);

    StudioContext *m_context;
    std::unique_ptr<WindowSettings> m_windowSettings;
    QTabWidget *m_tabs;
    NewRunPanel *m_newRun;
    LiveRunPanel *m_live;
    EfficacyChartView *m_charts;
    ComparePanel *m_compare;
    RunsPanel *m_runs = nullptr;
    MemoryBrowserPanel *m_memory = nullptr;
    class ProfilePage *m_profile = nullptr;
    QString m_runsDir;
    QString m_memoryDir;
    SandboxBanner *m_banner;
    SandboxSwitcher *m_sandbox = nullptr;
    QLabel *m_status;
    QAction *m_runAction = nullptr;
    QAction *m_pauseAction = nullptr;
    QAction *m_cancelAction = nullptr;
    QAction *m_resumeAction = nullptr;
    QAction *m_addPromptsAction = nullptr;
    QPointer<CrossRunWindow> m_crossRuns;
};
