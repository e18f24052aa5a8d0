#include "ratelimiter.h"

#include <cmath>

RateLimiter::RateLimiter(double callsPerSecond)
{
    if (callsPerSecond > 0 && callsPerSecond < 1) {
        // Fractional rates: one call per 1/rate seconds.
        m_limit = 1;
        m_windowMs = qint64(std::ceil(1000.0 / callsPerSecond));
    } else if (callsPerSecond >= 1) {
        m_limit = int(std::floor(callsPerSecond));
    }
}

void RateLimiter::expire(qint64 nowMs)
{
    while (!m_starts.empty() && nowMs - m_starts.front() >= m_windowMs)
        m_starts.pop_front();
}

qint64 RateLimiter::delayBeforeNext(qint64 nowMs)
{
    if (m_limit <= 0)
        return 0;
    expire(nowMs);
    if (qsizetype(m_starts.size()) < m_limit)
        return 0;
    return m_starts.front() + m_windowMs - nowMs;
}

void RateLimiter::record(qint64 nowMs)
{
    if (m_limit <= 0)
        return;
    expire(nowMs);
    m_starts.push_back(nowMs);
}
