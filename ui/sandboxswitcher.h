#pragma once

#include <QObject>

#include <functional>

class QAction;
class QDialog;
class QWidget;
class SandboxBanner;
class StudioContext;
class WindowSettings;

// Getting into the built-in sandbox and out of it again, for the main window: the welcome
// offered on first launch, File ▸ Use the sandbox (a checkable action), and the banner's
// button. Leaving needs an account: without one, the person is told so and offered the
// settings; once an account is saved there, the app leaves the sandbox.
class SandboxSwitcher final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxSwitcher)
public:
    // `openSettings` opens the Settings dialog and returns it.
    SandboxSwitcher(StudioContext *context, WindowSettings *settings, SandboxBanner *banner,
                    QWidget *window, std::function<QDialog *()> openSettings);

    QAction *action() const { return m_action; }

    // The welcome: shown while no account is configured, the sandbox is off and the person
    // has not dismissed it ("Not now", Escape).
    void offerWelcome();
    bool enter();
    void leave();

signals:
    void problem(const QString &title, const QString &message);

private:
    void sync();
    void explainAccountNeeded();
    void openSettingsThenLeave();

    StudioContext *m_context;
    WindowSettings *m_settings;
    SandboxBanner *m_banner;
    QWidget *m_window;
    std::function<QDialog *()> m_openSettings;
    QAction *m_action;
    bool m_leaveOnceConfigured = false;
};
