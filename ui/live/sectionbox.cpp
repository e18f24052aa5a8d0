#include "sectionbox.h"

#include <QPainter>
#include <QStyle>
#include <QStyleOptionGroupBox>

SectionBox::SectionBox(const QString &title, QWidget *parent) : QGroupBox(title, parent)
{
    // Opaque: a change inside the box repaints the box and what changed, not the page, the tab
    // widget and the main window behind it as well.
    setAutoFillBackground(true);
}

void SectionBox::paintEvent(QPaintEvent *)
{
    QStyleOptionGroupBox option;
    initStyleOption(&option);
    const QRect label =
        style()->subControlRect(QStyle::CC_GroupBox, &option, QStyle::SC_GroupBoxLabel, this);
    QRect frame =
        style()->subControlRect(QStyle::CC_GroupBox, &option, QStyle::SC_GroupBoxFrame, this);
    // Some styles' frame rectangle starts at the widget's top and leave the title's room to
    // the drawing; the outline here starts below the title's middle either way.
    if (!title().isEmpty())
        frame.setTop(qMax(frame.top(), label.center().y()));

    // Four opaque one-pixel rectangles: Qt fills those directly. An antialiased or translucent
    // outline as tall as the box is rasterised row by row, and Qt's raster engine hands such
    // fills to its thread pool while the GUI thread waits.
    QPainter painter(this);
    const QColor line = palette().color(QPalette::Mid);
    painter.fillRect(QRect(frame.left(), frame.top(), frame.width(), 1), line);
    painter.fillRect(QRect(frame.left(), frame.bottom(), frame.width(), 1), line);
    painter.fillRect(QRect(frame.left(), frame.top(), 1, frame.height()), line);
    painter.fillRect(QRect(frame.right(), frame.top(), 1, frame.height()), line);
    if (title().isEmpty())
        return;

    // The title sits in a gap of the outline, in the window's colour. It is measured in bold
    // here: the style's label rectangle is measured in the regular weight.
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    const QFontMetrics metrics(bold);
    const int flags = Qt::AlignLeft | Qt::AlignVCenter | Qt::TextHideMnemonic | Qt::TextDontClip;
    const QRect textRect(label.left(), label.top(), metrics.size(flags, title()).width(),
                         label.height());
    painter.fillRect(textRect.adjusted(-3, 0, 3, 0), palette().brush(backgroundRole()));
    painter.setPen(palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled,
                                   QPalette::WindowText));
    painter.drawText(textRect, flags, title());
}
