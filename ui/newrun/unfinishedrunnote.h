#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

// Said at the top of New run when the app starts and a run did not finish: paused by a person
// or a budget, or interrupted (its file says "running" and no process holds it: the app was
// killed or crashed). Resume picks it up where it stopped; Open shows it; Dismiss hides the
// note until the next start.
class UnfinishedRunNote final : public QFrame
{
    Q_OBJECT
public:
    explicit UnfinishedRunNote(QWidget *parent = nullptr);

    // `interrupted`: killed or crashed rather than paused. `iterations`: those recorded.
    void showRun(const QString &runId, const QString &topic, int iterations, bool interrupted,
                 const QString &reason);
    QString runId() const { return m_runId; }

signals:
    void resumeRequested(const QString &runId);
    void openRequested(const QString &runId);

private:
    QString m_runId;
    QLabel *m_text;
    QPushButton *m_resume;
    QPushButton *m_open;
    QPushButton *m_dismiss;
};
