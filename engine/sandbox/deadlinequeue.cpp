#include "deadlinequeue.h"

#include <QSocketNotifier>
#include <QTimer>

#ifdef Q_OS_LINUX
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
#endif

#include <QElapsedTimer>

qint64 DeadlineQueue::now()
{
#ifdef Q_OS_LINUX
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t); // the timerfd's clock
    return qint64(t.tv_sec) * 1000000000 + t.tv_nsec;
#else
    static const QElapsedTimer clock = [] {
        QElapsedTimer c;
        c.start();
        return c;
    }();
    return clock.nsecsElapsed();
#endif
}

DeadlineQueue::DeadlineQueue(QObject *parent)
    : QObject(parent)
{}

DeadlineQueue::~DeadlineQueue()
{
#ifdef Q_OS_LINUX
    delete m_notifier;
    if (m_fd >= 0)
        ::close(m_fd);
#endif
}

void DeadlineQueue::schedule(int delayMs, std::function<void()> callback)
{
    scheduleAt(now() + qint64(qMax(0, delayMs)) * 1000000, std::move(callback)); // 0: already due
}

void DeadlineQueue::scheduleAt(qint64 deadlineNs, std::function<void()> callback)
{
    const qint64 delayNs = deadlineNs - now();
    if (delayNs <= 0) {
        QTimer::singleShot(0, Qt::PreciseTimer, this, std::move(callback));
        return;
    }
#ifdef Q_OS_LINUX
    if (m_fd < 0) {
        m_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
        if (m_fd >= 0) {
            m_notifier = new QSocketNotifier(qintptr(m_fd), QSocketNotifier::Read, this);
            connect(m_notifier, &QSocketNotifier::activated, this, &DeadlineQueue::fire);
        }
    }
    if (m_fd >= 0) {
        const bool earliest = m_due.empty() || deadlineNs < m_due.begin()->first;
        m_due.emplace(deadlineNs, std::move(callback));
        if (earliest && !m_firing)
            arm();
        return;
    }
#endif
    // Rounded up: a timer never fires before its deadline.
    QTimer::singleShot(int((delayNs + 999999) / 1000000), Qt::PreciseTimer, this, std::move(callback));
}

void DeadlineQueue::fire()
{
#ifdef Q_OS_LINUX
    quint64 expirations = 0;
    [[maybe_unused]] const auto n = ::read(m_fd, &expirations, sizeof expirations);
    m_firing = true;
    // Callbacks may schedule more; those wait for the next pass even when already due.
    const qint64 due = now();
    while (!m_due.empty() && m_due.begin()->first <= due) {
        std::function<void()> callback = std::move(m_due.begin()->second);
        m_due.erase(m_due.begin());
        callback();
    }
    m_firing = false;
    arm();
#endif
}

void DeadlineQueue::arm()
{
#ifdef Q_OS_LINUX
    itimerspec spec{};
    if (!m_due.empty()) {
        const qint64 deadline = qMax<qint64>(1, m_due.begin()->first); // 0 would disarm
        spec.it_value.tv_sec = time_t(deadline / 1000000000);
        spec.it_value.tv_nsec = long(deadline % 1000000000);
    }
    timerfd_settime(m_fd, TFD_TIMER_ABSTIME, &spec, nullptr);
#endif
}
