#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

// The band above the pages while the built-in sandbox is active: a "Sandbox" badge, what the
// sandbox is (a demo with built-in emulators: no account is used, the figures show how the
// loop works, not real AIRS scores), where its data is kept, and a button out of it: "Leave
// the sandbox" when an account is configured, else "Set up an account…".
class SandboxBanner final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxBanner)
public:
    explicit SandboxBanner(QWidget *parent = nullptr);

    // Hidden unless `sandbox`; `dataDir` is where the sandbox keeps its runs and learnings
    // (said in one short line on every page, the folder in its tooltip: the banner keeps one
    // height, so the tab bar below it never moves).
    void setState(bool sandbox, bool accountConfigured, const QString &dataDir);

signals:
    void leaveRequested();

private:
    QLabel *m_badge;
    QLabel *m_message;
    QLabel *m_data;
    QPushButton *m_leave;
    bool m_sandbox = false;
};
