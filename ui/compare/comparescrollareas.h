#pragma once

#include <QEvent>
#include <QHash>
#include <QLayout>
#include <QMetaObject>
#include <QScrollArea>
#include <QScrollBar>

// The Compare page's two scroll areas (issue 58, items 7 and 18), apart from the page itself.
// A frameless vertical scroll area that asks for the height its pane needs at its width.
class VerdictScrollArea final : public QScrollArea
{
public:
    VerdictScrollArea(QWidget *pane, QWidget *parent)
        : QScrollArea(parent)
    {
        setObjectName(QStringLiteral("compareVerdictScroll"));
        setFrameShape(QFrame::NoFrame);
        setWidgetResizable(true);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        setWidget(pane);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
        pane->installEventFilter(this);
    }
    bool hasHeightForWidth() const override { return true; }
    // Asked many times per layout pass, at a few widths: each answer lays out the pane's
    // wrapped text again, so answers are kept until the pane's content changes (issue 58, 18).
    int heightForWidth(int width) const override
    {
        if (const auto known = m_heights.constFind(width); known != m_heights.cend())
            return *known;
        const QWidget *pane = widget();
        const int height = pane->hasHeightForWidth() ? pane->heightForWidth(width) : pane->sizeHint().height();
        if (m_heights.size() > 8)
            m_heights.clear();
        m_heights.insert(width, height);
        return height;
    }
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == widget() && (event->type() == QEvent::LayoutRequest || event->type() == QEvent::FontChange
                                    || event->type() == QEvent::StyleChange))
            m_heights.clear();
        return QScrollArea::eventFilter(watched, event);
    }
    QSize sizeHint() const override
    {
        const QSize hint = widget()->sizeHint();
        return {hint.width(), heightForWidth(width() > 0 ? width() : hint.width())};
    }
    QSize minimumSizeHint() const override { return {0, 0}; }

private:
    mutable QHash<int, int> m_heights; // width → the pane's height at it
};

// The page's own scroll area: the page fills the viewport and is never made smaller than its
// minimum size; only below that does it scroll (issue 58). Not QScrollArea's resizable
// widget, which gives a page with wrapped text the height it would like at its width, not
// the least it needs, and so scrolls a page that would fit.
class PageScrollArea final : public QScrollArea
{
public:
    PageScrollArea(QWidget *page, QWidget *parent)
        : QScrollArea(parent)
    {
        setObjectName(QStringLiteral("compareScroll"));
        setFrameShape(QFrame::NoFrame);
        setWidgetResizable(false);
        setWidget(page);
        page->installEventFilter(this);
    }
    QSize sizeHint() const override { return widget()->sizeHint(); }
    QSize minimumSizeHint() const override { return {0, 0}; }

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        QScrollArea::resizeEvent(event);
        fit();
    }
    void showEvent(QShowEvent *event) override
    {
        QScrollArea::showEvent(event);
        if (m_fitWhenShown)
            fit();
    }
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        // Once laid out, and once however many requests one pass of the event loop brings
        // (a streaming run asks often); a hidden page fits when it is shown (issue 58, item 18:
        // each fit lays out the wrapped text of the whole page again).
        if (watched == widget() && event->type() == QEvent::LayoutRequest && !m_fitQueued) {
            m_fitQueued = true;
            QMetaObject::invokeMethod(this, [this] {
                m_fitQueued = false;
                fit();
            }, Qt::QueuedConnection);
        }
        return QScrollArea::eventFilter(watched, event);
    }

private:
    // The least height the page's layout can be given at `width`: its wrapped text (the
    // verdict) takes the lines that width makes, and its layout gives them no less.
    int leastHeight(int width) const
    {
        const QWidget *page = widget();
        int least = page->minimumSizeHint().height();
        if (const QLayout *layout = page->layout(); layout && layout->hasHeightForWidth())
            least = qMax(least, layout->minimumHeightForWidth(width));
        return least;
    }
    void fit()
    {
        if (!isVisible()) {
            m_fitWhenShown = true;
            return;
        }
        m_fitWhenShown = false;
        QWidget *page = widget();
        const int leastWidth = page->minimumSizeHint().width();
        const QSize room = maximumViewportSize(); // without scroll bars
        int width = qMax(leastWidth, room.width());
        int least = leastHeight(width);
        if (least > room.height()) { // scrolls: the bar takes its width
            width = qMax(leastWidth, room.width() - verticalScrollBar()->sizeHint().width());
            least = leastHeight(width);
        }
        const int height = qMax(least, room.height() - (width > room.width() ? horizontalScrollBar()->sizeHint().height() : 0));
        if (page->size() != QSize(width, height))
            page->resize(width, height);
    }

    bool m_fitQueued = false;
    bool m_fitWhenShown = false;
};
