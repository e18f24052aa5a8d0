#include "profiletopicsfield.h"

#include "domain/topiclimits.h"

#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

ProfileTopicsField::ProfileTopicsField(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_list(new QListWidget(this))
{
    setObjectName(u"profileTopicsField"_s);
    m_summary->setObjectName(u"profileTopicsSummary"_s);
    m_summary->setWordWrap(true);
    m_list->setObjectName(u"profileTopicsList"_s);
    m_list->setAccessibleName(tr("The profile's topics copied into the run's profile"));
    m_list->setMaximumHeight(110);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_list);
    connect(m_list, &QListWidget::itemChanged, this, [this] {
        update();
        emit changed();
    });
    setTopics({});
}

void ProfileTopicsField::setTopics(const QStringList &names)
{
    const QSignalBlocker block(m_list);
    m_list->clear();
    for (const QString &name : names) {
        auto *item = new QListWidgetItem(name, m_list);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    setVisible(!names.isEmpty());
    update();
    emit changed();
}

void ProfileTopicsField::setOwnTopics(int count)
{
    m_own = count;
    update();
    emit changed();
}

QStringList ProfileTopicsField::leftOut() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->checkState() != Qt::Checked)
            out.append(m_list->item(i)->text());
    }
    return out;
}

void ProfileTopicsField::setLeftOut(const QStringList &names)
{
    const QSignalBlocker block(m_list);
    for (int i = 0; i < m_list->count(); ++i)
        m_list->item(i)->setCheckState(names.contains(m_list->item(i)->text()) ? Qt::Unchecked : Qt::Checked);
    update();
    emit changed();
}

int ProfileTopicsField::keptCount() const
{
    return int(m_list->count() - leftOut().size());
}

bool ProfileTopicsField::isOverLimit() const
{
    return keptCount() + m_own > TopicLimits::TopicsPerProfile;
}

void ProfileTopicsField::update()
{
    QString text = tr("The run tests on its own copy of this profile, with these topics of it (uncheck to leave one "
                      "out) and its own %n topic(s).", nullptr, m_own);
    if (isOverLimit()) {
        text += u' ' + tr("That is %1, more than the %2 a security profile holds: leave out at least %3.")
                           .arg(keptCount() + m_own)
                           .arg(TopicLimits::TopicsPerProfile)
                           .arg(keptCount() + m_own - TopicLimits::TopicsPerProfile);
    }
    m_summary->setText(text);
    m_summary->setForegroundRole(isOverLimit() ? QPalette::Link : QPalette::WindowText);
}
