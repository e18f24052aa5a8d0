#pragma once

#include <QWidget>

class QLabel;
class QListWidget;

// The production profile's own topics, which a run copies into its profile next to its
// candidate: each can be unchecked to leave it out, and the field says when the copy would
// hold more topics than a security profile takes.
class ProfileTopicsField final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProfileTopicsField)
public:
    explicit ProfileTopicsField(QWidget *parent = nullptr);

    void setTopics(const QStringList &names); // all kept; hidden when empty
    void setOwnTopics(int count);              // the run's topic (and companion)
    QStringList leftOut() const;
    void setLeftOut(const QStringList &names);
    bool isOverLimit() const;
    int keptCount() const;

signals:
    void changed();

private:
    void update();

    QLabel *m_summary;
    QListWidget *m_list;
    int m_own = 2;
};
