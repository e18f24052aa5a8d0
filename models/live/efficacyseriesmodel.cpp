#include "efficacyseriesmodel.h"

#include "domain/decision.h"
#include "reports/displayformat.h"

#include <algorithm>

EfficacySeriesModel::EfficacySeriesModel(RunSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    Q_ASSERT(session);
    connect(session, &RunSession::reset, this, &EfficacySeriesModel::refresh);
    connect(session, &RunSession::runUpdated, this, &EfficacySeriesModel::refresh);
    connect(session, &RunSession::iterationAdded, this, &EfficacySeriesModel::refresh);
    connect(session, &RunSession::markerAdded, this, &EfficacySeriesModel::refresh);
    connect(session, &RunSession::iterationStarted, this, &EfficacySeriesModel::refresh);
    connect(session, &RunSession::liveChanged, this, &EfficacySeriesModel::refresh);
    refresh();
}

EfficacySeriesModel::~EfficacySeriesModel() = default;

QList<EfficacySeriesModel::Metric> EfficacySeriesModel::metrics()
{
    return {Metric::Coverage, Metric::TruePositiveRate, Metric::TrueNegativeRate, Metric::Accuracy,
            Metric::F1, Metric::ResponseCoverage};
}

QString EfficacySeriesModel::metricName(Metric metric)
{
    switch (metric) {
    case Metric::Coverage:
        return tr("Coverage");
    case Metric::TruePositiveRate:
        return tr("TPR");
    case Metric::TrueNegativeRate:
        return tr("TNR");
    case Metric::Accuracy:
        return tr("Accuracy");
    case Metric::F1:
        return tr("F1");
    case Metric::ResponseCoverage:
        return tr("Coverage (responses)");
    }
    return {};
}

QString EfficacySeriesModel::markerName(RunMarker::Kind kind)
{
    switch (kind) {
    case RunMarker::Kind::Revert:
        return tr("Revert");
    case RunMarker::Kind::Simplify:
        return tr("Simplify");
    case RunMarker::Kind::Duplicate:
        return tr("Duplicate");
    }
    return {};
}

QList<QPointF> EfficacySeriesModel::points(Metric metric) const
{
    return m_points[int(metric)];
}

QList<QPointF> EfficacySeriesModel::targetPoints() const
{
    return {QPointF(m_minX, m_target), QPointF(m_maxX, m_target)};
}

QList<QPointF> EfficacySeriesModel::bestPoints() const
{
    if (m_bestIteration <= 0)
        return {};
    return {QPointF(m_bestIteration, m_bestCoverage)};
}

QList<QPointF> EfficacySeriesModel::markerPoints(RunMarker::Kind kind) const
{
    QList<QPointF> out;
    const QList<QPointF> &coverage = m_points[int(Metric::Coverage)];
    for (const RunMarker &m : m_markers) {
        if (m.kind != kind)
            continue;
        // The coverage of the marker's iteration, else of the last one recorded before it.
        double y = 0;
        for (const QPointF &p : coverage) {
            if (p.x() > m.iteration)
                break;
            y = p.y();
        }
        out.append(QPointF(m.iteration, y));
    }
    return out;
}

QList<QPointF> EfficacySeriesModel::benchmarkVersionPoints() const
{
    QList<QPointF> out;
    const QList<QPointF> &coverage = m_points[int(Metric::Coverage)];
    for (const VersionStart &v : m_versionStarts) {
        for (const QPointF &p : coverage) {
            if (qRound(p.x()) == v.iteration)
                out.append(p);
        }
    }
    return out;
}

QString EfficacySeriesModel::pointToolTip(int iteration) const
{
    const qsizetype at = m_iterations.indexOf(iteration);
    if (at < 0)
        return {};
    const auto value = [this, at](Metric metric) { return DisplayFormat::percent(m_points[int(metric)].at(at).y() / 100.0); };
    QStringList lines{m_bestIteration == iteration ? tr("Iteration %1 (best)").arg(DisplayFormat::number(qint64(iteration)))
                                                   : tr("Iteration %1").arg(DisplayFormat::number(qint64(iteration)))};
    QString coverage = (m_onBenchmark ? tr("Coverage (benchmark): %1") : tr("Coverage: %1")).arg(value(Metric::Coverage));
    for (qsizetype b = 0; b < m_bandLow.size(); ++b) {
        if (qRound(m_bandLow.at(b).x()) == iteration) {
            //: %1 and %2: the lower and upper end of the 95 % interval
            coverage += u' ' + tr("(95 % interval %1–%2)").arg(DisplayFormat::percent(m_bandLow.at(b).y() / 100.0),
                                                               DisplayFormat::percent(m_bandHigh.at(b).y() / 100.0));
        }
    }
    lines.append(coverage);
    lines.append(tr("TPR: %1").arg(value(Metric::TruePositiveRate)));
    lines.append(tr("TNR: %1").arg(value(Metric::TrueNegativeRate)));
    lines.append(tr("Accuracy: %1").arg(value(Metric::Accuracy)));
    lines.append(tr("F1: %1").arg(value(Metric::F1)));
    for (const QPointF &r : m_points[int(Metric::ResponseCoverage)]) {
        if (qRound(r.x()) == iteration)
            lines.append(tr("Coverage (responses): %1").arg(DisplayFormat::percent(r.y() / 100.0)));
    }
    for (const RunMarker &m : m_markers) {
        if (m.iteration == iteration && !m.text.isEmpty())
            lines.append(m.text);
    }
    lines.append(tr("Click to show this iteration"));
    return lines.join(u'\n');
}

