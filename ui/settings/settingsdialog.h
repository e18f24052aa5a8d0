#pragma once

#include <functional>

#include "models/connectiontester.h"

#include <QDialog>
#include <QHash>

class KeychainProblemBanner;
class KeychainWaitBanner;
class LlmProviderFields;
class QCheckBox;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QTabWidget;
class SettingsController;

// Provider, model, base URLs, AIRS endpoints and credentials, scanning and memory options.
// Secrets typed here go to the OS keychain (their status is shown next to each field); each
// service has a "Test connection" button. With no keychain the person is told why, in words,
// and may choose session-only storage explicitly (it takes effect with OK and stays chosen for
// the session) — secrets are never written in clear. Cancel forgets every edit. While the
// keychain takes long, a banner says so and offers to stop waiting.
class SettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)
public:
    SettingsDialog(SettingsController *controller, QWidget *parent = nullptr);

    void accept() override;
    void reject() override;

signals:
    // The keychain is unavailable and the person chose memory storage (emitted on OK, before
    // saving, so the keys typed go to the session-only store).
    void sessionOnlyRequested();

private:
    QWidget *llmPage();
    QWidget *airsPage();
    QWidget *memoryPage();
    QLineEdit *text(QFormLayout *form, const QString &key, const QString &label, bool secret = false);
    QCheckBox *check(QFormLayout *form, const QString &key, const QString &label);
    QWidget *number(QFormLayout *form, const QString &key, const QString &label, double min, double max, int decimals);
    void populate();
    void updateKeychainState();
    void fitToScreen();
    void showError(const QString &error);
    void runTest(ConnectionTester::Target target);

    SettingsController *m_controller;
    ConnectionTester *m_tester;
    QHash<QString, QWidget *> m_fields;
    QHash<QString, QLabel *> m_secretStatus;
    QHash<int, QLabel *> m_testResults;
    std::function<void()> m_showRegion; // the AIRS region the endpoint fields match
    KeychainProblemBanner *m_problem = nullptr;
    KeychainWaitBanner *m_wait = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QTabWidget *m_tabs = nullptr;
    LlmProviderFields *m_llm = nullptr;
    QLabel *m_error = nullptr;
    bool m_saving = false;
};
