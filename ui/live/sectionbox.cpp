#include "sectionbox.h"

#include <QPainter>
#include <QStyle>
#include <QStyleOptionGroupBox>

SectionBox::SectionBox(const QString &title, QWidget *parent) : QGroupBox(title, parent) {}

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

    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(palette().color(QPalette::Mid), 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRoundedRect(QRectF(frame).adjusted(0.5, 0.5, -0.5, -0.5), 2, 2);
    if (title().isEmpty())
        return;

    // The title sits in a gap of the outline, in the window's colour.
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    const QRect text = QFontMetrics(bold)
                           .boundingRect(label, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextHideMnemonic,
                                         title())
                           .adjusted(-3, 0, 3, 0);
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.fillRect(text, palette().brush(backgroundRole()));
    style()->drawItemText(&painter, label, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextHideMnemonic,
                          palette(), isEnabled(), title(), QPalette::WindowText);
}
