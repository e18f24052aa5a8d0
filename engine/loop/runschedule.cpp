#include "runschedule.h"

#include <algorithm>

void RunSchedule::start()
{
    m_timings.clear();
    m_clock.start();
}

int RunSchedule::begin(const QString &task, int iteration, QList<int> after)
{
    if (!m_clock.isValid())
        m_clock.start();
    after.removeAll(None);
    m_timings.append(StepTiming{task, iteration, m_clock.elapsed(), -1, std::move(after)});
    return int(m_timings.size() - 1);
}

void RunSchedule::end(int index)
{
    if (index < 0 || index >= m_timings.size() || m_timings.at(index).endMs >= 0)
        return;
    m_timings[index].endMs = m_clock.elapsed();
}

qint64 RunSchedule::criticalPathMs(const QList<StepTiming> &timings)
{
    // Pieces only ever name earlier pieces, so one pass in order finds every chain's length.
    QList<qint64> finish(timings.size(), 0);
    qint64 longest = 0;
    for (qsizetype i = 0; i < timings.size(); ++i) {
        qint64 before = 0;
        for (const int dep : timings.at(i).after) {
            if (dep >= 0 && dep < i)
                before = std::max(before, finish.at(dep));
        }
        finish[i] = before + timings.at(i).durationMs();
        longest = std::max(longest, finish.at(i));
    }
    return longest;
}

qint64 RunSchedule::totalWorkMs(const QList<StepTiming> &timings)
{
    qint64 sum = 0;
    for (const StepTiming &t : timings)
        sum += t.durationMs();
    return sum;
}
