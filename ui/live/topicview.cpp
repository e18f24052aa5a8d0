#include "topicview.h"

#include "ui/widgets/hiddenpage.h"

#include <QResizeEvent>

using namespace Qt::StringLiterals;

TopicView::TopicView(QWidget *parent)
    : QTextBrowser(parent)
{
    setObjectName(u"currentTopic"_s);
    setAccessibleName(tr("Current topic"));
    setOpenLinks(false);
    setReadOnly(true);
    // A scroll bar that comes and goes makes every new topic lay out twice (at two widths);
    // a topic arrives with each iteration.
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setTopic({});
}

TopicView::~TopicView() = default;

void TopicView::setTopic(const Topic &topic, const QString &caption)
{
    m_topic = topic;
    if (topic.name.isEmpty() && topic.description.isEmpty() && topic.examples.isEmpty()) {
        return showHtml(u"<p><i>"_s + tr("No topic yet: the first iteration generates one.").toHtmlEscaped() +
                    u"</i></p>"_s);
    }
    QString html;
    if (!caption.isEmpty())
        html += u"<p><small>"_s + caption.toHtmlEscaped() + u"</small></p>"_s;
    html += u"<h3>"_s + topic.name.toHtmlEscaped() + u"</h3>"_s;
    html += u"<p>"_s + topic.description.toHtmlEscaped() + u"</p>"_s;
    if (!topic.examples.isEmpty()) {
        html += u"<p><b>"_s + tr("Examples").toHtmlEscaped() + u"</b></p><ul>"_s;
        for (const QString &example : topic.examples)
            html += u"<li>"_s + example.toHtmlEscaped() + u"</li>"_s;
        html += u"</ul>"_s;
    }
    showHtml(html);
}

void TopicView::showHtml(const QString &html)
{
    // A topic arrives with each iteration, mostly while another page is in front (Charts,
    // Compare): parsing and laying out the document then costs the shown page a frame for
    // nothing. It is done once the Live page is back and has had its first frame.
    if (onHiddenPage(this)) {
        m_pending = html == m_html ? QString() : html;
        return;
    }
    m_pending.clear();
    // The same topic again (a new iteration starts, the view follows another one with the same
    // text): laying the document out again would only cost the window a frame.
    if (html == m_html)
        return;
    m_html = html;
    setHtml(html);
}

void TopicView::showEvent(QShowEvent *event)
{
    QTextBrowser::showEvent(event);
    if (!m_pending.isNull())
        catchUpAfterFirstFrame(this, [this] {
            if (!m_pending.isNull() && isVisible())
                showHtml(QString(m_pending)); // a copy: showHtml() clears m_pending
        });
}

void TopicView::resizeEvent(QResizeEvent *event)
{
    // Shown again after a change while its page was hidden, the view gets a resize event with
    // no old size, and QTextEdit lays the whole document out again for it (2 ms of the Live
    // page's first frame after Run) even though the width is the one it is laid out at.
    if (!event->oldSize().isValid() && event->size().width() == m_width) {
        QResizeEvent sameWidth(event->size(), QSize(m_width, event->size().height()));
        QTextBrowser::resizeEvent(&sameWidth);
        return;
    }
    m_width = event->size().width();
    QTextBrowser::resizeEvent(event);
}
