#pragma once

#include <QColor>
#include <QPen>

// How the efficacy chart draws its lines, in one place for the app's chart (EfficacyChartView)
// and the report's picture (EfficacyChartImage). Lines differ by dash pattern and width as
// well as by colour (the colours are the Okabe–Ito set, told apart with colour-blindness), and
// the thick Coverage line is drawn first, under the others: a TPR equal to the coverage
// shows as a dashed line on top of it.
namespace ChartStyle {

// In EfficacySeriesModel::Metric order.
enum class Line { Coverage, TruePositiveRate, TrueNegativeRate, Accuracy, F1, ResponseCoverage };

struct Style
{
    QColor color;
    qreal width = 1.5;
    Qt::PenStyle dash = Qt::SolidLine;
    qreal pointSize = 6; // the diameter of a point marker
};

// `dark`: on a dark background (lighter tones of the same colours).
inline Style style(Line line, bool dark = false)
{
    switch (line) {
    case Line::Coverage:
        return {dark ? QColor(0x56, 0xb4, 0xe9) : QColor(0x00, 0x72, 0xb2), 4.0, Qt::SolidLine, 10};
    case Line::TruePositiveRate:
        return {dark ? QColor(0x3c, 0xc8, 0x9a) : QColor(0x00, 0x9e, 0x73), 2.0, Qt::DashLine, 7};
    case Line::TrueNegativeRate:
        return {dark ? QColor(0xf0, 0x8a, 0x4b) : QColor(0xd5, 0x5e, 0x00), 2.0, Qt::DotLine, 7};
    case Line::Accuracy:
        return {dark ? QColor(0xe2, 0x9b, 0xc7) : QColor(0xcc, 0x79, 0xa7), 1.5, Qt::DashDotLine,
                5};
    case Line::F1:
        return {dark ? QColor(0xf0, 0xe4, 0x42) : QColor(0x8c, 0x6d, 0x00), 1.5, Qt::DashDotDotLine,
                5};
    case Line::ResponseCoverage: // the response side (issue 43): Okabe–Ito sky blue, thick (pen() sets its dashes)
        return {dark ? QColor(0xa8, 0xdc, 0xf7) : QColor(0x56, 0xb4, 0xe9), 3.0, Qt::CustomDashLine, 8};
    }
    return {};
}

inline QPen pen(Line line, bool dark = false)
{
    const Style s = style(line, dark);
    QPen p(s.color, s.width, s.dash, Qt::FlatCap, Qt::RoundJoin);
    if (line == Line::ResponseCoverage)
        p.setDashPattern({4, 1.5, 1, 1.5}); // dash-dot of its own: no other line shares its pattern
    return p;
}

// The target coverage: a long dash in the text colour.
inline QPen targetPen(const QColor &text)
{
    QPen p(text, 1.5, Qt::CustomDashLine);
    p.setDashPattern({8, 4});
    return p;
}

// The coverage's 95 % interval band: the coverage colour, mostly transparent.
inline QColor bandColor(bool dark = false)
{
    QColor c = style(Line::Coverage, dark).color;
    c.setAlpha(50);
    return c;
}

} // namespace ChartStyle
