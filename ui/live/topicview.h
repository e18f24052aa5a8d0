#pragma once

#include "domain/topic.h"

#include <QTextBrowser>

// The topic an iteration deploys — name, description and examples — read-only and selectable.
class TopicView final : public QTextBrowser
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TopicView)
public:
    explicit TopicView(QWidget *parent = nullptr);
    ~TopicView() override;

    void setTopic(const Topic &topic, const QString &caption = {});
    const Topic &topic() const { return m_topic; }

protected:
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    // setHtml() unless it is what is shown; on a hidden page, once the page is shown again.
    void showHtml(const QString &html);

    Topic m_topic;
    QString m_html;    // what the document shows
    QString m_pending; // what it shows once its page is shown again (null: nothing new)
    int m_width = -1; // the width of the last resize QTextEdit saw: its document's layout width
};
