#include "chartlegend.h"

#include <QAbstractSeries>
#include <QAreaSeries>
#include <QFontMetricsF>
#include <QLineSeries>
#include <QPainter>
#include <QPainterPath>
#include <QScatterSeries>

#include <cmath>

namespace {

// Sizes in terms of the font's line height, so the legend scales with the font.
struct Metrics
{
    explicit Metrics(const QFontMetricsF &font)
        : line(font.height()), swatch(2 * line), gap(0.4 * line), spacing(1.2 * line),
          row(1.5 * line), margin(0.25 * line)
    {
    }
    qreal line, swatch, gap, spacing, row, margin;
};

// One entry's place: its swatch and its name.
struct Placed
{
    QRectF swatch;
    QRectF text;
};

QPolygonF regularPolygon(QPointF centre, qreal radius, int corners, qreal innerRatio = 0)
{
    // From the top, clockwise; with an inner ratio every other corner is pulled in (a star).
    QPolygonF polygon;
    const int points = innerRatio > 0 ? 2 * corners : corners;
    for (int i = 0; i < points; ++i) {
        const qreal angle = -M_PI / 2 + 2 * M_PI * i / points;
        const qreal r = (innerRatio > 0 && i % 2 == 1) ? radius * innerRatio : radius;
        polygon << centre + QPointF(r * std::cos(angle), r * std::sin(angle));
    }
    return polygon;
}

void drawMarker(QPainter *painter, QScatterSeries::MarkerShape shape, QPointF centre, qreal size)
{
    const qreal r = size / 2;
    switch (shape) {
    case QScatterSeries::MarkerShapeCircle:
        painter->drawEllipse(centre, r, r);
        break;
    case QScatterSeries::MarkerShapeRectangle:
        painter->drawRect(QRectF(centre - QPointF(r, r), QSizeF(size, size)));
        break;
    case QScatterSeries::MarkerShapeRotatedRectangle:
        painter->drawPolygon(regularPolygon(centre, r, 4));
        break;
    case QScatterSeries::MarkerShapeTriangle:
        painter->drawPolygon(regularPolygon(centre + QPointF(0, r / 4), r, 3));
        break;
    case QScatterSeries::MarkerShapeStar:
        painter->drawPolygon(regularPolygon(centre, r, 5, 0.45));
        break;
    case QScatterSeries::MarkerShapePentagon:
        painter->drawPolygon(regularPolygon(centre, r, 5));
        break;
    }
}

// The series as the chart draws it, in small.
void drawSwatch(QPainter *painter, const QAbstractSeries *series, const QRectF &box)
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    const QPointF centre = box.center();
    const qreal room = box.height();
    switch (series->type()) {
    case QAbstractSeries::SeriesTypeArea: {
        const auto *area = static_cast<const QAreaSeries *>(series);
        painter->setPen(area->pen());
        painter->setBrush(area->brush());
        painter->drawRect(box.adjusted(0, room * 0.2, 0, -room * 0.2));
        break;
    }
    case QAbstractSeries::SeriesTypeScatter: {
        const auto *scatter = static_cast<const QScatterSeries *>(series);
        painter->setPen(scatter->pen());
        painter->setBrush(scatter->brush());
        drawMarker(painter, scatter->markerShape(), centre, qMin(scatter->markerSize(), room));
        break;
    }
    default: {
        const auto *line = qobject_cast<const QXYSeries *>(series);
        if (!line)
            break;
        QPen pen = line->pen();
        pen.setCapStyle(Qt::FlatCap);
        painter->setPen(pen);
        painter->drawLine(QPointF(box.left(), centre.y()), QPointF(box.right(), centre.y()));
        if (line->pointsVisible()) {
            painter->setPen(Qt::NoPen);
            painter->setBrush(pen.color());
            const qreal r = qMin(line->markerSize(), room * 0.6) / 2;
            painter->drawEllipse(centre, r, r);
        }
        break;
    }
    }
    painter->restore();
}

} // namespace

ChartLegend::ChartLegend(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("chartLegend"));
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred); // not Fixed: that caps it at one row
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void ChartLegend::setSeries(const QList<QAbstractSeries *> &series)
{
    for (const Entry &entry : std::as_const(m_entries)) {
        if (entry.series)
            disconnect(entry.series, nullptr, this, nullptr);
    }
    m_entries.clear();
    for (QAbstractSeries *s : series) {
        m_entries.append({s, true});
        connect(s, &QAbstractSeries::nameChanged, this, &ChartLegend::entriesChanged);
    }
    entriesChanged();
}

