#pragma once

#include <QElapsedTimer>
#include <QList>
#include <QString>

// When each piece of a run's work started and ended, and which pieces it needed first: the
// run's schedule as it happened. The critical path is the longest chain of pieces that each
// needed the one before, by their measured durations: the least wall time any schedule could
// reach with the same durations. bench_runschedule compares the wall time with it.
//
// A piece is recorded where its work really starts (its inputs exist) and ends; `after` names
// the pieces whose results it needed (data dependencies, not the order the loop chose).
struct StepTiming
{
    QString task;   // "generate", "deploy", "propagate", "tests", "scan", "analyze", …
    int iteration = 0; // 0: outside any iteration
    qint64 startMs = 0; // since the schedule started
    qint64 endMs = -1;  // -1 while in progress
    QList<int> after;   // indices of the pieces this one needed

    qint64 durationMs() const { return endMs < 0 ? 0 : endMs - startMs; }
};

class RunSchedule
{
public:
    static constexpr int None = -1;

    void start(); // the clock starts; earlier timings are dropped
    bool isStarted() const { return m_clock.isValid(); }
    // A piece starts now; returns its index. Entries of `after` that are None are left out.
    int begin(const QString &task, int iteration, QList<int> after = {});
    void end(int index); // ignores None and pieces already ended
    qint64 elapsedMs() const { return m_clock.isValid() ? m_clock.elapsed() : 0; }
    const QList<StepTiming> &timings() const { return m_timings; }

    // The longest chain of dependent pieces, by duration (unfinished pieces count as 0).
    static qint64 criticalPathMs(const QList<StepTiming> &timings);
    // The sum of every piece's duration along no chain: what a strictly one-after-another
    // schedule of these pieces would take.
    static qint64 totalWorkMs(const QList<StepTiming> &timings);

private:
    QElapsedTimer m_clock;
    QList<StepTiming> m_timings;
};
