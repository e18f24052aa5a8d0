#pragma once

#include "domain/runstate.h"

#include <QCoreApplication>
#include <QImage>

// A static picture of a run's efficacy (coverage, TPR, TNR per recorded iteration, with the
// target as a dashed line) for reports. QPainter on a QImage only: safe on a worker thread.
// The main window may render its live chart view instead. HtmlReport (engine/reports) takes the
// picture as PNG bytes: png() hands them over.
class EfficacyChartImage final
{
    Q_DECLARE_TR_FUNCTIONS(EfficacyChartImage)
public:
    static QImage render(const RunState &run, const QSize &size = QSize(880, 320),
                         qreal devicePixelRatio = 1.0);
    // The figures plotted for an iteration: those the run decides on (the held-out
    // benchmark's when it has one), as the app's chart and the report's cards show (issue 40).
    static EfficacyMetrics plotted(const RunState &run, const IterationResult &it);
    // The picture as PNG bytes, for HtmlReport and ReportExport; empty for a null image.
    static QByteArray png(const QImage &image);
    static QByteArray png(const RunState &run, const QSize &size = QSize(880, 320), qreal devicePixelRatio = 1.0);
};
