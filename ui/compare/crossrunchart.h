#pragma once

#include "domain/crossrun.h"

#include <QWidget>

class QChart;
class QChartView;
class QLineSeries;

// The compared runs' iteration curves overlaid (issue 61): each run's coverage per iteration on
// ITS OWN benchmark, as the run measured it — the legend and the axis say so, since only the
// leaderboard beside it compares them on one benchmark. The candidate's iteration is marked.
class CrossRunChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CrossRunChart)
public:
    explicit CrossRunChart(QWidget *parent = nullptr);
    ~CrossRunChart() override;

    // In the leaderboard's order (its rank numbers the legend).
    void setCandidates(const QList<CrossRun::Candidate> &candidates);
    QList<QLineSeries *> curves() const { return m_curves; }
    QChart *chart() const { return m_chart; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyPalette();

    QChart *m_chart;
    QChartView *m_view;
    QList<QLineSeries *> m_curves;
};
