#include "deadlinequeue.h"

#include <QSocketNotifier>
#include <QTimer>

#ifdef Q_OS_LINUX
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
#endif

namespace {
#ifdef Q_OS_LINUX
qint64 monotonicNs()
{
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return qint64(now.tv_sec) * 1000000000 + now.tv_nsec;
}
#endif
} // namespace

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
#ifdef Q_OS_LINUX
    if (delayMs > 0 && m_fd < 0) {
        m_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
        if (m_fd >= 0) {
            m_notifier = new QSocketNotifier(qintptr(m_fd), QSocketNotifier::Read, this);
            connect(m_notifier, &QSocketNotifier::activated, this, &DeadlineQueue::fire);
        }
    }
    if (delayMs > 0 && m_fd >= 0) {
        const qint64 deadline = monotonicNs() + qint64(delayMs) * 1000000;
        const bool earliest = m_due.empty() || deadline < m_due.begin()->first;
        m_due.emplace(deadline, std::move(callback));
        if (earliest && !m_firing)
            arm();
        return;
    }
#endif
    QTimer::singleShot(qMax(0, delayMs), Qt::PreciseTimer, this, std::move(callback));
}

void DeadlineQueue::fire()
{
#ifdef Q_OS_LINUX
    quint64 expirations = 0;
    [[maybe_unused]] const auto n = ::read(m_fd, &expirations, sizeof expirations);
    m_firing = true;
    // Callbacks may schedule more; those wait for the next pass even when already due.
    const qint64 now = monotonicNs();
    while (!m_due.empty() && m_due.begin()->first <= now) {
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
