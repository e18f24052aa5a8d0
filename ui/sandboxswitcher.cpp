#include "sandboxswitcher.h"

#include "models/settingscontroller.h"
#include "models/studiocontext.h"
#include "sandboxbanner.h"
#include "windowsettings.h"

#include <QAction>
#include <QDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>

using namespace Qt::StringLiterals;

SandboxSwitcher::SandboxSwitcher(StudioContext *context, WindowSettings *settings,
                                 SandboxBanner *banner, QWidget *window,
                                 std::function<QDialog *()> openSettings)
    : QObject(window)
    , m_context(context)
    , m_settings(settings)
    , m_banner(banner)
    , m_window(window)
    , m_openSettings(std::move(openSettings))
    , m_action(new QAction(tr("Use the &sandbox"), this))
{
    m_action->setObjectName(u"sandboxAction"_s);
    m_action->setCheckable(true);
    m_action->setToolTip(
        tr("Run the whole loop against built-in AIRS and LLM emulators, with no account"));
    // triggered(), not toggled(): only the person's choice switches, never sync()'s setChecked().
    connect(m_action, &QAction::triggered, this, [this](bool on) {
        if (on)
            enter();
        else
            leave();
        sync();
    });
    connect(m_banner, &SandboxBanner::leaveRequested, this, &SandboxSwitcher::leave);
    connect(m_context, &StudioContext::sandboxChanged, this, &SandboxSwitcher::sync);
    connect(m_context, &StudioContext::sandboxTenantReset, this, [this](const QString &note) {
        emit problem(tr("Sandbox"), tr("The sandbox's tenant could not be read, so it starts afresh: topics "
                                       "applied in the sandbox before are no longer there.\n\n%1")
                                        .arg(note));
    });
    connect(m_context->settings(), &SettingsController::loaded, this, [this] {
        // The account the person was sent to set up is there now: out of the sandbox.
        if (m_leaveOnceConfigured && m_context->isSandbox() && !m_context->needsAccount()) {
            m_leaveOnceConfigured = false;
            leave();
        }
        sync();
    });
    sync();
}

void SandboxSwitcher::sync()
{
    const bool sandbox = m_context->isSandbox();
    m_action->setChecked(sandbox);
    m_banner->setState(sandbox, !m_context->needsAccount(),
                       QFileInfo(m_context->runsDirectory()).path());
}

bool SandboxSwitcher::enter()
{
    QString error;
    if (!m_context->enableSandbox(&error)) {
        emit problem(tr("Sandbox"), error);
        return false;
    }
    m_settings->setStartInSandbox(true);
    return true;
}

void SandboxSwitcher::leave()
{
    if (!m_context->isSandbox())
        return;
    if (m_context->needsAccount())
        return explainAccountNeeded();
    QString error;
    if (!m_context->disableSandbox(&error)) {
        emit problem(tr("Sandbox"), error);
        return;
    }
    m_settings->setStartInSandbox(false);
}

void SandboxSwitcher::explainAccountNeeded()
{
    auto *box = new QMessageBox(
        QMessageBox::Information, tr("Leave the sandbox"),
        tr("Outside the sandbox, runs use your own AIRS account and LLM account, and none "
           "is configured yet.\n\nAdd them in Settings: the app leaves the sandbox once "
           "they are saved."),
        QMessageBox::NoButton, m_window);
    box->setObjectName(u"sandboxNeedsAccount"_s);
    QPushButton *settings = box->addButton(tr("Open &Settings"), QMessageBox::AcceptRole);
    settings->setObjectName(u"openSettingsButton"_s);
    box->addButton(tr("S&tay in the sandbox"), QMessageBox::RejectRole)
        ->setObjectName(u"staySandboxButton"_s);
    box->setDefaultButton(settings);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, settings](QAbstractButton *b) {
        if (b == settings)
            openSettingsThenLeave();
    });
    box->open();
}

void SandboxSwitcher::openSettingsThenLeave()
{
    m_leaveOnceConfigured = true;
    QDialog *dialog = m_openSettings();
    // Cancelled: the person stays in the sandbox, and a later save does not throw them out.
    connect(dialog, &QDialog::rejected, this, [this] { m_leaveOnceConfigured = false; });
}

void SandboxSwitcher::offerWelcome()
{
    if (m_context->isSandbox() || !m_context->needsAccount() || m_settings->welcomeDismissed())
        return;
    auto *box = new QMessageBox(
        QMessageBox::Question, tr("Welcome to Daystrom Studio"),
        tr("No AIRS or LLM account is configured yet.\n\nTry the built-in sandbox: an AIRS "
           "emulator and a sandbox LLM run on this computer, so the whole loop works "
           "without any account. It is a demo: its figures show how the loop works, not "
           "real AIRS scores. You can add your accounts in Settings at any time."),
        QMessageBox::NoButton, m_window);
    box->setObjectName(u"sandboxOffer"_s);
    QPushButton *use = box->addButton(tr("Use the &sandbox"), QMessageBox::AcceptRole);
    use->setObjectName(u"useSandboxButton"_s);
    QPushButton *settings = box->addButton(tr("Open S&ettings"), QMessageBox::ActionRole);
    settings->setObjectName(u"openSettingsButton"_s);
    // Escape and "Not now" are the same answer: the welcome is not offered again.
    QPushButton *later = box->addButton(tr("&Not now"), QMessageBox::RejectRole);
    later->setObjectName(u"notNowButton"_s);
    box->setDefaultButton(use);
    box->setEscapeButton(later);
    box->setAttribute(Qt::WA_DeleteOnClose);
    // finished(), not buttonClicked(): closing the box from its title bar is "Not now" too.
    connect(box, &QDialog::finished, this, [this, box, use, settings] {
        QAbstractButton *b = box->clickedButton();
        if (b == use)
            enter();
        else if (b == settings)
            m_openSettings();
        else
            m_settings->setWelcomeDismissed(true);
    });
    box->open();
}
