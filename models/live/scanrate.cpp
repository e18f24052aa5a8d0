#include "scanrate.h"

#include "reports/displayformat.h"

#include <cmath>

void ScanRate::reset()
{
    m_samples.clear();
    m_total = 0;
}

void ScanRate::add(int completed, int total, qint64 ms)
{
    if (!m_samples.isEmpty() &&
        (completed < m_samples.last().completed || ms < m_samples.last().ms))
        m_samples.clear();
    m_total = total;
    if (!m_samples.isEmpty() && m_samples.last().completed == completed)
        return; // no progress: the rate falls as time goes on only through the next sample
    m_samples.append({ms, completed});
    // Keep one sample older than the window, so the window is always spanned.
    while (m_samples.size() > 2 && ms - m_samples.at(1).ms >= WindowMs)
        m_samples.removeFirst();
}

double ScanRate::perSecond() const
{
    if (m_samples.size() < 2)
        return 0;
    const Sample &first = m_samples.first();
    const Sample &last = m_samples.last();
    const qint64 span = last.ms - first.ms;
    if (span < MinSpanMs)
        return 0;
    return (last.completed - first.completed) * 1000.0 / double(span);
}

qint64 ScanRate::remainingMs() const
{
    if (m_samples.isEmpty())
        return -1;
    const int left = m_total - completed();
    if (left <= 0)
        return 0;
    const double rate = perSecond();
    if (rate <= 0)
        return -1;
    return qint64(std::ceil(left / rate * 1000.0));
}

QString ScanRate::duration(qint64 ms)
{
    const qint64 seconds = qMax<qint64>(0, (ms + 999) / 1000);
    if (seconds < 60)
        return tr("%1 s").arg(DisplayFormat::number(seconds));
    if (seconds < 3600)
        return tr("%1 min %2 s")
            .arg(DisplayFormat::number(seconds / 60))
            .arg(seconds % 60, 2, 10, QLatin1Char('0'));
    return tr("%1 h %2 min")
        .arg(DisplayFormat::number(seconds / 3600))
        .arg((seconds % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QString ScanRate::text() const
{
    const double rate = perSecond();
    if (rate <= 0)
        return tr("Measuring the scan rate…");
    const QString perSecondText =
        tr("%1 scans/s").arg(DisplayFormat::number(rate, rate < 10 ? 1 : 0));
    const qint64 left = remainingMs();
    if (left <= 0)
        return perSecondText;
    //: %1 the scan rate ("12.5 scans/s"), %2 the time left ("40 s")
    return tr("%1 · about %2 left").arg(perSecondText, duration(left));
}