bool ChartLegend::setShown(QAbstractSeries *series, bool shown)
{
    for (Entry &entry : m_entries) {
        if (entry.series == series && entry.shown != shown) {
            entry.shown = shown;
            entriesChanged();
            return true;
        }
    }
    return false;
}

QStringList ChartLegend::entries() const
{
    QStringList names;
    for (const Entry *entry : shownEntries())
        names.append(entry->series->name());
    return names;
}

QList<const ChartLegend::Entry *> ChartLegend::shownEntries() const
{
    QList<const Entry *> shown;
    for (const Entry &entry : m_entries) {
        if (entry.series && entry.shown)
            shown.append(&entry);
    }
    return shown;
}

QList<QRectF> ChartLegend::layOut(qreal width, const QFontMetricsF &font) const
{
    // Rows filled left to right, each centred, as QtCharts centres its one row.
    const Metrics m(font);
    QList<QRectF> rects;
    QList<qreal> widths;
    for (const Entry *entry : shownEntries())
        widths.append(m.swatch + m.gap + std::ceil(font.horizontalAdvance(entry->series->name())));
    qsizetype rowStart = 0;
    qreal y = m.margin;
    while (rowStart < widths.size()) {
        qsizetype rowEnd = rowStart + 1; // at least one entry per row, however narrow
        qreal used = widths.at(rowStart);
        while (rowEnd < widths.size() && used + m.spacing + widths.at(rowEnd) <= width) {
            used += m.spacing + widths.at(rowEnd);
            ++rowEnd;
        }
        qreal x = qMax<qreal>(0, (width - used) / 2);
        for (qsizetype i = rowStart; i < rowEnd; ++i) {
            rects.append(QRectF(x, y, widths.at(i), m.row));
            x += widths.at(i) + m.spacing;
        }
        y += m.row;
        rowStart = rowEnd;
    }
    return rects;
}

QList<QRectF> ChartLegend::entryRects(qreal width) const
{
    return layOut(width, QFontMetricsF(font()));
}

void ChartLegend::paintEntries(QPainter *painter, const QRectF &area, const QColor &text) const
{
    const QFontMetricsF font(painter->font());
    const Metrics m(font);
    const QList<const Entry *> shown = shownEntries();
    const QList<QRectF> rects = layOut(area.width(), font);
    const bool rightToLeft = layoutDirection() == Qt::RightToLeft;
    painter->save();
    painter->setPen(text);
    for (qsizetype i = 0; i < shown.size() && i < rects.size(); ++i) {
        const QRectF r = rects.at(i).translated(area.topLeft());
        Placed placed{QRectF(r.left(), r.top(), m.swatch, r.height()),
                      QRectF(r.left() + m.swatch + m.gap, r.top(), r.width() - m.swatch - m.gap, r.height())};
        if (rightToLeft) { // mirrored within the area
            const auto mirror = [&area](const QRectF &rect) {
                return QRectF(area.left() + area.right() - rect.right(), rect.top(), rect.width(), rect.height());
            };
            placed = {mirror(placed.swatch), mirror(placed.text)};
        }
        drawSwatch(painter, shown.at(i)->series, placed.swatch.adjusted(0, m.margin, 0, -m.margin));
        painter->setPen(text);
        painter->drawText(placed.text, Qt::AlignVCenter | (rightToLeft ? Qt::AlignRight : Qt::AlignLeft),
                          shown.at(i)->series->name());
    }
    painter->restore();
}

int ChartLegend::heightForWidth(int width) const
{
    const QFontMetricsF font(this->font());
    const QList<QRectF> rects = layOut(width, font);
    const Metrics m(font);
    return int(std::ceil((rects.isEmpty() ? 0 : rects.last().bottom()) + m.margin));
}

QSize ChartLegend::sizeHint() const
{
    const QFontMetricsF font(this->font());
    const QList<QRectF> oneRow = layOut(1e6, font);
    const qreal width = oneRow.isEmpty() ? 0 : oneRow.last().right() - oneRow.first().left();
    return {int(std::ceil(width)), heightForWidth(int(std::ceil(width)))};
}

QSize ChartLegend::minimumSizeHint() const
{
    const Metrics m{QFontMetricsF(font())};
    return {int(std::ceil(m.swatch * 3)), int(std::ceil(m.row + 2 * m.margin))};
}

void ChartLegend::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setFont(font());
    paintEntries(&painter, QRectF(rect()), palette().color(QPalette::WindowText));
}

void ChartLegend::entriesChanged()
{
    updateGeometry();
    update();
}
