#include "efficacychartimage.h"

#include "chartstyle.h"
#include "domain/decision.h"
#include "reports/displayformat.h"
#include "reports/htmlreport.h"

#include <QBuffer>

#include <QPainter>
#include <QPainterPath>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

struct Series
{
    QString name;
    ChartStyle::Line line;
    double (*value)(const EfficacyMetrics &);
};

} // namespace

EfficacyMetrics EfficacyChartImage::plotted(const RunState &run, const IterationResult &it)
{
    return Decision(run.userInput).shown(it);
}

QByteArray EfficacyChartImage::png(const QImage &image)
{
    QByteArray bytes;
    if (image.isNull())
        return bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

QByteArray EfficacyChartImage::png(const RunState &run, const QSize &size, qreal devicePixelRatio)
{
    return png(render(run, size, devicePixelRatio));
}

QImage EfficacyChartImage::render(const RunState &run, const QSize &size, qreal dpr)
{
    QImage image(size * dpr, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(dpr);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    QFont font = p.font();
    font.setPixelSize(12);
    p.setFont(font);
    const QFontMetrics fm(font);

    const QColor axis(0x5b, 0x62, 0x70);
    const QColor grid(0xe3, 0xe6, 0xea);
    const QRectF plot(48, 36, size.width() - 64, size.height() - 36 - 34);

    // Grid and y axis: 0 … 100 %.
    for (int pct = 0; pct <= 100; pct += 25) {
        const qreal y = plot.bottom() - plot.height() * pct / 100.0;
        p.setPen(QPen(grid, 1));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(axis);
        p.drawText(QRectF(0, y - 8, plot.left() - 6, 16), Qt::AlignRight | Qt::AlignVCenter,
                   DisplayFormat::percent(pct / 100.0, 0));
    }

    // As in the app's chart (ChartStyle): the thick coverage first, dashed TPR and dotted TNR
    // on top of it.
    const QList<Series> series{
        {HtmlReport::chartOnBenchmark(run) ? tr("Coverage (benchmark)") : tr("Coverage"), ChartStyle::Line::Coverage,
         [](const EfficacyMetrics &m) { return m.coverage; }},
        {tr("TPR"), ChartStyle::Line::TruePositiveRate, [](const EfficacyMetrics &m) { return m.truePositiveRate; }},
        {tr("TNR"), ChartStyle::Line::TrueNegativeRate, [](const EfficacyMetrics &m) { return m.trueNegativeRate; }},
    };

    // Legend along the top.
    qreal lx = plot.left();
    auto legend = [&](const QString &name, const QPen &pen) {
        p.setPen(pen);
        p.drawLine(QPointF(lx, 18), QPointF(lx + 22, 18));
        p.setPen(axis);
        p.drawText(QPointF(lx + 28, 18 + fm.ascent() / 2.0 - 1), name);
        lx += 28 + fm.horizontalAdvance(name) + 18;
    };
    for (const Series &s : series)
        legend(s.name, ChartStyle::pen(s.line));
    const QPen targetPen = ChartStyle::targetPen(axis);
    legend(tr("Target %1").arg(DisplayFormat::percent(run.userInput.targetCoverage, 0)), targetPen);

    const qsizetype n = run.iterations.size();
    auto xAt = [&](qsizetype i) {
        return n <= 1 ? plot.center().x()
                      : plot.left() + 12 + (plot.width() - 24) * i / qreal(n - 1);
    };
    auto yAt = [&](double v) {
        return plot.bottom() - plot.height() * qBound(0.0, v, 1.0);
    };

    const qreal ty = yAt(run.userInput.targetCoverage);
    p.setPen(targetPen);
    p.drawLine(QPointF(plot.left(), ty), QPointF(plot.right(), ty));

    if (n == 0) {
        p.setPen(axis);
        p.drawText(plot, Qt::AlignCenter, tr("No recorded iterations yet"));
        return image;
    }
    // X labels: the iteration numbers (they can have gaps).
    p.setPen(axis);
    for (qsizetype i = 0; i < n; ++i) {
        const QString label = u"#"_s + QString::number(run.iterations.at(i).iteration);
        p.drawText(QRectF(xAt(i) - 30, plot.bottom() + 6, 60, 18), Qt::AlignHCenter | Qt::AlignTop,
                   label);
    }
    for (const Series &s : series) { // thin TPR/TNR drawn over the thick coverage line
        const ChartStyle::Style style = ChartStyle::style(s.line);
        QPainterPath path;
        QList<QPointF> points;
        for (qsizetype i = 0; i < n; ++i)
            points.append(QPointF(xAt(i), yAt(s.value(plotted(run, run.iterations.at(i))))));
        path.moveTo(points.first());
        for (qsizetype i = 1; i < points.size(); ++i)
            path.lineTo(points.at(i));
        p.setPen(ChartStyle::pen(s.line));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        p.setPen(Qt::NoPen);
        p.setBrush(style.color);
        const qreal radius = style.pointSize / 2.0;
        for (const QPointF &pt : std::as_const(points))
            p.drawEllipse(pt, radius, radius);
    }
    // Mark the best iteration.
    for (qsizetype i = 0; i < n; ++i) {
        if (run.iterations.at(i).iteration != run.bestIteration)
            continue;
        const QPointF pt(xAt(i), yAt(plotted(run, run.iterations.at(i)).coverage));
        p.setPen(QPen(ChartStyle::style(ChartStyle::Line::Coverage).color, 2));
        p.setBrush(Qt::white);
        p.drawEllipse(pt, 6.0, 6.0);
    }
    return image;
}
