#pragma once

#include <QLabel>
#include <QPointer>
#include <QTimer>

class RunSession;

// One line under the Live view's progress: what the run used so far — tokens in and out, LLM
// calls, scans and the estimated cost (or "cost unknown", with a tooltip saying how to give the
// model a price) — and its budget when it has one. Follows the session after every LLM call
// and scan (at most every LiveIntervalMs: a wrapping label's new text re-lays out the window),
// and shows a stored run's totals at once.
class UsageStrip final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UsageStrip)
public:
    static constexpr int LiveIntervalMs = 250;

    explicit UsageStrip(RunSession *session, QWidget *parent = nullptr);

    // Shows the session's usage now if it changed since last shown (the Live page calls it in
    // the pass that draws the scan progress, so the scans counted agree with the bar's).
    void refresh();

private:
    void update();

    QPointer<RunSession> m_session;
    QTimer m_liveTimer;
    bool m_pending = false; // the session's usage changed since it was last shown
};
