#include "mainwindow.h"
#include "profile/profilepage.h"

#include "pagetabs.h"
#include "pagewarmer.h"

#include <QFutureWatcher>

#include <utility>

#include "compare/cleanupdialog.h"
#include "compare/comparepanel.h"
#include "compare/crossrunwindow.h"
#include "compare/runspanel.h"
#include "help/helpmenu.h"
#include "live/addpromptsdialog.h"
#include "live/efficacychartview.h"
#include "live/liverunpanel.h"
#include "memory/memorybrowserpanel.h"
#include "models/session/backgroundpriority.h"
#include "models/desktopnotifier.h"
#include "reports/displayformat.h"
#include "models/runnotifier.h"
#include "models/runsession.h"
#include "models/settingscontroller.h"
#include "models/studiocontext.h"
#include "models/session/runfiles.h"
#include "models/runlistmodel.h"
#include "newrun/newrunpanel.h"
#include "newrun/unfinishedrunnote.h"
#include "raisebudget.h"
#include "sandboxbanner.h"
#include "sandboxswitcher.h"
#include "settings/keychainwaitbanner.h"
#include "settings/settingsdialog.h"
#include "windowfit.h"
#include "windowsettings.h"

#include <QAction>
#include <QApplication>
#include <QBoxLayout>
#include <QCloseEvent>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QToolBar>

using namespace Qt::StringLiterals;

