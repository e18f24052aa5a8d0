#pragma once

#include <QObject>

class QSocketNotifier;

// Turns SIGINT and SIGTERM into a Qt signal (through a self-pipe, so the handler only writes
// a byte). While it exists, Ctrl+C asks the run to pause; a second Ctrl+C exits at once.
class InterruptWatcher final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InterruptWatcher)
public:
    explicit InterruptWatcher(QObject *parent = nullptr);
    ~InterruptWatcher() override;

signals:
    void interrupted(int count);

private:
    QSocketNotifier *m_notifier = nullptr;
    int m_count = 0;
};
