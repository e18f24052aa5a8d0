#include "crossrunchart.h"

#include <QBoxLayout>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>

using namespace Qt::StringLiterals;

namespace {
// The Okabe–Ito colours (told apart with colour-blindness), with a dash pattern each as well.
QColor curveColor(int i, bool dark)
{
    static const QList<QColor> light{QColor(0x00, 0x72, 0xb2), QColor(0xd5, 0x5e, 0x00),
                                     QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7),
                                     QColor(0x8c, 0x6d, 0x00), QColor(0x56, 0xb4, 0xe9)};
    static const QList<QColor> darkTones{QColor(0x56, 0xb4, 0xe9), QColor(0xf0, 0x8a, 0x4b),
                                         QColor(0x3c, 0xc8, 0x9a), QColor(0xe2, 0x9b, 0xc7),
                                         QColor(0xf0, 0xe4, 0x42), QColor(0xa8, 0xdc, 0xf7)};
    const QList<QColor> &set = dark ? darkTones : light;
    return set.at(i % set.size());
}

Qt::PenStyle curveDash(int i)
{
    static const Qt::PenStyle dashes[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine,
                                          Qt::DashDotDotLine};
    return dashes[i % 5];
}
} // namespace

CrossRunChart::CrossRunChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_view(new QChartView(m_chart, this))
{
    setObjectName(u"crossRunChart"_s);
    m_view->setObjectName(u"crossRunChartView"_s);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setAccessibleName(tr("Each run's coverage by iteration, on its own benchmark"));
    m_view->setMinimumSize(260, 200);
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->setTitle(tr("Each run on its own benchmark"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    applyPalette();
}

CrossRunChart::~CrossRunChart() = default;

void CrossRunChart::setCandidates(const QList<CrossRun::Candidate> &candidates)
{
    m_chart->removeAllSeries();
    m_curves.clear();
    const QList<QAbstractAxis *> axes = m_chart->axes();
    for (QAbstractAxis *axis : axes) {
        m_chart->removeAxis(axis);
        delete axis;
    }
    auto *x = new QValueAxis;
    x->setTitleText(tr("Iteration"));
    x->setLabelFormat(u"%d"_s);
    auto *y = new QValueAxis;
    y->setTitleText(tr("Coverage %"));
    y->setRange(0, 100);
    y->setLabelFormat(u"%d"_s);
    m_chart->addAxis(x, Qt::AlignBottom);
    m_chart->addAxis(y, Qt::AlignLeft);
    int last = 1;
    for (int i = 0; i < candidates.size(); ++i) {
        const CrossRun::Candidate &c = candidates.at(i);
        auto *series = new QLineSeries;
        series->setObjectName(u"crossRunCurve%1"_s.arg(i));
        // The leaderboard's rank only: the legend sits under a narrow chart (the Rank column
        // names the run), and the title says whose benchmark each curve is on.
        series->setName(u"#%1"_s.arg(i + 1));
        series->setProperty("candidate", c.label);
        QList<QPointF> points;
        for (const auto &[iteration, coverage] : c.curve) {
            points.append(QPointF(iteration, coverage * 100.0));
            last = std::max(last, iteration);
        }
        series->replace(points);
        series->setPointsVisible(true);
        m_chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
        m_curves.append(series);
    }
    x->setRange(1, std::max(2, last));
    x->setTickCount(std::min(std::max(2, last), 8));
    x->applyNiceNumbers();
    x->setMin(std::max(0.0, x->min()));
    applyPalette();
}

void CrossRunChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void CrossRunChart::applyPalette()
{
    const QPalette pal = palette();
    const QColor window = pal.color(QPalette::Window);
    const QColor text = pal.color(QPalette::WindowText);
    const bool dark = window.lightness() < 128;
    m_chart->setBackgroundBrush(window);
    m_chart->setBackgroundPen(Qt::NoPen);
    m_chart->setBackgroundRoundness(0);
    m_chart->setPlotAreaBackgroundVisible(false);
    m_chart->legend()->setLabelColor(text);
    m_chart->setTitleBrush(text);
    m_view->setBackgroundBrush(window);
    const QList<QAbstractAxis *> axes = m_chart->axes();
    for (QAbstractAxis *axis : axes) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setLinePenColor(pal.color(QPalette::Mid));
        axis->setGridLineColor(pal.color(QPalette::Midlight));
    }
    for (int i = 0; i < m_curves.size(); ++i) {
        QPen pen(curveColor(i, dark), i == 0 ? 3.0 : 2.0, curveDash(i), Qt::FlatCap, Qt::RoundJoin);
        m_curves.at(i)->setPen(pen);
    }
}
