#pragma once

#include "models/compare/applycontroller.h"

#include <QDialog>

class ManagementClient;
class QLabel;
class QPushButton;
class QTextBrowser;

// Confirms applying one iteration's topic to AIRS. Shows exactly what will change: the topic
// as AIRS has it now (read asynchronously) against the topic that will be written, diffed, and
// how the profile will be re-pinned; then applies it and shows the outcome, including a topic
// update whose re-pin failed. Open it with open() (window-modal, never exec()); it cannot be
// closed while the change is being written.
class ApplyDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApplyDialog)
public:
    ApplyDialog(ManagementClient *client, const RunState &run, int iteration,
                QWidget *parent = nullptr);
    ~ApplyDialog() override;

    ApplyController *controller() const { return m_controller; }

public slots:
    void reject() override;

signals:
    void applied(int topicRevision);

private:
    void updateState();
    void showPlan();
    QString profileHtml() const;

    ApplyController *m_controller;
    RunState m_run;
    int m_iteration;
    QLabel *m_title = nullptr;
    QLabel *m_status = nullptr;
    QTextBrowser *m_preview = nullptr;
    QLabel *m_result = nullptr;
    QPushButton *m_confirm = nullptr;
    QPushButton *m_reload = nullptr;
    QPushButton *m_close = nullptr;
};
