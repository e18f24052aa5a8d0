#include "flatstyle.h"

#include "ui/live/opaquecolor.h"

#include <QApplication>
#include <QGroupBox>
#include <QMainWindow>
#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>

using namespace Qt::StringLiterals;

namespace {

// Everything below is filled with QPainter::fillRect() in opaque colours (opaqueOver()): the
// raster engine's direct path.

// A one-pixel outline just inside `r`, as four rectangles.
void outline(QPainter *painter, const QRect &r, const QColor &color)
{
    if (r.isEmpty())
        return;
    painter->fillRect(QRect(r.left(), r.top(), r.width(), 1), color);
    painter->fillRect(QRect(r.left(), r.bottom(), r.width(), 1), color);
    painter->fillRect(QRect(r.left(), r.top(), 1, r.height()), color);
    painter->fillRect(QRect(r.right(), r.top(), 1, r.height()), color);
}

// Fusion's colours, from the palette the way Fusion derives them.
struct Shades
{
    explicit Shades(const QPalette &palette)
    {
        window = opaqueOver(palette.color(QPalette::Window), Qt::white);
        line = window.darker(140);
        button = opaqueOver(palette.color(QPalette::Button), window);
        const int gray = qGray(button.rgb());
        button = button.lighter(100 + qMax(1, (180 - gray) / 6));
        button.setHsv(button.hue(), int(button.saturation() * 0.75), button.value());
        base = opaqueOver(palette.color(QPalette::Base), window);
        highlight = opaqueOver(palette.color(QPalette::Highlight), window);
        mid = opaqueOver(palette.color(QPalette::Mid), window);
    }
    QColor window, line, button, base, highlight, mid;
};

} // namespace

FlatStyle::FlatStyle(const QString &baseKey) : QProxyStyle(QStyleFactory::create(baseKey))
{
    m_flat = baseStyle() && baseStyle()->name().compare("fusion"_L1, Qt::CaseInsensitive) == 0;
}

void FlatStyle::install()
{
    if (qobject_cast<FlatStyle *>(QApplication::style()))
        return;
    QApplication::setStyle(new FlatStyle(QApplication::style()->name()));
}

void FlatStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option,
                              QPainter *painter, const QWidget *widget) const
{
    if (m_flat && element == PE_FrameTabWidget)
        return drawTabFrame(option, painter);
    if (m_flat && element == PE_FrameGroupBox) {
        // Where Fusion's frame begins: below the title (or the check box) and a 3-pixel gap.
        const auto *box = qobject_cast<const QGroupBox *>(widget);
        int top = 3;
        if (!box || box->isCheckable() || !box->title().isEmpty())
            top += qMax(proxy()->pixelMetric(PM_ExclusiveIndicatorHeight, option, widget),
                        option->fontMetrics.height());
        return outline(painter, option->rect.adjusted(0, top, 0, 0), Shades(option->palette).mid);
    }
    QProxyStyle::drawPrimitive(element, option, painter, widget);
}

void FlatStyle::drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                            const QWidget *widget) const
{
    if (m_flat && element == CE_ProgressBarGroove) {
        const Shades shades(option->palette);
        painter->fillRect(option->rect, shades.base);
        return outline(painter, option->rect, shades.line);
    }
    if (m_flat && element == CE_ProgressBarContents && drawProgressContents(option, painter))
        return;
    if (m_flat && element == CE_ToolBar)
        return drawToolBar(option, painter, widget);
    QProxyStyle::drawControl(element, option, painter, widget);
}

void FlatStyle::drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
                                   QPainter *painter, const QWidget *widget) const
{
    if (m_flat && control == CC_ScrollBar && qstyleoption_cast<const QStyleOptionSlider *>(option))
        return drawScrollBar(option, painter, widget);
    QProxyStyle::drawComplexControl(control, option, painter, widget);
}

