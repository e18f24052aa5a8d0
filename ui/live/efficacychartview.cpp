#include "efficacychartview.h"

#include "chartlegend.h"
#include "opaquecolor.h"

#include "models/compare/chartstyle.h"
#include "reports/displayformat.h"
#include "ui/widgets/hiddenpage.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QAreaSeries>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QStackedLayout>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {
// Room around the data, so markers at the edges show whole (the plot area clips): iterations
// either side, and percentage points below 0 % and above 100 %.
constexpr qreal AxisPadding = 0.4;
constexpr qreal PercentPadding = 4;
const QList<RunMarker::Kind> markerKinds{RunMarker::Kind::Revert, RunMarker::Kind::Simplify,
                                         RunMarker::Kind::Duplicate};
} // namespace

EfficacyChartView::EfficacyChartView(RunSession *session, QWidget *parent)
    : EfficacyChartView(new EfficacySeriesModel(session, nullptr), parent)
{
    m_model->setParent(this);
}

EfficacyChartView::EfficacyChartView(EfficacySeriesModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    Q_ASSERT(model);
    setObjectName(u"efficacyChart"_s);
    setAccessibleName(tr("Efficacy chart"));
    m_chart = new QChart;
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->hide(); // ChartLegend, under the plot, lists the series instead
    QMargins margins = m_chart->margins();
    margins.setBottom(margins.bottom() / 4); // the legend's own margin follows
    m_chart->setMargins(margins);
    m_view = new QChartView(m_chart, this); // owns the chart
    m_view->setObjectName(u"efficacyChartView"_s);
    m_view->setAccessibleName(tr("Efficacy by iteration"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumSize(320, 220);
    createSeries();
    m_legend = new ChartLegend(this);
    m_legend->setSeries(m_chart->series());

    auto *pngAction = new QAction(tr("Export PNG…"), this);
    pngAction->setObjectName(u"exportChartPngAction"_s);
    connect(pngAction, &QAction::triggered, this, &EfficacyChartView::chooseExportPng);
    auto *svgAction = new QAction(tr("Export SVG…"), this);
    svgAction->setObjectName(u"exportChartSvgAction"_s);
    connect(svgAction, &QAction::triggered, this, &EfficacyChartView::chooseExportSvg);
    m_view->addAction(pngAction);
    m_view->addAction(svgAction);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);

    m_pngButton = new QToolButton(this);
    m_pngButton->setObjectName(u"exportChartPng"_s);
    m_pngButton->setAccessibleName(tr("Export the chart as PNG"));
    m_pngButton->setText(pngAction->text());
    connect(m_pngButton, &QToolButton::clicked, this, &EfficacyChartView::chooseExportPng);
    m_svgButton = new QToolButton(this);
    m_svgButton->setObjectName(u"exportChartSvg"_s);
    m_svgButton->setAccessibleName(tr("Export the chart as SVG"));
    m_svgButton->setText(svgAction->text());
    connect(m_svgButton, &QToolButton::clicked, this, &EfficacyChartView::chooseExportSvg);

    // The title sits beside the export buttons on screen and inside the chart in exports.
    m_title = new QLabel(tr("Efficacy by iteration"), this);
    m_title->setObjectName(u"efficacyChartTitle"_s);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    auto *buttons = new QHBoxLayout;
    buttons->setContentsMargins(6, 0, 0, 0);
    buttons->addWidget(m_title);
    buttons->addStretch(1);
    buttons->addWidget(m_pngButton);
    buttons->addWidget(m_svgButton);
    // Before the first iteration is recorded the chart says what it will show.
    m_emptyState = new QLabel(tr("No iterations yet — the chart fills in as each iteration completes."), this);
    m_emptyState->setObjectName(u"chartEmptyState"_s);
    m_emptyState->setProperty("overlay", true); // over the empty chart, on purpose
    m_emptyState->setAlignment(Qt::AlignCenter);
    m_emptyState->setWordWrap(true);
    m_emptyState->setAttribute(Qt::WA_TransparentForMouseEvents);
    auto *stack = new QStackedLayout;
    stack->setStackingMode(QStackedLayout::StackAll);
    stack->addWidget(m_emptyState);
    stack->addWidget(m_view);
    stack->setCurrentWidget(m_emptyState); // on top
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addLayout(stack, 1);
    layout->addWidget(m_legend);

    m_updateTimer.setSingleShot(true);
    m_updateTimer.setInterval(UpdateIntervalMs);
    // A chart on a hidden page only notes that it is behind: re-plotting it (its axes lay
    // out the whole chart) at every iteration boundary cost the window up to 15 ms
    // while a person watched another page. showEvent() catches up.
    connect(&m_updateTimer, &QTimer::timeout, this, [this] {
        if (onHiddenPage(this))
            m_behind = true;
        else
            flush();
    });
    connect(model, &EfficacySeriesModel::changed, this, [this] {
        if (!m_updateTimer.isActive())
            m_updateTimer.start();
    });
    applyPalette();
    flush();
}

EfficacyChartView::~EfficacyChartView() = default;

void EfficacyChartView::createSeries()
{
    const auto activate = [this](const QPointF &point) {
        emit iterationActivated(qRound(point.x()));
    };
    const auto hover = [this](const QPointF &point, bool state) {
        if (!state || !m_model)
            return QToolTip::hideText();
        QToolTip::showText(QCursor::pos(), m_model->pointToolTip(qRound(point.x())), m_view);
    };
    for (EfficacySeriesModel::Metric metric : EfficacySeriesModel::metrics()) {
        auto *series = new QLineSeries;
        series->setName(EfficacySeriesModel::metricName(metric));
        series->setObjectName(u"metricSeries%1"_s.arg(int(metric)));
        series->setPointsVisible(true);
        connect(series, &QXYSeries::clicked, this, activate);
        connect(series, &QXYSeries::hovered, this, hover);
        m_metrics.append(series);
    }
    // The coverage's 95 % interval, a band under the lines: how far apart two iterations
    // must be before the difference means something.
    m_band = new QAreaSeries(new QLineSeries(this), new QLineSeries(this));
    m_band->setName(tr("Coverage, 95 % interval"));
    m_band->setObjectName(u"coverageBand"_s);
    m_chart->addSeries(m_band);
    // Coverage, the thick line the loop optimises, goes first, under the others: it always
    // coincides with TPR or TNR, which show as dashed or dotted lines on top of it.
    for (QLineSeries *series : std::as_const(m_metrics))
        m_chart->addSeries(series);
    m_target = new QLineSeries;
    m_target->setName(tr("Target"));
    m_chart->addSeries(m_target);

    m_best = new QScatterSeries;
    m_best->setName(tr("Best"));
    m_best->setMarkerShape(QScatterSeries::MarkerShapeStar);
    m_chart->addSeries(m_best);
    connect(m_best, &QXYSeries::clicked, this, activate);
    connect(m_best, &QXYSeries::hovered, this, hover);

    for (RunMarker::Kind kind : markerKinds) {
        auto *series = new QScatterSeries;
        series->setName(EfficacySeriesModel::markerName(kind));
        switch (kind) {
        case RunMarker::Kind::Revert:
            series->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
            break;
        case RunMarker::Kind::Simplify:
            series->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
            break;
        case RunMarker::Kind::Duplicate:
            series->setMarkerShape(QScatterSeries::MarkerShapePentagon);
            break;
        }
        m_chart->addSeries(series);
        connect(series, &QXYSeries::hovered, this, [this, kind](const QPointF &point, bool state) {
            if (!state || !m_model)
                return QToolTip::hideText();
            QStringList texts;
            for (const RunMarker &m : m_model->markers()) {
                if (m.kind == kind && m.iteration == qRound(point.x()))
                    texts.append(tr("Iteration %1: %2").arg(m.iteration).arg(m.text));
            }
            QToolTip::showText(QCursor::pos(), texts.join(u'\n'), m_view);
        });
        m_markers.append(series);
    }

    // A person's additions to the benchmark start a new version: the figures before and after
    // are on different prompt sets.
    m_versions = new QScatterSeries;
    m_versions->setObjectName(u"benchmarkVersionSeries"_s);
    m_versions->setName(tr("New benchmark version"));
    m_versions->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_chart->addSeries(m_versions);
    connect(m_versions, &QXYSeries::hovered, this, [this](const QPointF &point, bool state) {
        if (!state || !m_model)
            return QToolTip::hideText();
        for (const EfficacySeriesModel::VersionStart &v : m_model->benchmarkVersionStarts()) {
            if (v.iteration == qRound(point.x()))
                return QToolTip::showText(QCursor::pos(),
                                          tr("Iteration %1 is the first scored on benchmark version %2 (%3 prompts): "
                                             "figures before it are on fewer prompts, so Compare puts them side by "
                                             "side on the prompts both were asked.")
                                              .arg(v.iteration)
                                              .arg(v.version)
                                              .arg(v.prompts),
                                          m_view);
        }
    });
    connect(m_versions, &QXYSeries::clicked, this, activate);

    m_xAxis = new QValueAxis(this);
    m_xAxis->setTitleText(tr("Iteration"));
    m_xAxis->setLabelFormat(u"%d"_s);
    m_xAxis->setTickType(QValueAxis::TicksDynamic);
    m_xAxis->setTickAnchor(1);
    m_xAxis->setTickInterval(1);
    m_xAxis->setMinorTickCount(0);
    m_yAxis = new QValueAxis(this);
    // Markers at 0 % and 100 % (a perfect TNR, a best iteration at 100 %) are drawn whole:
    // the plot area clips. Ticks stay at 0, 20, … 100.
    m_yAxis->setRange(-PercentPadding, 100 + PercentPadding);
    m_yAxis->setTickType(QValueAxis::TicksDynamic);
    m_yAxis->setTickAnchor(0);
    m_yAxis->setTickInterval(20);
    m_yAxis->setMinorTickCount(0);
    // "80%" or "80 %", as the locale writes a percentage.
    QString percentFormat = DisplayFormat::percent(0.0, 0);
    percentFormat.replace(QLocale().toString(0), u"%d"_s);
    // QtCharts formats the labels with printf on the format's Latin-1 bytes, read back as
    // UTF-8: the no-break space of "80 %" (German, French) came out as U+FFFD. An ASCII space
    // looks the same on an axis, where labels never wrap; anything else non-ASCII falls back
    // to "80%". (Localised labels, setLocalizeNumbers(), draw no labels at all in Qt 6.4.)
    for (QChar &c : percentFormat) {
        if (c.isSpace())
            c = u' ';
    }
    const bool ascii = std::all_of(percentFormat.cbegin(), percentFormat.cend(),
                                   [](QChar c) { return c.unicode() < 0x80; });
    m_yAxis->setLabelFormat(ascii ? percentFormat : u"%d%"_s);
    m_chart->addAxis(m_xAxis, Qt::AlignBottom);
    m_chart->addAxis(m_yAxis, Qt::AlignLeft);
    for (QAbstractSeries *series : m_chart->series()) {
        series->attachAxis(m_xAxis);
        series->attachAxis(m_yAxis);
    }
}

QLineSeries *EfficacyChartView::metricSeries(EfficacySeriesModel::Metric metric) const
{
    return m_metrics.value(int(metric));
}

QScatterSeries *EfficacyChartView::markerSeries(RunMarker::Kind kind) const
{
    return m_markers.value(int(markerKinds.indexOf(kind)));
}

void EfficacyChartView::flush()
{
    m_updateTimer.stop();
    m_behind = false;
    if (!m_model)
        return;
    // Each replace() makes the chart re-lay out its axes (QtCharts recomputes the domain), so
    // only series whose points changed are replaced: an iteration usually moves a few.
    const auto replace = [](QXYSeries *series, const QList<QPointF> &points) {
        if (series->points() != points)
            series->replace(points);
    };
    const QList<EfficacySeriesModel::Metric> metrics = EfficacySeriesModel::metrics();
    for (int i = 0; i < metrics.size(); ++i)
        replace(m_metrics.at(i), m_model->points(metrics.at(i)));
    replace(m_band->upperSeries(), m_model->coverageBandHigh());
    replace(m_band->lowerSeries(), m_model->coverageBandLow());
    metricSeries(EfficacySeriesModel::Metric::Coverage)
        ->setName(m_model->onBenchmark() ? tr("Coverage (benchmark)") : EfficacySeriesModel::metricName(EfficacySeriesModel::Metric::Coverage));

    const qreal minX = m_model->minIteration() - AxisPadding;
    const qreal maxX = m_model->maxIteration() + AxisPadding;
    const qreal target = m_model->targetCoverage();
    replace(m_target, {QPointF(minX, target), QPointF(maxX, target)});
    m_target->setName(tr("Target %1").arg(DisplayFormat::percent(target / 100.0)));
    replace(m_best, m_model->bestPoints());
    for (int i = 0; i < markerKinds.size(); ++i)
        replace(m_markers.at(i), m_model->markerPoints(markerKinds.at(i)));
    replace(m_versions, m_model->benchmarkVersionPoints());
    updateLegend();
    m_emptyState->setVisible(m_model->isEmpty());

    m_xAxis->setRange(minX, maxX);
    const int span = m_model->maxIteration() - m_model->minIteration();
    m_xAxis->setTickInterval(qMax(1, int(std::ceil(span / 12.0))));
}

void EfficacyChartView::updateLegend()
{
    // The legend names only what this run has: a revert, a simplification, a skipped
    // duplicate, a new benchmark version, an interval band, a best iteration.
    for (QScatterSeries *series : std::as_const(m_markers))
        m_legend->setShown(series, series->count() > 0);
    m_legend->setShown(m_versions, m_versions->count() > 0);
    m_legend->setShown(m_band, m_band->upperSeries()->count() > 0);
    m_legend->setShown(m_best, m_best->count() > 0);
    QLineSeries *responses = metricSeries(EfficacySeriesModel::Metric::ResponseCoverage);
    m_legend->setShown(responses, responses->count() > 0); // runs with response tests only
}

QStringList EfficacyChartView::legendEntries() const
{
    return m_legend->entries();
}

void EfficacyChartView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_behind)
        catchUpAfterFirstFrame(this, [this] {
            if (m_behind && isVisible())
                flush();
        });
}

