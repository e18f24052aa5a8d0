#pragma once

#include <QCache>
#include <QStaticText>
#include <QStyledItemDelegate>

// A table cell of one line of plain text, drawn from a cache: the text as elided to the
// cell's width, laid out once (QStaticText), and its size hint. QStyledItemDelegate lays out
// and elides every cell's text again on every paint (QTextLayout, HarfBuzz shaping); on the
// Live page's results table and the Compare page's tables that was the largest part of a
// repaint (perf over bench_windowstall). What the style draws around the text (alternating
// rows, selection, focus) is still the style's. Cells with an icon, a check box or several
// lines are left to QStyledItemDelegate.
class OneLineDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit OneLineDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    static bool isOneLine(const QStyleOptionViewItem &option);

    mutable QCache<QString, QStaticText> m_texts; // by font, width, elision and text
    mutable QCache<QString, QSize> m_sizes;       // by font and text
};
