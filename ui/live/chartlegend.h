#pragma once

#include <QPointer>
#include <QWidget>

class QAbstractSeries;
class QFontMetricsF;

// The efficacy chart's legend, as a plain widget under the plot: one entry per series shown,
// a swatch drawn as the series is (its pen, its marker shape) and its name, wrapping onto
// more lines when the width runs out.
//
// Why not QtCharts' own legend: it lays its labels out as rich text and, when they do not fit
// in one line, shortens the longest by trial, a pixel at a time, and it does all that again
// only when its geometry changes (not when an entry is shown or hidden). Each such layout cost
// the window several milliseconds, twice over each time a run's first revert or best
// iteration appeared. This one measures a dozen short plain strings and never cuts a name.
class ChartLegend final : public QWidget
{
    Q_OBJECT
public:
    explicit ChartLegend(QWidget *parent = nullptr);

    // The entries in order; all shown until setShown() says otherwise.
    void setSeries(const QList<QAbstractSeries *> &series);
    // Returns true when that changed what the legend shows.
    bool setShown(QAbstractSeries *series, bool shown);
    QStringList entries() const; // the names shown, in order
    // Where each entry shown is drawn at `width` (its swatch and its name), in order.
    QList<QRectF> entryRects(qreal width) const;

    // Draws the entries into `area` (an export), wrapped to its width, in `text`'s colour.
    void paintEntries(QPainter *painter, const QRectF &area, const QColor &text) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    struct Entry
    {
        QPointer<QAbstractSeries> series;
        bool shown = true;
    };
    QList<const Entry *> shownEntries() const;
    QList<QRectF> layOut(qreal width, const QFontMetricsF &metrics) const;
    void entriesChanged();

    QList<Entry> m_entries;
};