void EfficacyChartView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void EfficacyChartView::applyPalette()
{
    if (m_applyingPalette || !m_emptyState)
        return;
    m_applyingPalette = true;
    const QPalette pal = palette();
    const QColor window = pal.color(QPalette::Window);
    const QColor text = pal.color(QPalette::WindowText);
    // Opaque (see opaquecolor.h): a translucent grid line as tall as the plot, or the band,
    // made every paint of the chart wait for Qt's thread pool several times over.
    QColor grid = pal.color(QPalette::Mid);
    grid.setAlphaF(0.5);
    grid = opaqueOver(grid, window);
    m_chart->setTheme(window.lightness() < 128 ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    QPalette emptyPalette = m_emptyState->palette();
    emptyPalette.setColor(QPalette::WindowText, pal.color(QPalette::PlaceholderText));
    m_emptyState->setPalette(emptyPalette);
    m_chart->setBackgroundBrush(window);
    m_chart->setBackgroundPen(Qt::NoPen);
    m_chart->setBackgroundRoundness(0);
    m_chart->setPlotAreaBackgroundVisible(false);
    m_chart->setTitleBrush(text);
    m_view->setBackgroundBrush(window);
    for (QValueAxis *axis : {m_xAxis, m_yAxis}) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setLinePenColor(pal.color(QPalette::Mid));
        axis->setGridLineColor(grid);
    }
    // The theme resets pens and sizes: set ours again (ChartStyle, as in the report's picture).
    const bool dark = window.lightness() < 128;
    for (int i = 0; i < m_metrics.size(); ++i) {
        const auto line = ChartStyle::Line(i);
        m_metrics.at(i)->setPen(ChartStyle::pen(line, dark));
        m_metrics.at(i)->setMarkerSize(ChartStyle::style(line, dark).pointSize);
    }
    m_target->setPen(ChartStyle::targetPen(text));
    m_band->setBrush(opaqueOver(ChartStyle::bandColor(dark), window));
    m_band->setPen(Qt::NoPen);
    m_best->setMarkerSize(20);
    m_best->setColor(pal.color(QPalette::Highlight));
    m_best->setBorderColor(text);
    for (QScatterSeries *series : std::as_const(m_markers)) {
        series->setMarkerSize(14);
        series->setBorderColor(text);
    }
    m_versions->setMarkerSize(12);
    m_versions->setColor(Qt::transparent);
    m_versions->setBorderColor(text);
    QPen versionPen = m_versions->pen();
    versionPen.setColor(text);
    versionPen.setWidthF(2);
    m_versions->setPen(versionPen);
    m_legend->update(); // it draws each swatch from its series' new pens
    m_applyingPalette = false;
}
