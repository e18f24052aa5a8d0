#pragma once

#include <QLabel>
#include <QPointer>

class RunSession;

// One line under the Live view's progress: what the run used so far — tokens in and out, LLM
// calls, scans and the estimated cost (or "cost unknown", with a tooltip saying how to give the
// model a price) — and its budget when it has one. Follows the session after every LLM call
// and scan, and shows a stored run's totals.
class UsageStrip final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UsageStrip)
public:
    explicit UsageStrip(RunSession *session, QWidget *parent = nullptr);

private:
    void update();

    QPointer<RunSession> m_session;
};
