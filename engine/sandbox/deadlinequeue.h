#pragma once

#include <QObject>

#include <functional>
#include <map>

class QSocketNotifier;

// Runs callbacks at a deadline with sub-millisecond precision, many at once, in the owner's
// thread. A QTimer is not precise enough for emulated latency: the Unix event dispatcher
// rounds every wait up to a whole millisecond (QTimerInfoList::timerWait), so on a busy event
// loop, which re-computes the wait after every wake-up, a 40 ms answer leaves 0.3–1 ms late.
// On Linux all deadlines share one timerfd armed at the earliest absolute deadline; elsewhere
// each one falls back to a Qt::PreciseTimer.
class DeadlineQueue final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DeadlineQueue)

public:
    explicit DeadlineQueue(QObject *parent = nullptr);
    ~DeadlineQueue() override;

    void schedule(int delayMs, std::function<void()> callback); // delayMs <= 0: next loop pass
    // At an absolute time on now()'s clock; one already past runs on the next loop pass.
    void scheduleAt(qint64 deadlineNs, std::function<void()> callback);
    static qint64 now(); // a monotonic clock, in ns

private:
    void fire();
    void arm();

    std::multimap<qint64, std::function<void()>> m_due; // CLOCK_MONOTONIC ns -> callback
    int m_fd = -1;
    QSocketNotifier *m_notifier = nullptr; // created on first use, in the owner's thread
    bool m_firing = false;
};
