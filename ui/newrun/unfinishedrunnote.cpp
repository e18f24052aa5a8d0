#include "unfinishedrunnote.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>

using namespace Qt::StringLiterals;

UnfinishedRunNote::UnfinishedRunNote(QWidget *parent)
    : QFrame(parent)
    , m_text(new QLabel(this))
    , m_resume(new QPushButton(tr("R&esume it"), this))
    , m_open(new QPushButton(tr("Open"), this))
    , m_dismiss(new QPushButton(tr("Not now"), this))
{
    setObjectName(u"unfinishedRunNote"_s);
    setAccessibleName(tr("A run that did not finish"));
    setFrameShape(QFrame::StyledPanel);
    m_text->setObjectName(u"unfinishedRunText"_s);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_resume->setObjectName(u"resumeUnfinishedButton"_s);
    m_open->setObjectName(u"openUnfinishedButton"_s);
    m_open->setToolTip(tr("Show its charts and results without running it"));
    m_dismiss->setObjectName(u"dismissUnfinishedButton"_s);
    m_dismiss->setToolTip(tr("Hide this note; the run stays on the Runs page"));
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_resume);
    layout->addWidget(m_open);
    layout->addWidget(m_dismiss);
    connect(m_resume, &QPushButton::clicked, this, [this] {
        hide();
        emit resumeRequested(m_runId);
    });
    connect(m_open, &QPushButton::clicked, this, [this] { emit openRequested(m_runId); });
    connect(m_dismiss, &QPushButton::clicked, this, &QWidget::hide);
    hide();
}

void UnfinishedRunNote::showRun(const QString &runId, const QString &topic, int iterations,
                                bool interrupted, const QString &reason)
{
    m_runId = runId;
    const QString after = tr("after %n iteration(s)", nullptr, iterations);
    QString text = interrupted
                       ? tr("The run “%1” was interrupted %2: the app closed without pausing it.")
                             .arg(topic, after)
                       : tr("The run “%1” is paused %2.").arg(topic, after);
    if (!interrupted && !reason.isEmpty())
        text += u' ' + tr("(%1)").arg(reason);
    text += u' ' + tr("Resume it where it stopped, or start a new one below.");
    m_text->setText(text);
    setAccessibleDescription(text);
    show();
}
