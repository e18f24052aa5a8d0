#pragma once

#include <QFrame>

class QLabel;
class QPushButton;
class SettingsController;

// "Waiting for the system keychain…": shown while a keychain request takes long (the OS may
// be asking for the keyring password in a window of its own), with a button to stop waiting.
// Used by the Settings dialog and by the main window (secrets are read at start-up).
class KeychainWaitBanner final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeychainWaitBanner)
public:
    explicit KeychainWaitBanner(SettingsController *controller, QWidget *parent = nullptr);

private:
    QLabel *m_message;
    QPushButton *m_cancel;
};
