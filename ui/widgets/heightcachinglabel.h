#pragma once

#include <QEvent>
#include <QFont>
#include <QHash>
#include <QLabel>
#include <QMargins>

// A word-wrapped QLabel that remembers its height at each width it was asked about until its
// text or font changes (issue 58, item 18). QLabel answers heightForWidth() by laying its
// text out again at that width (and back at its own width to paint), and a layout pass asks
// several times at a few widths: on a page of long rich-text labels that made a page flip,
// or a new iteration arriving, cost more than a frame.
class HeightCachingLabel final : public QLabel
{
public:
    using QLabel::QLabel;

    int heightForWidth(int width) const override
    {
        // What the height depends on, besides the width.
        const Key now{text(), font(), contentsMargins(), margin(), indent(), wordWrap(), textFormat()};
        if (!(now == m_key)) {
            m_heights.clear();
            m_key = now;
        }
        if (const auto known = m_heights.constFind(width); known != m_heights.cend())
            return *known;
        const int height = QLabel::heightForWidth(width);
        if (m_heights.size() > 8)
            m_heights.clear();
        m_heights.insert(width, height);
        return height;
    }

protected:
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::StyleChange)
            m_heights.clear();
        QLabel::changeEvent(event);
    }

private:
    struct Key
    {
        QString text;
        QFont font;
        QMargins contents;
        int margin = 0;
        int indent = 0;
        bool wrap = false;
        Qt::TextFormat format = Qt::AutoText;
        bool operator==(const Key &) const = default;
    };
    mutable QHash<int, int> m_heights;
    mutable Key m_key;
};
