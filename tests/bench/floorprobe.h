#pragma once

#include <QElapsedTimer>
#include <QList>

#include <algorithm>
#include <atomic>
#include <ctime>
#include <mutex>
#include <thread>

// The machine's own floor: a thread of the same process that does no work at all, only sleeps
// 1 ms at a time like the window's probe timer and measures the gaps between its wake-ups, at
// the same moments and under the same load as the window. Whatever stall it sees is the
// scheduler's (the load, the virtual machine), not the app's: no program could stall less. Its
// long gaps are kept with their end, so each long GUI gap can say whether the floor was held at
// the same time.
class FloorProbe final
{
    Q_DISABLE_COPY_MOVE(FloorProbe)
public:
    struct Gap
    {
        qint64 endNs; // on the bench's clock
        qint64 lengthNs;
    };
    static constexpr qint64 KeptNs = 4'000'000; // shorter gaps only count towards maxNs()

    explicit FloorProbe(const QElapsedTimer &clock) : m_clock(clock)
    {
        m_thread = std::thread([this] { loop(); });
    }
    ~FloorProbe()
    {
        m_quit = true;
        m_thread.join();
    }
    void reset()
    {
        const std::lock_guard lock(m_mutex);
        m_max = 0;
        m_gaps.clear();
    }
    void setMeasuring(bool on)
    {
        const std::lock_guard lock(m_mutex);
        m_measuring = on;
        m_last = m_clock.nsecsElapsed();
    }
    qint64 maxNs() const
    {
        const std::lock_guard lock(m_mutex);
        return m_max;
    }
    qsizetype countOver(qint64 ns) const // how many gaps were longer than ns (ns >= KeptNs)
    {
        const std::lock_guard lock(m_mutex);
        return std::count_if(m_gaps.cbegin(), m_gaps.cend(), [ns](const Gap &gap) { return gap.lengthNs > ns; });
    }
    // The longest of the floor's gaps that overlapped [startNs, endNs], or 0.
    qint64 heldWithin(qint64 startNs, qint64 endNs) const
    {
        const std::lock_guard lock(m_mutex);
        qint64 held = 0;
        for (const Gap &gap : m_gaps)
            if (gap.endNs > startNs && gap.endNs - gap.lengthNs < endNs)
                held = qMax(held, gap.lengthNs);
        return held;
    }

private:
    void loop()
    {
        while (!m_quit) {
            const timespec oneMs{0, 1'000'000};
            nanosleep(&oneMs, nullptr);
            const qint64 now = m_clock.nsecsElapsed();
            const std::lock_guard lock(m_mutex);
            if (!m_measuring)
                continue;
            const qint64 gap = now - m_last;
            m_last = now;
            m_max = qMax(m_max, gap);
            if (gap > KeptNs)
                m_gaps.append({now, gap});
        }
    }

    const QElapsedTimer &m_clock;
    mutable std::mutex m_mutex;
    bool m_measuring = false;
    qint64 m_last = 0;
    qint64 m_max = 0;
    QList<Gap> m_gaps; // those over KeptNs: a few hundred per row at most
    std::atomic<bool> m_quit{false};
    std::thread m_thread;
};
