#pragma once

#include "reports/applyplanhtml.h"
#include "models/session/applycontroller.h"
#include "models/session/impactcheck.h"

#include <QDialog>
#include <QPointer>

class ManagementClient;
class QLabel;
class QPushButton;
class QTextBrowser;

// Confirms applying one iteration's topic to the run's production profile. Shows exactly what
// will change (read asynchronously): each topic created, or its text in AIRS now against what
// will be written, diffed, and how the profile will pin them; then applies it (the same code
// as `daystrom apply`) and shows the outcome, including a change that stopped part way. Revert
// undoes the run's last apply. Open it with open() (window-modal, never exec()); it cannot be
// closed while a change is being written.
class QCheckBox;

class ApplyDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApplyDialog)
public:
    ApplyDialog(ManagementClient *client, const QString &runsDirectory, const RunState &run, int iteration,
                QWidget *parent = nullptr);
    ~ApplyDialog() override;

    ApplyController *controller() const { return m_controller; }
    // Where an impact check scans and finds the profile's audits (issue 42): with it, Check
    // impact measures the plan on the prompts of the profile's latest audit before it is applied.
    using ImpactSource = ImpactCheck::Source;
    void setImpactSource(const ImpactSource &source);

public slots:
    void reject() override;

signals:
    void applied();
    void reverted();

private:
    void updateState();
    void checkImpact();
    void findAudit();
    void showImpact(const ApplyImpact::Result &result);
    void showPlan();
    void confirmRevert(); // asks before the controller reverts
    void askToOverwrite(const QStringList &conflicts);
    ApplyPlanHtml::Stage stage() const;
    int shownStage() const; // stage(), or a stale plan after reverting an earlier apply

    ApplyController *m_controller;
    RunState m_run;
    int m_iteration;
    int m_shownStage = -1; // the ApplyPlanHtml::Stage the preview shows; -1 none
    bool m_appliedHere = false; // this dialog wrote its plan (all or part of it)
    QLabel *m_title = nullptr;
    QLabel *m_status = nullptr;
    QTextBrowser *m_preview = nullptr;
    QLabel *m_result = nullptr;
    QLabel *m_changeActionNote = nullptr;
    QCheckBox *m_changeAction = nullptr; // the person's own consent to a change of the action
    QPushButton *m_confirm = nullptr;
    QPushButton *m_revert = nullptr;
    QPushButton *m_reload = nullptr;
    QPushButton *m_close = nullptr;
    QPushButton *m_impact = nullptr;
    QLabel *m_impactView = nullptr;
    ImpactCheck *m_impactCheck = nullptr;
};
