#pragma once

#include "models/connectiontester.h"

#include <QDialog>
#include <QHash>

class QCheckBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class SettingsController;

// Provider, model, base URLs, AIRS endpoints and credentials, scanning and memory options.
// Secrets typed here go to the OS keychain (their status is shown next to each field); each
// service has a "Test connection" button. With no keychain the person is told and may choose
// session-only storage explicitly — secrets are never written in clear.
class SettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)
public:
    SettingsDialog(SettingsController *controller, QWidget *parent = nullptr);

    void accept() override;

signals:
    void sessionOnlyRequested(); // the keychain is unavailable and the person chose memory storage

private:
    QWidget *llmPage();
    QWidget *airsPage();
    QWidget *memoryPage();
    QLineEdit *text(QFormLayout *form, const QString &key, const QString &label, bool secret = false);
    QCheckBox *check(QFormLayout *form, const QString &key, const QString &label);
    QWidget *number(QFormLayout *form, const QString &key, const QString &label, double min, double max, int decimals);
    void populate();
    void showKeychainProblem(const QString &error);
    void showError(const QString &error);
    void runTest(ConnectionTester::Target target);

    SettingsController *m_controller;
    ConnectionTester *m_tester;
    QHash<QString, QWidget *> m_fields;
    QHash<QString, QLabel *> m_secretStatus;
    QHash<int, QLabel *> m_testResults;
    QLabel *m_banner = nullptr;
    QCheckBox *m_sessionOnly = nullptr;
    QLabel *m_error = nullptr;
};
