#pragma once

#include "models/session/profileauditcontroller.h" // ProfileAudit::Plan, AuditState

#include <QWidget>

class AuditTopicsModel;
class ConflictListModel;
class ConflictMatrixModel;
class ProfileAuditController;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;
class StudioContext;

// The Profile page (issue 42): audit every custom topic of a profile together. Choose the
// profile, Audit (the cost is shown and confirmed first), watch each topic's progress, cancel;
// then each topic's figures, the profile's benign flag rate, the conflict matrix as a heat map
// and every conflict, for the latest finished audit of the profile chosen. Export HTML writes
// the self-contained report.
class ProfilePage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProfilePage)
public:
    explicit ProfilePage(StudioContext *context, QWidget *parent = nullptr);

    void setProfiles(const QStringList &profiles, const QString &defaultProfile);
    ProfileAuditController *controller() const { return m_controller; }
    // Asks before an audit starts; tests answer for the person.
    void setConfirm(std::function<bool(const QString &question)> confirm) { m_confirm = std::move(confirm); }

private:
    void audit();
    void onPlanned(const QString &profile, const ProfileAudit::Plan &plan, bool resumed);
    void onFinished(const AuditState &state);
    void showLatest();
    void show(const std::optional<AuditState> &state);
    void exportHtml();                     // asks where, in the folder the other exports use
    void writeHtml(const QString &path);
    void sizeConflictColumns();            // the topics and label to their text, within limits
    void setBusy(bool busy);
    void setStep(const QString &text);

    StudioContext *m_context;
    ProfileAuditController *m_controller;
    QComboBox *m_profile;
    QPushButton *m_audit;
    QPushButton *m_cancel;
    QPushButton *m_export;
    QProgressBar *m_progress;
    QLabel *m_step;
    QLabel *m_summary;
    QTabWidget *m_tabs;
    AuditTopicsModel *m_topicsModel;
    ConflictMatrixModel *m_matrixModel;
    ConflictListModel *m_conflictsModel;
    QTableView *m_topics;
    QTableView *m_matrix;
    QTableView *m_conflicts;
    std::optional<AuditState> m_shown;
    QString m_lastExportDir;
    std::function<bool(const QString &)> m_confirm;
};