MainWindow::MainWindow(StudioContext *context, QWidget *parent)
    : QMainWindow(parent)
    , m_context(context)
    , m_windowSettings(std::make_unique<WindowSettings>())
    , m_tabs(new PageTabs(this))
    , m_newRun(new NewRunPanel(this))
    , m_live(new LiveRunPanel(context->session(), context, this))
    , m_charts(new EfficacyChartView(context->session(), this))
    , m_compare(new ComparePanel(context->session(), this))
    , m_banner(new SandboxBanner(this))
    , m_status(new QLabel(this))
{
    setObjectName(u"mainWindow"_s);
    m_tabs->setObjectName(u"mainTabs"_s);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_newRun, tr("&New run"));
    m_tabs->addTab(m_live, tr("&Live run"));
    m_tabs->addTab(m_charts, tr("&Charts"));
    m_tabs->addTab(m_compare, tr("Com&pare"));
    showDataOfCurrentMode(); // the Runs and Memory pages
    m_profile = new ::ProfilePage(context, this);
    m_tabs->addTab(m_profile, tr("Pr&ofile"));
    m_tabs->setTabToolTip(ProfilePage, tr("Audit every custom topic of a profile together"));
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(new KeychainWaitBanner(context->settings(), central)); // the start-up keychain read
    layout->addWidget(m_banner);
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);
    m_status->setObjectName(u"statusLabel"_s);
    m_status->setTextFormat(Qt::PlainText); // topic names and errors are shown, never rendered
    statusBar()->addWidget(m_status, 1);

    createActions();
    // A run that ends or waits for a decision while the person works elsewhere: a desktop
    // notification (none while this window is active).
    auto *notifier = new DesktopNotifier(this);
    auto *runNotifier = new RunNotifier(notifier, [this] { return isActiveWindow() && !isMinimized(); }, this);
    runNotifier->watch(context->session());
    connect(notifier, &DesktopNotifier::activated, this, [this] {
        showNormal();
        raise();
        activateWindow();
    });
    // Applies go to the tenant the app talks to, and are recorded in that mode's run files.
    const auto pointCompare = [this] {
        const int delay = m_context->isSandbox() ? 0 : m_context->settings()->effective().config.integer(ConfigKeys::PropagationDelayMs);
        m_compare->setManagementClient(m_context->management(), m_context->runsDirectory(), delay);
        QString error;
        const RunEnvironment env = m_context->runEnvironment(&error);
        if (error.isEmpty())
            m_compare->setImpactSource(ApplyDialog::ImpactSource{env.airs, m_context->auditsHome(), env.scanConcurrency,
                                                                  env.scanRate, delay});
        else
            m_compare->setImpactSource(std::nullopt);
    };
    pointCompare();
    connect(context, &StudioContext::managementChanged, this, pointCompare);
    connect(context, &StudioContext::sandboxChanged, this, pointCompare);
    m_live->followChart(m_charts); // a clicked point selects that iteration in Live's chooser
    connect(m_live, &LiveRunPanel::compareIterationRequested, this, [this](int iteration) {
        m_compare->showIteration(iteration);
        showPage(ComparePage);
    });
    connect(m_newRun, &NewRunPanel::runRequested, this, &MainWindow::startRun);
    connect(m_newRun->unfinishedNote(), &UnfinishedRunNote::resumeRequested, this, &MainWindow::resumeRun);
    connect(m_newRun->unfinishedNote(), &UnfinishedRunNote::openRequested, this, &MainWindow::openRun);
    connect(context, &StudioContext::runActiveChanged, this, [this](bool active) {
        if (active)
            m_newRun->unfinishedNote()->hide(); // resumed, or another run started
    });
    connect(m_newRun, &NewRunPanel::refreshProfilesRequested, this, &MainWindow::listProfiles);
    connect(context, &StudioContext::profilesListed, m_newRun, &NewRunPanel::setProfiles);
    connect(context, &StudioContext::profilesListed, this, [this](const QStringList &profiles) {
        m_profile->setProfiles(profiles, m_context->defaultProfile());
    });
    connect(context, &StudioContext::profileTopicsListed, m_newRun, &NewRunPanel::setProfileTopics);
    connect(context, &StudioContext::profileActionsListed, m_newRun, &NewRunPanel::setProfileActions);
    connect(context, &StudioContext::sandboxChanged, this, [this](bool sandbox) {
        showDataOfCurrentMode();
        updateTitle();
        updateActions();
        m_newRun->setSandbox(sandbox);
        m_newRun->setDefaultProfile(m_context->defaultProfile());
        listProfiles();
    });
    connect(context, &StudioContext::runActiveChanged, this, [this](bool active) {
        updateActions();
        m_newRun->setRunning(active);
        if (!active)
            m_runs->refresh();
    });
    connect(context->session(), &RunSession::runUpdated, this, &MainWindow::updateActions);
    connect(context->session(), &RunSession::liveChanged, this, &MainWindow::updateActions);
    // A proposal waiting in step mode is easy to miss on another page: the Live tab says so.
    const auto markProposal = [this](bool waiting) {
        m_tabs->setTabText(LivePage, waiting ? tr("&Live run (decide)") : tr("&Live run"));
        m_tabs->setTabToolTip(LivePage, waiting ? tr("A proposed topic is waiting for your decision") : QString());
        if (waiting && m_tabs->currentIndex() != LivePage)
            m_status->setText(tr("A proposed topic is waiting for your decision on the Live run page (%1)")
                                  .arg(QKeySequence(Qt::CTRL | Qt::Key_2).toString(QKeySequence::NativeText)));
    };
    connect(context->session(), &RunSession::proposalReady, this, [markProposal] { markProposal(true); });
    connect(context->session(), &RunSession::proposalDecided, this, [markProposal] { markProposal(false); });
    connect(context->session(), &RunSession::liveChanged, this, [markProposal](bool live) {
        if (!live)
            markProposal(false);
    });
    connect(context->session(), &RunSession::failed, this, [this](const QString &e) {
        m_status->setText(tr("The run failed: %1").arg(e));
    });
    connect(context, &StudioContext::ready, this, [this] {
        m_newRun->setDefaultProfile(m_context->defaultProfile());
        listProfiles();
        applyInjectorDefaults();
    });
    // The loaded settings (config.json, the Settings dialog) may name other directories.
    connect(context->settings(), &SettingsController::loaded, this, &MainWindow::showDataOfCurrentMode);
    m_newRun->setSandbox(context->isSandbox());
    updateTitle();
    updateActions();
    applyInitialGeometry();
}

MainWindow::~MainWindow() = default;

void MainWindow::applyInitialGeometry()
{
    // The screen the window opens on, in device-independent pixels (so a scale factor counts).
    const QRect available = screen()->availableGeometry();
    // No smaller than the pages can be laid out in (a person dragging the window smaller met
    // text drawn over text), nor than the screen allows.
    setMinimumSize(WindowFit::minimumSize(available, minimumSizeHint().expandedTo(WindowFit::Minimum)));
    const QByteArray saved = m_windowSettings->geometry();
    if (!saved.isEmpty() && restoreGeometry(saved)) {
        // Saved on a larger screen, or where no screen is now: moved and shrunk to fit.
        if (!WindowFit::fits(geometry(), available))
            setGeometry(WindowFit::fitted(geometry(), available));
        return;
    }
    setGeometry(WindowFit::defaultGeometry(available));
}

