#pragma once

#include "models/compare/iterationcomparison.h"

#include <QTableWidget>

// Metrics of iterations A and B side by side with the change: an arrow (▲/▼), signed
// percentage points for rates, a signed count for FP/FN, coloured better/worse from the palette.
class MetricDeltaTable final : public QTableWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MetricDeltaTable)
public:
    enum Column { AColumn, BColumn, ChangeColumn, ColumnCount };

    explicit MetricDeltaTable(QWidget *parent = nullptr);

    void setComparison(const IterationComparison &comparison);
    void clearComparison();

    static QString metricName(MetricDelta::Metric metric);
    static QString value(const MetricDelta &d, double v);
    static QString change(const MetricDelta &d); // "▲ +2.5 pp", "▼ -1", "no change"

    QSize sizeHint() const override; // the whole table, no scrolling
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void recolor();

    QList<MetricDelta> m_deltas;
};
