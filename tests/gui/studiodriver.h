#pragma once

#include "config/secretstore.h"
#include "domain/runstate.h"
#include "models/studiocontext.h"
#include "ui/mainwindow.h"

#include <QPointer>
#include <QSet>
#include <QString>
#include <QTabWidget>

#include <memory>

class QAbstractButton;
class QComboBox;
class QDialog;
class QTextBrowser;
class RunSession;

// Drives the real Daystrom Studio main window the way a person does: widgets are found by
// objectName, text is typed with key events, buttons, tool buttons and combo-box popups are
// clicked with the mouse. The window runs over a real StudioContext with an in-memory secret
// store and, once started with the sandbox, the built-in AIRS and LLM emulators.
//
// Helpers that wait return false (with why() saying what was missing) instead of failing, so
// tests decide what to assert; every wait runs the event loop (QTest::qWaitFor), never a
// fixed sleep.
class StudioDriver final
{
public:
    static constexpr int RunTimeoutMs = 120000; // a whole sandbox run, generously
    static constexpr int WaitTimeoutMs = 60000; // anything else the worker threads answer

    // The sandbox's tenant persists in the test home (issue 58); each driver starts with a new
    // one unless it is to find what an earlier driver left there (a restart of the app).
    enum class SandboxTenant { Fresh, Kept };
    explicit StudioDriver(SandboxTenant tenant = SandboxTenant::Fresh);
    ~StudioDriver(); // the window, then the context (which pauses a live run), then the store

    // initialize() + ready, then show and wait for the window to be exposed and active.
    // With `sandbox`, the sandbox is switched on the way File ▸ Use the sandbox does.
    bool start(bool sandbox);

    MainWindow *window() const { return m_window.get(); }
    StudioContext *context() const { return m_context.get(); }
    MemorySecretStore *secrets() const { return m_secrets.get(); }
    RunSession *session() const;
    QTabWidget *tabs() const;
    QString why() const { return m_why; }

    template<typename T> T *find(const QString &objectName) const
    {
        return m_window->findChild<T *>(objectName);
    }

    // The form of the New run page, as a person fills it in.
    struct Form
    {
        QString topic;
        QStringList seeds; // typed one per line (the field is emptied first)
        QString profile = QStringLiteral("daystrom-sandbox");
        int maxIterations = 4;
        int targetPercent = 100;
        int scansPerSecond = 0;       // > 0: opens Advanced and throttles scanning
        int maxRegressions = -1;      // >= 0: opens Advanced (0 = never stop early)
        bool accumulateTests = false; // opens Advanced: passing tests become regression checks
        bool allowIntent = false;
        int responseTests = 0;        // > 0: opens Advanced (issue 43)
        bool robustness = false;      // opens Advanced: every default rewrite family
    };
    bool fillNewRun(const Form &form);
    // Clicks the New run page's Run button; true once the Live tab shows a live run.
    bool clickRun();
    bool waitForRunEnd(int timeoutMs = RunTimeoutMs); // the run is no longer active
    RunState storedRun(const QString &id) const;      // from the run file (empty id: missing)

    // Mouse clicks on the toolbar button of a window action (runAction, pauseAction, …).
    bool clickAction(const QString &actionName);
    // Makes the main window the active one again (its shortcuts need that).
    bool activate();
    // Switches pages with the View menu's shortcuts (Ctrl+1 … Ctrl+5).
    bool showPage(MainWindow::Page page);
    // Opens the Settings dialog with Ctrl+, as a person does; nullptr (why() says) if it did not.
    QDialog *openSettings();

    // Opens a combo box's popup with the mouse and clicks the item at `index`.
    bool pickComboItem(QComboBox *combo, int index);
    bool click(QAbstractButton *button);
    bool click(const QString &buttonName);

    // The words of one paragraph of a rendered diff, by how they are drawn: struck-through
    // (removed), underlined (added), or plain. Whitespace and punctuation are dropped.
    struct DiffWords
    {
        QString oldText; // plain + struck-through fragments, as drawn
        QString newText; // plain + underlined fragments, as drawn
        QSet<QString> added;
        QSet<QString> removed;
    };
    // The paragraph after the one reading `heading` ("Description", "Name").
    static DiffWords renderedDiff(const QTextBrowser *browser, const QString &heading);
    static QSet<QString> words(const QString &text); // lower-cased letter/digit runs

    // Saves `widget` as <DAYSTROM_SCREENSHOTS>/<name> when that variable is set.
    static bool screenshot(QWidget *widget, const QString &name);
    static bool screenshotsWanted();

private:
    bool fail(const QString &why);

    // As main() does before building widgets: the English catalogue (plural forms), unless
    // the test chose a language already. Not the system locale: tests assert English text.
    bool m_translated;
    std::unique_ptr<MemorySecretStore> m_secrets;
    std::unique_ptr<StudioContext> m_context;
    std::unique_ptr<MainWindow> m_window;
    QString m_why;
};