void MainWindow::createActions()
{
    auto action = [this](const QString &name, const QString &text, QStyle::StandardPixmap icon, const QKeySequence &key) {
        auto *a = new QAction(style()->standardIcon(icon), text, this);
        a->setObjectName(name);
        a->setShortcut(key);
        a->setToolTip(text.split(u'\t').first().remove(u'&') + u" ("_s + key.toString(QKeySequence::NativeText) + u')');
        return a;
    };
    m_runAction = action(u"runAction"_s, tr("&Run"), QStyle::SP_MediaPlay, QKeySequence(tr("Ctrl+R")));
    m_pauseAction = action(u"pauseAction"_s, tr("&Pause"), QStyle::SP_MediaPause, QKeySequence(tr("Ctrl+Shift+P")));
    m_cancelAction = action(u"cancelAction"_s, tr("&Cancel run"), QStyle::SP_MediaStop, QKeySequence(tr("Ctrl+Shift+X")));
    m_resumeAction = action(u"resumeAction"_s, tr("Res&ume"), QStyle::SP_MediaSeekForward, QKeySequence(tr("Ctrl+Shift+R")));
    connect(m_runAction, &QAction::triggered, this, [this] {
        if (!m_newRun->validationError().isEmpty()) {
            showPage(NewRunPage);
            m_status->setText(m_newRun->validationError());
            return;
        }
        startRun();
    });
    connect(m_pauseAction, &QAction::triggered, m_context, &StudioContext::pause);
    connect(m_cancelAction, &QAction::triggered, m_context, &StudioContext::cancel);
    connect(m_resumeAction, &QAction::triggered, this, [this] { resumeRun(m_context->session()->run().id); });

    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newRun = file->addAction(tr("&New run"), this, [this] {
        showPage(NewRunPage);
        m_newRun->focusTopic();
    });
    newRun->setObjectName(u"newRunAction"_s);
    newRun->setShortcut(QKeySequence::New);
    QAction *settings = file->addAction(tr("&Settings…"), this, &MainWindow::openSettings);
    settings->setObjectName(u"settingsAction"_s);
    settings->setShortcut(QKeySequence(tr("Ctrl+,")));
    m_sandbox = new SandboxSwitcher(m_context, m_windowSettings.get(), m_banner, this, [this] { return openSettings(); });
    connect(m_sandbox, &SandboxSwitcher::problem, this, &MainWindow::showError);
    file->addAction(m_sandbox->action());
    QAction *cleanup = file->addAction(tr("&Clean up AIRS…"), this, [this] {
        if (!m_context->management()) {
            showError(tr("Clean up AIRS"), tr("Add the AIRS management credentials in the settings first."));
            return;
        }
        auto *dialog = new CleanupDialog(m_context->management(), m_context->runsDirectory(),
                                         m_context->auditsHome(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    cleanup->setObjectName(u"cleanupAction"_s);
    cleanup->setToolTip(tr("List and delete what stopped runs left on AIRS"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setObjectName(u"quitAction"_s);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *run = menuBar()->addMenu(tr("&Run"));
    run->addActions({m_runAction, m_pauseAction, m_resumeAction, m_cancelAction});
    run->addSeparator();
    m_addPromptsAction = run->addAction(tr("&Add prompts…"), this, [this] { AddPromptsDialog::openFor(m_context, this); });
    m_addPromptsAction->setObjectName(u"addPromptsAction"_s);
    m_addPromptsAction->setShortcut(QKeySequence(tr("Ctrl+Shift+T")));
    m_addPromptsAction->setToolTip(tr("Add labelled prompts to the running run's working suite or benchmark (%1)")
                                       .arg(m_addPromptsAction->shortcut().toString(QKeySequence::NativeText)));

    QMenu *view = menuBar()->addMenu(tr("&View"));
    const QStringList pages{tr("&New run"), tr("&Live run"), tr("&Charts"), tr("Com&pare"), tr("R&uns"), tr("&Memory"),
                            tr("Pr&ofile")};
    for (int i = 0; i < pages.size(); ++i) {
        QAction *a = view->addAction(pages.at(i), this, [this, i] {
            showPage(Page(i));
            focusCurrentPage();
        });
        a->setShortcut(QKeySequence(tr("Ctrl+%1").arg(i + 1)));
        a->setObjectName(u"showPage%1Action"_s.arg(i));
    }

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *about = help->addAction(tr("&About Daystrom Studio"), this, [this] {
        QMessageBox::about(this, tr("About Daystrom Studio"),
                           tr("<b>Daystrom Studio</b> %1<br>Designs Prisma AIRS custom-topic guardrails with an "
                              "LLM refinement loop.").arg(QApplication::applicationVersion()));
    });
    about->setObjectName(u"aboutAction"_s);
    new HelpMenu(help, this); // Getting started, What the figures mean, and F1

    QToolBar *bar = addToolBar(tr("Run"));
    bar->setObjectName(u"runToolBar"_s);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addActions({m_runAction, m_pauseAction, m_resumeAction, m_cancelAction});
}

void MainWindow::updateActions()
{
    const bool active = m_context->isRunActive();
    const RunState &run = m_context->session()->run();
    const bool resumable = !active && !run.id.isEmpty() && run.checkpoint
                           && (run.status == RunStatus::Paused || run.status == RunStatus::Failed
                               || run.status == RunStatus::Cancelled || run.status == RunStatus::Running);
    m_runAction->setEnabled(!active);
    m_pauseAction->setEnabled(active);
    m_cancelAction->setEnabled(active);
    m_resumeAction->setEnabled(resumable);
    m_addPromptsAction->setEnabled(m_context->isSessionLive());
    if (active)
        m_status->setText(tr("Running %1").arg(run.userInput.topicDescription));
    else if (!run.id.isEmpty())
        m_status->setText(tr("Run %1: %2").arg(run.id, run.stopReason.isEmpty() ? RunListModel::statusText(run.status) : DisplayFormat::stopReason(run.stopReason)));
    // A stop reason can be longer than the window is wide (issue 56's noise note): whole on hover.
    m_status->setToolTip(m_status->text());
}

void MainWindow::showDataOfCurrentMode()
{
    const QString runsDir = m_context->runsDirectory();
    if (!m_runs || runsDir != m_runsDir) {
        m_newRun->unfinishedNote()->hide(); // it named a run of the other mode
        auto *runs = new RunsPanel(runsDir, nullptr, this);
        connect(runs, &RunsPanel::openRequested, this, &MainWindow::openRun);
        connect(runs, &RunsPanel::resumeRequested, this, &MainWindow::resumeRun);
        connect(runs, &RunsPanel::compareRequested, this, &MainWindow::compareRuns);
        // The first listing of these runs: a run that did not finish is offered (issue 40).
        connect(runs->model(), &RunListModel::loaded, this, [this, runs] { offerUnfinishedRun(runs); },
                Qt::SingleShotConnection);
        replacePage(RunsPage, m_runs, runs);
        m_runs = runs;
        m_runsDir = runsDir;
    }
    const QString memoryDir = m_context->memoryDirectory();
    if (!m_memory || memoryDir != m_memoryDir) {
        auto *memory = new MemoryBrowserPanel(memoryDir, this);
        connect(memory, &MemoryBrowserPanel::seedRequested, this, [this](const QString &description, const QStringList &examples) {
            RunSettings s = m_newRun->settings();
            s.topicDescription = description;
            s.seedExamples = examples;
            m_newRun->setSettings(s);
            showPage(NewRunPage);
        });
        replacePage(MemoryPage, m_memory, memory);
        m_memory = memory;
        m_memoryDir = memoryDir;
        if (m_context->isReady())
            applyInjectorDefaults();
    }
    const bool sandbox = m_context->isSandbox();
    m_tabs->setTabText(RunsPage, sandbox ? tr("R&uns (sandbox)") : tr("R&uns"));
    m_tabs->setTabText(MemoryPage, sandbox ? tr("&Memory (sandbox)") : tr("&Memory"));
    m_tabs->setTabToolTip(RunsPage, QDir::toNativeSeparators(m_runsDir));
    m_tabs->setTabToolTip(MemoryPage, QDir::toNativeSeparators(m_memoryDir));
}

void MainWindow::replacePage(Page page, QWidget *old, QWidget *replacement)
{
    const int current = m_tabs->currentIndex();
    const QString text = old ? m_tabs->tabText(int(page)) : QString();
    if (old) {
        m_tabs->removeTab(int(page));
        delete old; // now: nothing may find or use the panel of the other data
    }
    m_tabs->insertTab(int(page), replacement, text);
    m_tabs->setCurrentIndex(current);
}

void MainWindow::applyInjectorDefaults()
{
    const Config config = m_context->settings()->effective().config;
    m_memory->setInjectorDefaults(config.integer(ConfigKeys::MaxMemoryChars), config.number(ConfigKeys::MemoryHalfLifeDays));
}

void MainWindow::listProfiles()
{
    m_newRun->setProfilesPending();
    m_context->listProfiles();
}

void MainWindow::updateTitle()
{
    setWindowTitle(m_context->isSandbox() ? tr("Daystrom Studio — Sandbox (no account is used)") : tr("Daystrom Studio"));
}

void MainWindow::showPage(Page page)
{
    m_tabs->setCurrentIndex(int(page));
}

void MainWindow::focusCurrentPage()
{
    QWidget *page = m_tabs->currentWidget();
    if (!page)
        return;
    // The proxy even when the tab switch put the focus elsewhere in the page (QStackedWidget
    // hands it to the page's first control when the old page had it).
    if (QWidget *proxy = page->focusProxy()) {
        if (!proxy->hasFocus())
            proxy->setFocus(Qt::ShortcutFocusReason);
        return;
    }
    if (page->isAncestorOf(QApplication::focusWidget()))
        return;
    for (QWidget *w = page->nextInFocusChain(); w && w != page; w = w->nextInFocusChain()) {
        if (page->isAncestorOf(w) && w->isVisible() && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus)) {
            w->setFocus(Qt::ShortcutFocusReason);
            return;
        }
    }
}

const QEvent::Type MainWindow::ShowLivePageEvent = QEvent::Type(QEvent::registerEventType());

void MainWindow::startRun()
{
    const QString error = m_context->startRun(m_newRun->settings(), m_newRun->stepMode());
    if (!error.isEmpty()) {
        showError(tr("The run cannot start"), error);
        return;
    }
    // In passes of their own: the repaint the click asked for (posted at Qt's low priority),
    // then the Live page's layout, then its first paint. Done at once they were one frame.
    QCoreApplication::postEvent(this, new QEvent(ShowLivePageEvent), Qt::LowEventPriority);
}

void MainWindow::customEvent(QEvent *event)
{
    if (event->type() == ShowLivePageEvent)
        showPage(LivePage);
}

void MainWindow::resumeRun(const QString &runId)
{
    RaiseBudget::Answer budget;
    if (const RunStore::Loaded stored = RunFiles::load(m_context->runsDirectory(), runId); stored.ok()) {
        budget = RaiseBudget::ask(this, stored.run);
        if (!budget.proceed)
            return;
    }
    const QString error = m_context->resumeRun(runId, budget.maxTokens, budget.maxCost);
    if (!error.isEmpty()) {
        showError(tr("The run cannot resume"), error);
        return;
    }
    showPage(LivePage);
}

void MainWindow::openRun(const QString &runId)
{
    const RunStore::Loaded loaded = RunFiles::load(m_context->runsDirectory(), runId);
    if (!loaded.ok()) {
        showError(tr("The run cannot be opened"), loaded.error);
        return;
    }
    m_context->session()->open(loaded.run);
    showPage(ChartsPage);
}

QDialog *MainWindow::openSettings()
{
    auto *dialog = new SettingsDialog(m_context->settings(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &SettingsDialog::sessionOnlyRequested, m_context, &StudioContext::useSessionOnlySecrets);
    connect(dialog, &QDialog::accepted, m_context, &StudioContext::reloadSettings);
    dialog->open();
    return dialog;
}

bool MainWindow::enterSandbox()
{
    return m_sandbox->enter();
}

void MainWindow::offerUnfinishedRun(RunsPanel *runs)
{
    if (runs != m_runs || m_context->isRunActive())
        return;
    const std::optional<RunListModel::Row> row = runs->model()->newestUnfinished();
    if (!row)
        return;
    const RunSummary &s = row->summary;
    m_newRun->unfinishedNote()->showRun(s.id, s.topicDescription, s.iterationCount, row->interrupted,
                                        s.stopReason.isEmpty() ? QString() : DisplayFormat::stopReason(s.stopReason));
    if (!m_context->session()->run().id.isEmpty())
        return;
    // Loaded as the window's run — Resume (Ctrl+Shift+R) takes it, Live and Charts show it —
    // read and parsed off the GUI thread: a run file can be tens of megabytes.
    RunFiles::loadInBackground(m_context->runsDirectory(), s.id, this, [this, runs](const RunStore::Loaded &loaded) {
        // Unless the person started, resumed or opened something meanwhile.
        if (loaded.ok() && runs == m_runs && !m_context->isRunActive() &&
            m_context->session()->run().id.isEmpty())
            m_context->session()->open(loaded.run);
    });
}

void MainWindow::offerSandboxIfNeeded()
{
    m_sandbox->offerWelcome();
}

void MainWindow::showError(const QString &title, const QString &message)
{
    m_status->setText(message);
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setObjectName(u"errorMessage"_s);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (!std::exchange(m_pagesWarmed, true))
        PageWarmer::warmHiddenPages(m_tabs); // after the first frame, page by page
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_context->isRunActive()) {
        m_status->setText(tr("Pausing the run and saving its checkpoint…"));
    }
    m_windowSettings->setGeometry(saveGeometry());
    event->accept(); // the context's RunController saves a live run as paused on destruction
}
