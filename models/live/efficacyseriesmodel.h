#pragma once

#include "models/runsession.h"

#include <QList>
#include <QObject>
#include <QPointF>
#include <QPointer>

// The efficacy of a run's recorded iterations as chart-ready points: x is the iteration
// number (numbers can have gaps: a skipped duplicate is never recorded), y is a percentage
// (0–100). Follows the session live and emits changed() after every update; views coalesce.
class EfficacySeriesModel final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EfficacySeriesModel)
public:
    // ResponseCoverage: the response tests' coverage (issue 43), only for iterations that have
    // them; the others are the figures the run decides on.
    enum class Metric { Coverage, TruePositiveRate, TrueNegativeRate, Accuracy, F1, ResponseCoverage };
    Q_ENUM(Metric)
    static constexpr int MetricCount = 6;
    static QList<Metric> metrics();
    static QString metricName(Metric metric);
    static QString markerName(RunMarker::Kind kind);

    explicit EfficacySeriesModel(RunSession *session, QObject *parent = nullptr);
    ~EfficacySeriesModel() override;

    RunSession *session() const { return m_session; }

    QList<QPointF> points(Metric metric) const;
    // The 95 % Wilson interval of each plotted coverage (percent): the lower and the upper
    // edge of the band around the coverage line; iterations without an interval are skipped.
    QList<QPointF> coverageBandLow() const { return m_bandLow; }
    QList<QPointF> coverageBandHigh() const { return m_bandHigh; }
    // The figures are the held-out benchmark's when the run has one (the ones it decides on).
    bool onBenchmark() const { return m_onBenchmark; }
    QList<int> iterations() const { return m_iterations; } // recorded, ascending

    double targetCoverage() const { return m_target; }    // percent
    QList<QPointF> targetPoints() const;                  // across the x range
    int bestIteration() const { return m_bestIteration; } // 0 = none
    QList<QPointF> bestPoints() const;                    // none or one: (best, its coverage)

    // One point per marker of a kind: x = the iteration it happened in, y = that iteration's
    // coverage once recorded, else the coverage of the last iteration recorded before it (a
    // skipped duplicate is never recorded), else 0.
    QList<QPointF> markerPoints(RunMarker::Kind kind) const;
    QList<RunMarker> markers() const { return m_markers; }

    // Where the benchmark changed (a person added prompts): the first iteration scored on each
    // later version. Figures either side are on different prompt sets and are not comparable.
    struct VersionStart
    {
        int iteration = 0;
        int version = 0;
        int prompts = 0; // in that version
    };
    QList<VersionStart> benchmarkVersionStarts() const { return m_versionStarts; }
    QList<QPointF> benchmarkVersionPoints() const; // (iteration, its coverage) per start

    // The x range a chart shows: the first iteration to the furthest of the recorded and the
    // current ones and, while the run is live, the planned ones (maxIterations).
    int minIteration() const { return m_minX; }
    int maxIteration() const { return m_maxX; }

    // What a point of iteration `iteration` says on hover: the iteration, coverage (with its
    // interval when there is one), TPR, TNR, accuracy and F1, in the user's locale, and what
    // happened in it (best, revert, …). Empty for an iteration without figures.
    QString pointToolTip(int iteration) const;
    bool isEmpty() const { return m_iterations.isEmpty(); } // nothing to plot yet

    void refresh(); // recomputes everything from the session

signals:
    void changed();

private:
    QPointer<RunSession> m_session;
    QList<QPointF> m_points[MetricCount];
    QList<int> m_iterations;
    QList<QPointF> m_bandLow;
    QList<QPointF> m_bandHigh;
    bool m_onBenchmark = false;
    QList<RunMarker> m_markers;
    QList<VersionStart> m_versionStarts;
    double m_target = 0;
    int m_bestIteration = 0;
    double m_bestCoverage = 0;
    int m_minX = 1;
    int m_maxX = 1;
};
