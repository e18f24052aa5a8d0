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
    // The cache key of a cell. QFont::key() builds a string from the whole font description;
    // a table's cells share one font, so its key is kept (a tenth of the Live table's paint).
    QString keyOf(const QFont &font, int width, Qt::TextElideMode elide, const QString &text) const;

    mutable QCache<QString, QStaticText> m_texts; // by font, width, elision and text
    mutable QCache<QString, QSize> m_sizes;       // by font and text
    mutable QFont m_keyFont;                      // the font m_fontKey is the key() of
    mutable QString m_fontKey;
};
