#include "onelinedelegate.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QPainter>

#include <utility>

using namespace Qt::StringLiterals;

namespace {
constexpr int CachedCells = 4000; // a few screens of a wide table
} // namespace

OneLineDelegate::OneLineDelegate(QObject *parent)
    : QStyledItemDelegate(parent), m_texts(CachedCells), m_sizes(CachedCells)
{
}

QString OneLineDelegate::keyOf(const QFont &font, int width, Qt::TextElideMode elide,
                               const QString &text) const
{
    if (m_fontKey.isEmpty() || font != m_keyFont) {
        m_keyFont = font;
        m_fontKey = font.key();
    }
    return m_fontKey + u'\x1f' + QString::number(width) + u'\x1f' + QString::number(int(elide)) +
           u'\x1f' + text;
}

bool OneLineDelegate::isOneLine(const QStyleOptionViewItem &option)
{
    if (option.features & (QStyleOptionViewItem::HasDecoration | QStyleOptionViewItem::HasCheckIndicator |
                           QStyleOptionViewItem::WrapText))
        return false;
    return !option.text.contains(u'\n') && !option.text.contains(QChar::LineSeparator);
}

void OneLineDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                            const QModelIndex &index) const
{
    QStyleOptionViewItem cell = option;
    initStyleOption(&cell, index);
    if (!isOneLine(cell))
        return QStyledItemDelegate::paint(painter, option, index);
    const QWidget *widget = option.widget;
    const QStyle *style = widget ? widget->style() : QApplication::style();

    // The style draws the cell without its text: background, selection, focus.
    const QString text = std::exchange(cell.text, QString());
    style->drawControl(QStyle::CE_ItemViewItem, &cell, painter, widget);
    if (text.isEmpty())
        return;

    // Where QCommonStyle puts the text of a cell with nothing else in it.
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const QRect area = cell.rect.adjusted(margin, 0, -margin, 0);
    if (area.width() <= 0)
        return;
    const QString key = keyOf(cell.font, area.width(), cell.textElideMode, text);
    QStaticText *laidOut = m_texts.object(key);
    if (!laidOut) {
        const QFontMetrics metrics(cell.font);
        laidOut = new QStaticText(metrics.elidedText(text, cell.textElideMode, area.width()));
        laidOut->setTextFormat(Qt::PlainText);
        laidOut->setPerformanceHint(QStaticText::AggressiveCaching);
        laidOut->prepare(QTransform(), cell.font);
        m_texts.insert(key, laidOut);
    }
    const QSizeF size = laidOut->size();
    const Qt::Alignment align = QStyle::visualAlignment(cell.direction, cell.displayAlignment);
    qreal x = area.left();
    if (align & Qt::AlignRight)
        x = area.right() + 1 - size.width();
    else if (align & Qt::AlignHCenter)
        x = area.left() + (area.width() - size.width()) / 2;
    // Vertically as QStyle::alignedRect() places the line, in whole pixels.
    const int height = int(size.height());
    int y = area.top() + (area.height() - height) / 2;
    if (align & Qt::AlignTop)
        y = area.top();
    else if (align & Qt::AlignBottom)
        y = area.bottom() + 1 - height;

    const QPalette::ColorGroup group = !(cell.state & QStyle::State_Enabled) ? QPalette::Disabled
                                       : (cell.state & QStyle::State_Active)  ? QPalette::Normal
                                                                              : QPalette::Inactive;
    painter->save();
    painter->setFont(cell.font);
    painter->setPen(cell.palette.color(group, cell.state & QStyle::State_Selected ? QPalette::HighlightedText
                                                                                  : QPalette::Text));
    painter->drawStaticText(QPointF(x, y), *laidOut);
    painter->restore();
}

QSize OneLineDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem cell = option;
    initStyleOption(&cell, index);
    if (!isOneLine(cell) || index.data(Qt::SizeHintRole).isValid())
        return QStyledItemDelegate::sizeHint(option, index);
    const QString key = keyOf(cell.font, 0, Qt::ElideNone, cell.text);
    if (const QSize *size = m_sizes.object(key))
        return *size;
    const QSize size = QStyledItemDelegate::sizeHint(option, index);
    m_sizes.insert(key, new QSize(size));
    return size;
}
