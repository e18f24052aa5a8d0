#pragma once

#include <QLayout>
#include <QList>

// Lays its items out left to right and wraps onto another line when the width runs out, so a
// row of buttons never forces its window wider than the screen (long translations, a large
// scale factor). Items keep their size hints; a `stretchBefore` index starts a right-aligned
// group on the last line (undo and redo after the curation buttons).
class FlowLayout final : public QLayout
{
    Q_DISABLE_COPY_MOVE(FlowLayout)
public:
    explicit FlowLayout(QWidget *parent = nullptr);
    ~FlowLayout() override;

    // Items from this index on are pushed to the right of their line.
    void setRightAlignedFrom(int index) { m_rightFrom = index; }

    void addItem(QLayoutItem *item) override;
    int count() const override;
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

private:
    int arrange(const QRect &rect, bool apply) const; // the height used
    int gap() const;

    QList<QLayoutItem *> m_items;
    int m_rightFrom = -1;
};