void FlatStyle::drawScrollBar(const QStyleOptionComplex *option, QPainter *painter,
                              const QWidget *widget) const
{
    const auto *bar = qstyleoption_cast<const QStyleOptionSlider *>(option);
    const Shades shades(bar->palette);
    const bool horizontal = bar->orientation == Qt::Horizontal;
    const bool pressed = bar->state & State_Sunken;

    painter->fillRect(bar->rect, shades.window.darker(104)); // the groove
    // The arrow buttons, then the handle; each a face in the button colour with an outline.
    const auto face = [&](SubControl part) {
        QColor color = shades.button;
        if (bar->activeSubControls & part)
            color = pressed ? color.darker(112) : (bar->state & State_MouseOver ? color.lighter(104) : color);
        return color;
    };
    for (const SubControl part : {SC_ScrollBarSubLine, SC_ScrollBarAddLine}) {
        if (!(bar->subControls & part))
            continue;
        const QRect r = proxy()->subControlRect(CC_ScrollBar, bar, part, widget);
        if (r.isEmpty())
            continue;
        painter->fillRect(r, face(part));
        outline(painter, r, shades.line);
        QStyleOption arrow = *bar;
        arrow.rect = r;
        PrimitiveElement element = part == SC_ScrollBarSubLine ? PE_IndicatorArrowUp : PE_IndicatorArrowDown;
        if (horizontal) {
            const bool towardsStart = (part == SC_ScrollBarSubLine) == (bar->direction == Qt::LeftToRight);
            element = towardsStart ? PE_IndicatorArrowLeft : PE_IndicatorArrowRight;
        }
        proxy()->drawPrimitive(element, &arrow, painter, widget);
    }
    if (bar->subControls & SC_ScrollBarSlider) {
        const QRect r = proxy()->subControlRect(CC_ScrollBar, bar, SC_ScrollBarSlider, widget);
        if (!r.isEmpty()) {
            painter->fillRect(r, face(SC_ScrollBarSlider));
            outline(painter, r, shades.line);
        }
    }
}

bool FlatStyle::drawProgressContents(const QStyleOption *option, QPainter *painter) const
{
    const auto *bar = qstyleoption_cast<const QStyleOptionProgressBar *>(option);
    // A busy bar (no range) keeps Fusion's moving stripes; the app shows none.
    if (!bar || (bar->minimum == 0 && bar->maximum == 0))
        return false;
    const qint64 total = qMax<qint64>(1, qint64(bar->maximum) - bar->minimum);
    const qint64 done = qBound<qint64>(0, qint64(bar->progress) - bar->minimum, total);
    const QRect r = bar->rect;
    const bool vertical = !(bar->state & State_Horizontal);
    // The same length as the label's highlighted part (Fusion's CE_ProgressBarLabel).
    const int filled = int(done * (vertical ? r.height() : r.width()) / total);
    if (filled <= 0)
        return true;
    QRect fill;
    if (vertical) {
        fill = bar->invertedAppearance ? QRect(r.left(), r.top(), r.width(), filled)
                                       : QRect(r.left(), r.bottom() - filled + 1, r.width(), filled);
    } else {
        const bool fromRight = (bar->direction == Qt::RightToLeft) != bar->invertedAppearance;
        fill = fromRight ? QRect(r.right() - filled + 1, r.top(), filled, r.height())
                         : QRect(r.left(), r.top(), filled, r.height());
    }
    const Shades shades(bar->palette);
    painter->fillRect(fill, shades.highlight);
    outline(painter, fill, shades.highlight.darker(140));
    return true;
}

void FlatStyle::drawToolBar(const QStyleOption *option, QPainter *painter, const QWidget *widget) const
{
    // Fusion's bevel, on a main window's tool bars only: a light line on the side towards the
    // window's edge, a shadow on the side towards its content.
    if (widget && !qobject_cast<const QMainWindow *>(widget->parentWidget()))
        return;
    const Shades shades(option->palette);
    const QRect &r = option->rect;
    painter->fillRect(r, shades.window);
    const QColor light = opaqueOver(QColor(255, 255, 255, 90), shades.window);
    const QColor shadow = opaqueOver(QColor(0, 0, 0, 60), shades.window);
    if (option->state & State_Horizontal) {
        painter->fillRect(QRect(r.left(), r.top(), r.width(), 1), light);
        painter->fillRect(QRect(r.left(), r.bottom(), r.width(), 1), shadow);
    } else {
        painter->fillRect(QRect(r.left(), r.top(), 1, r.height()), light);
        painter->fillRect(QRect(r.right(), r.top(), 1, r.height()), shadow);
    }
}

void FlatStyle::drawTabFrame(const QStyleOption *option, QPainter *painter) const
{
    // Fusion's look: the pages' face a shade lighter than a button, an outline, a faint
    // lighter line inside it.
    const Shades shades(option->palette);
    const QColor face = shades.button.lighter(104);
    painter->fillRect(option->rect, face);
    outline(painter, option->rect, shades.line);
    outline(painter, option->rect.adjusted(1, 1, -1, -1), opaqueOver(QColor(255, 255, 255, 30), face));
}
