#pragma once

#include <QDialog>

class ManagementClient;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class TenantCleanup;

// File ▸ Clean up AIRS: lists exactly what stopped runs left on the tenant (scratch
// profiles, their topics, a production profile a killed in-place run changed) and deletes it
// only when the person confirms. Window-modal via open(); cannot be closed while deleting.
class CleanupDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CleanupDialog)
public:
    // `auditsHome`: whose audits/ is searched too, for what killed audits and impact checks left.
    CleanupDialog(ManagementClient *client, const QString &runsDirectory, const QString &auditsHome = {},
                  QWidget *parent = nullptr);
    ~CleanupDialog() override;

    TenantCleanup *cleanup() const { return m_cleanup; }

public slots:
    void reject() override;

private:
    void showFound();
    void showFinished();

    TenantCleanup *m_cleanup;
    QLabel *m_status;
    QPlainTextEdit *m_list;
    QPushButton *m_delete;
    QPushButton *m_close;
};
