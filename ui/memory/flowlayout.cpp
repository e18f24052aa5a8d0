#include "flowlayout.h"

#include <QStyle>
#include <QWidget>

FlowLayout::FlowLayout(QWidget *parent)
    : QLayout(parent)
{}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem *item = takeAt(0))
        delete item;
}

void FlowLayout::addItem(QLayoutItem *item)
{
    m_items.append(item);
}

int FlowLayout::count() const
{
    return int(m_items.size());
}

QLayoutItem *FlowLayout::itemAt(int index) const
{
    return m_items.value(index);
}

QLayoutItem *FlowLayout::takeAt(int index)
{
    return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
}

Qt::Orientations FlowLayout::expandingDirections() const
{
    return {};
}

bool FlowLayout::hasHeightForWidth() const
{
    return true;
}

int FlowLayout::heightForWidth(int width) const
{
    return arrange(QRect(0, 0, width, 0), false);
}

int FlowLayout::gap() const
{
    if (spacing() >= 0)
        return spacing();
    const QWidget *w = parentWidget();
    return w ? w->style()->pixelMetric(QStyle::PM_LayoutHorizontalSpacing, nullptr, w) : 6;
}

QSize FlowLayout::minimumSize() const
{
    // As narrow as the widest item: everything else wraps.
    QSize size;
    for (const QLayoutItem *item : m_items) {
        if (!item->isEmpty())
            size = size.expandedTo(item->minimumSize());
    }
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const
{
    // One line when there is room.
    int width = 0;
    int height = 0;
    int shown = 0;
    for (const QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        width += item->sizeHint().width() + (shown++ > 0 ? gap() : 0);
        height = std::max(height, item->sizeHint().height());
    }
    const QMargins m = contentsMargins();
    return {width + m.left() + m.right(), height + m.top() + m.bottom()};
}

void FlowLayout::setGeometry(const QRect &rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int FlowLayout::arrange(const QRect &rect, bool apply) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    // Break the items into lines first, then place each line (its right-aligned group last).
    QList<QList<QLayoutItem *>> lines(1);
    QList<int> lineHeights{0};
    int x = 0;
    for (QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        const QSize size = item->sizeHint();
        const int start = lines.last().isEmpty() ? 0 : x + gap();
        if (!lines.last().isEmpty() && start + size.width() > area.width()) {
            lines.append(QList<QLayoutItem *>());
            lineHeights.append(0);
            x = 0;
        } else {
            x = start;
        }
        lines.last().append(item);
        lineHeights.last() = std::max(lineHeights.last(), size.height());
        x += size.width();
    }
    int y = area.top();
    for (qsizetype l = 0; l < lines.size(); ++l) {
        if (apply) {
            int left = area.left();
            int right = area.right() + 1;
            // The right-aligned group: placed from the right edge, in order.
            QList<QLayoutItem *> rightGroup;
            for (QLayoutItem *item : lines.at(l)) {
                if (m_rightFrom >= 0 && m_items.indexOf(item) >= m_rightFrom)
                    rightGroup.append(item);
            }
            for (QLayoutItem *item : lines.at(l)) {
                if (rightGroup.contains(item))
                    continue;
                const QSize size = item->sizeHint();
                item->setGeometry(
                    QRect(QPoint(left, y + (lineHeights.at(l) - size.height()) / 2), size));
                left += size.width() + gap();
            }
            int groupWidth = 0;
            for (QLayoutItem *item : rightGroup)
                groupWidth += item->sizeHint().width() + (groupWidth > 0 ? gap() : 0);
            int gx = std::max(left, right - groupWidth);
            for (QLayoutItem *item : rightGroup) {
                const QSize size = item->sizeHint();
                item->setGeometry(
                    QRect(QPoint(gx, y + (lineHeights.at(l) - size.height()) / 2), size));
                gx += size.width() + gap();
            }
        }
        y += lineHeights.at(l) + (l + 1 < lines.size() ? gap() : 0);
    }
    return y - area.top() + contentsMargins().top() + contentsMargins().bottom();
}