void EfficacySeriesModel::refresh()
{
    if (!m_session)
        return;
    const RunState &run = m_session->run();
    QList<const IterationResult *> recorded;
    recorded.reserve(run.iterations.size());
    for (const IterationResult &it : run.iterations)
        recorded.append(&it);
    std::stable_sort(recorded.begin(), recorded.end(),
                     [](const IterationResult *a, const IterationResult *b) {
                         return a->iteration < b->iteration;
                     });
    for (QList<QPointF> &series : m_points) {
        series.clear();
        series.reserve(recorded.size());
    }
    m_iterations.clear();
    m_bandLow.clear();
    m_bandHigh.clear();
    m_versionStarts.clear();
    const Decision decision(run.userInput);
    m_onBenchmark = std::any_of(recorded.cbegin(), recorded.cend(),
                                [&decision](const IterationResult *it) { return decision.onBenchmark(*it); });
    const bool withBands = !run.benchmarkSet.isEmpty()
                           || std::any_of(recorded.cbegin(), recorded.cend(),
                                          [](const IterationResult *it) { return it->benchmark.has_value(); });
    int version = 0;
    for (const IterationResult *it : std::as_const(recorded)) {
        if (m_onBenchmark && it->benchmark) {
            if (version > 0 && it->benchmark->version != version)
                m_versionStarts.append({it->iteration, it->benchmark->version, int(it->benchmark->results.size())});
            version = it->benchmark->version;
        }
        const double x = it->iteration;
        // The coverage line is the deciding figure (under --directions both, the weaker side).
        const EfficacyMetrics m = decision.shown(*it);
        // Bands only for runs with a benchmark: older runs show exactly the figures they had.
        // A live run's session learns its benchmark set only from the iterations it records,
        // so their scores count too (issue 40: no band while the run was live).
        if (const auto band = withBands ? MetricIntervals::of(decision.metrics(*it)).coverage : std::nullopt) {
            m_bandLow.append(QPointF(x, band->low * 100.0));
            m_bandHigh.append(QPointF(x, band->high * 100.0));
        }
        m_iterations.append(it->iteration);
        m_points[int(Metric::Coverage)].append(QPointF(x, m.coverage * 100.0));
        m_points[int(Metric::TruePositiveRate)].append(QPointF(x, m.truePositiveRate * 100.0));
        m_points[int(Metric::TrueNegativeRate)].append(QPointF(x, m.trueNegativeRate * 100.0));
        m_points[int(Metric::Accuracy)].append(QPointF(x, m.accuracy * 100.0));
        m_points[int(Metric::F1)].append(QPointF(x, m.f1Score * 100.0));
        if (it->responses)
            m_points[int(Metric::ResponseCoverage)].append(QPointF(x, it->responses->metrics.coverage * 100.0));
    }
    m_markers = m_session->markers();
    m_target = run.userInput.targetCoverage * 100.0;

    m_bestIteration = 0;
    m_bestCoverage = 0;
    if (const IterationResult *best = run.iterationByNumber(run.bestIteration)) {
        m_bestIteration = best->iteration;
        m_bestCoverage = decision.coverage(*best) * 100.0;
    }

    m_minX = m_iterations.isEmpty() ? 1 : qMin(1, m_iterations.first());
    // While live the axis spans the planned iterations, so it does not rescale every iteration.
    int maxX = m_minX + 1;
    if (m_session->isLive())
        maxX = qMax(maxX, run.userInput.maxIterations);
    if (!m_iterations.isEmpty())
        maxX = qMax(maxX, m_iterations.last());
    maxX = qMax(maxX, m_session->currentIteration());
    for (const RunMarker &m : std::as_const(m_markers))
        maxX = qMax(maxX, m.iteration);
    m_maxX = maxX;
    emit changed();
}
