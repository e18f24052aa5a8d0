#include "crossruntexts.h"

#include "domain/worddiff.h"
#include "ui/widgets/diffstyle.h"

#include <QBoxLayout>
#include <QEvent>
#include <QScrollArea>
#include <QTextBrowser>

using namespace Qt::StringLiterals;

CrossRunTexts::CrossRunTexts(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"crossRunTexts"_s);
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(u"crossRunTextsScroll"_s);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    auto *inner = new QWidget(m_scroll);
    m_row = new QHBoxLayout(inner);
    m_row->setContentsMargins(0, 0, 0, 0);
    m_scroll->setWidget(inner);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_scroll);
}

CrossRunTexts::~CrossRunTexts() = default;

void CrossRunTexts::setCandidates(const QList<CrossRun::Candidate> &candidates)
{
    m_candidates = candidates;
    qDeleteAll(m_columns);
    m_columns.clear();
    for (int i = 0; i < m_candidates.size(); ++i) {
        auto *column = new QTextBrowser(this);
        column->setObjectName(u"crossRunText%1"_s.arg(i));
        //: The accessible name of one topic's column: %1 its rank, %2 its run and iteration.
        column->setAccessibleName(i == 0
                                      ? tr("Topic of the leader, %1").arg(m_candidates.at(i).label)
                                      : tr("Topic #%1, %2, against the leader's")
                                            .arg(i + 1)
                                            .arg(m_candidates.at(i).label));
        column->setMinimumWidth(fontMetrics().averageCharWidth() * 34);
        column->setOpenLinks(false);
        m_row->addWidget(column, 1);
        m_columns.append(column);
    }
    render();
}

void CrossRunTexts::showColumn(int rank)
{
    if (rank >= 0 && rank < m_columns.size())
        m_scroll->ensureWidgetVisible(m_columns.at(rank), 0, 0);
}

void CrossRunTexts::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        render();
}

void CrossRunTexts::render()
{
    for (int i = 0; i < m_columns.size(); ++i)
        m_columns.at(i)->setHtml(html(i));
}

QString CrossRunTexts::html(int rank) const
{
    const DiffStyle style = DiffStyle::from(palette());
    const CrossRun::Candidate &c = m_candidates.at(rank);
    const Topic &leader = m_candidates.first().topic;
    const auto shown = [&](const QString &before, const QString &after) {
        return rank == 0 ? after.toHtmlEscaped() : style.html(WordDiff::diff(before, after));
    };
    const QString muted = style.muted.name();
    //: Heading of a topic's column: %1 its rank, %2 its run and iteration ("RUN:3").
    QString text = u"<p><b>"_s +
                   (rank == 0 ? tr("#1 (leader) %1") : tr("#%1 %2").arg(rank + 1))
                       .arg(c.label.toHtmlEscaped()) +
                   u"</b>"_s;
    if (rank > 0)
        text += u"<br><span style=\"color:%1\">%2</span>"_s.arg(
            muted, tr("As a word diff against the leader's topic").toHtmlEscaped());
    text += u"</p>"_s;
    text += u"<p style=\"color:%1\">%2</p><p>%3</p>"_s.arg(muted, tr("Name").toHtmlEscaped(),
                                                           shown(leader.name, c.topic.name));
    text += u"<p style=\"color:%1\">%2</p><p>%3</p>"_s.arg(
        muted, tr("Description").toHtmlEscaped(), shown(leader.description, c.topic.description));
    text += u"<p style=\"color:%1\">%2</p><ul>"_s.arg(muted, tr("Examples").toHtmlEscaped());
    for (const QString &example : c.topic.examples) {
        const bool shared = rank == 0 || leader.examples.contains(example);
        text +=
            u"<li>"_s + (shared ? example.toHtmlEscaped() : style.addedHtml(example)) + u"</li>"_s;
    }
    if (rank > 0) {
        for (const QString &example : leader.examples) {
            if (!c.topic.examples.contains(example))
                text += u"<li>"_s + style.removedHtml(example) + u"</li>"_s;
        }
    }
    return text + u"</ul>"_s;
}
