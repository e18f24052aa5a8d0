#pragma once

#include "models/live/efficacyseriesmodel.h"

#include <QPointer>
#include <QSize>
#include <QTimer>
#include <QWidget>

class ChartLegend;
class QAction;
class QChart;
class QChartView;
class QLabel;
class QAreaSeries;
class QLineSeries;
class QScatterSeries;
class QToolButton;
class QValueAxis;
class RunSession;

// Efficacy by iteration: coverage, TPR, TNR, accuracy and F1 as lines with point markers (each
// with its own dash pattern, ChartStyle), the target coverage dashed, the best iteration
// starred, and revert / simplify / duplicate markers, and where a new benchmark version starts;
// the legend lists only the markers the run has. Hovering a point shows its figures, clicking
// it emits iterationActivated; with nothing to plot a message says so. Model changes are coalesced and applied with replace() at most ~25 times a second, and only while the chart is shown.
// Follows the palette (light or dark theme) and exports PNG or SVG.
class EfficacyChartView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EfficacyChartView)
public:
    static constexpr int UpdateIntervalMs = 40;

    explicit EfficacyChartView(EfficacySeriesModel *model, QWidget *parent = nullptr);
    // Convenience: a chart over its own EfficacySeriesModel of the session.
    explicit EfficacyChartView(RunSession *session, QWidget *parent = nullptr);
    ~EfficacyChartView() override;

    EfficacySeriesModel *model() const { return m_model; }
    QChart *chart() const { return m_chart; }
    QChartView *chartView() const { return m_view; }
    QLineSeries *metricSeries(EfficacySeriesModel::Metric metric) const;
    QLineSeries *targetSeries() const { return m_target; }
    QScatterSeries *bestSeries() const { return m_best; }
    QAreaSeries *coverageBand() const { return m_band; } // the coverage's 95 % interval
    QScatterSeries *markerSeries(RunMarker::Kind kind) const;
    QScatterSeries *benchmarkVersionSeries() const { return m_versions; }
    QValueAxis *iterationAxis() const { return m_xAxis; }
    QValueAxis *percentAxis() const { return m_yAxis; }
    QLabel *emptyState() const { return m_emptyState; } // shown while there is nothing to plot
    ChartLegend *legend() const { return m_legend; }
    // The names the legend shows now, in order (markers of kinds that did not happen are left out).
    QStringList legendEntries() const;

    // Renders the chart, titled, to a file at `size` (default: the on-screen size, at least
    // 960×540; PNGs are drawn at twice that many pixels).
    bool exportPng(const QString &path, QSize size = {});
    bool exportSvg(const QString &path, QSize size = {});

    // The export buttons ask for a file with a QFileDialog; tests turn native dialogs off.
    void setNativeFileDialogs(bool native) { m_nativeDialogs = native; }
    // Applies pending model changes now instead of on the next frame (or, while the chart is
    // hidden, when it is shown).
    void flush();
    // Model changes arrived while the chart was on a hidden page and are not plotted yet (they
    // are right after the chart is next shown).
    bool isBehind() const { return m_behind; }

public slots:
    void chooseExportPng();
    void chooseExportSvg();

signals:
    void iterationActivated(int iteration); // a point was clicked
    void exported(const QString &path, bool ok);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    enum class ExportFormat { Png, Svg };
    void createSeries();
    void applyPalette();
    void updateLegend();
    void chooseExportFile(ExportFormat format);
    void finishExport(const QString &path, bool ok);
    QSize exportSize(QSize requested) const;
    void render(QPainter *painter, QSize size);

    QPointer<EfficacySeriesModel> m_model;
    QChart *m_chart = nullptr;
    QChartView *m_view = nullptr;
    QList<QLineSeries *> m_metrics;
    QLineSeries *m_target = nullptr;
    QScatterSeries *m_best = nullptr;
    QAreaSeries *m_band = nullptr;
    QList<QScatterSeries *> m_markers; // by RunMarker::Kind
    QScatterSeries *m_versions = nullptr;
    QValueAxis *m_xAxis = nullptr;
    QValueAxis *m_yAxis = nullptr;
    ChartLegend *m_legend = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_emptyState = nullptr;
    QToolButton *m_pngButton = nullptr;
    QToolButton *m_svgButton = nullptr;
    QTimer m_updateTimer;
    bool m_nativeDialogs = true;
    bool m_behind = false; // model changes arrived while hidden; shown, the chart catches up
    bool m_applyingPalette = false;
};
