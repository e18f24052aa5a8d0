#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

// How fast the scan step goes and when it will be done, from its progress over time: the
// rate over the last few seconds (so a pause, a slow start or a rate limit does not skew it for
// long), and the time left at that rate. Times are milliseconds on any monotonic clock.
class ScanRate final
{
    Q_DECLARE_TR_FUNCTIONS(ScanRate)
public:
    static constexpr qint64 WindowMs = 10000; // the rate is measured over this long
    static constexpr qint64 MinSpanMs = 250;  // and not before this much has passed

    void reset();
    // `completed` of `total` scans done at time `ms`. A count that goes down (a new scan step)
    // starts the measurement again.
    void add(int completed, int total, qint64 ms);

    bool isKnown() const { return perSecond() > 0; }
    double perSecond() const;   // 0 while unknown
    qint64 remainingMs() const; // -1 while unknown; 0 when done
    int completed() const { return m_samples.isEmpty() ? 0 : m_samples.last().completed; }
    int total() const { return m_total; }

    // "12.5 scans/s · about 40 s left" in the user's language and locale; "Measuring the scan
    // rate…" while unknown.
    QString text() const;
    static QString duration(qint64 ms); // "40 s", "2 min 05 s", "1 h 03 min"

private:
    struct Sample
    {
        qint64 ms = 0;
        int completed = 0;
    };
    QList<Sample> m_samples;
    int m_total = 0;
};
