#include "keychainwaitbanner.h"

#include "models/settingscontroller.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

using namespace Qt::StringLiterals;

KeychainWaitBanner::KeychainWaitBanner(SettingsController *controller, QWidget *parent)
    : QFrame(parent)
    , m_message(new QLabel(this))
    , m_cancel(new QPushButton(tr("Stop &waiting"), this))
{
    setObjectName(u"keychainWaitBanner"_s);
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::ToolTipBase);
    setForegroundRole(QPalette::ToolTipText);
    m_message->setObjectName(u"keychainWaitMessage"_s);
    m_message->setWordWrap(true);
    m_message->setText(tr("Waiting for the system keychain… It may be asking for your keyring "
                          "password in a window of its own."));
    m_cancel->setObjectName(u"keychainWaitCancel"_s);
    m_cancel->setToolTip(tr("Stop waiting: keys stored in the keychain are not loaded or saved "
                            "now, and you can keep keys for this session only."));
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(m_message, 1);
    layout->addWidget(m_cancel, 0, Qt::AlignVCenter);
    connect(controller, &SettingsController::keychainWaiting, this, &QWidget::setVisible);
    connect(m_cancel, &QPushButton::clicked, controller, &SettingsController::cancelKeychainWait);
    setVisible(controller->isWaitingForKeychain());
}
