#pragma once

#include <deque>
#include <QtGlobal>

// At most N calls in any 1000 ms window: a sliding window of start times. Used from one
// thread (the batch's), so there is no race between checking and recording (the original's
// limiter raced under concurrency, reference §6 item 19).
class RateLimiter final
{
public:
    explicit RateLimiter(double callsPerSecond = 0); // <= 0: unlimited

    // Milliseconds to wait before the next call may start at `nowMs`; 0 = now.
    qint64 delayBeforeNext(qint64 nowMs);
    void record(qint64 nowMs);
    bool isLimited() const { return m_limit > 0; }

private:
    void expire(qint64 nowMs);

    int m_limit = 0;
    qint64 m_windowMs = 1000;
    std::deque<qint64> m_starts;
};
