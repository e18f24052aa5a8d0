#include "sandboxbanner.h"

#include "ui/widgets/wrappinglabel.h"

#include <QBoxLayout>
#include <QDir>
#include <QLabel>
#include <QPushButton>

using namespace Qt::StringLiterals;

SandboxBanner::SandboxBanner(QWidget *parent)
    : QFrame(parent)
    , m_badge(new QLabel(tr("Sandbox"), this))
    , m_message(new QLabel(this))
    , m_data(new QLabel(this))
    , m_leave(new QPushButton(this))
{
    setObjectName(u"sandboxBanner"_s);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::ToolTipBase);
    setForegroundRole(QPalette::ToolTipText);
    setFrameShape(QFrame::StyledPanel);
    m_badge->setObjectName(u"sandboxBadge"_s);
    m_badge->setAccessibleName(tr("Sandbox mode"));
    // The badge takes the palette's highlight, so it reads as a label in any theme.
    m_badge->setStyleSheet(
        u"QLabel { background-color: palette(highlight); color: palette(highlighted-text); "
        "border-radius: 3px; padding: 2px 8px; font-weight: bold; }"_s);
    m_badge->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    m_message->setObjectName(u"sandboxMessage"_s);
    m_message->setWordWrap(true);
    m_message->setText(
        tr("A demo with built-in emulators: no account is used; results show how the loop works, "
           "not real AIRS scores."));
    m_data->setObjectName(u"sandboxDataBanner"_s);
    m_data->setWordWrap(true);
    for (QLabel *label : {m_message, m_data}) {
        makeWrappingLabel(label); // one line's height for one line of text
        label->setForegroundRole(QPalette::ToolTipText);
    }
    m_leave->setObjectName(u"leaveSandboxButton"_s);

    auto *text = new QVBoxLayout;
    text->setSpacing(0);
    text->addWidget(m_message);
    text->addWidget(m_data);
    text->addStretch(1); // the two lines stay together whatever height the row gets
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_badge, 0, Qt::AlignTop);
    layout->addLayout(text, 1);
    layout->addWidget(m_leave, 0, Qt::AlignVCenter);
    connect(m_leave, &QPushButton::clicked, this, &SandboxBanner::leaveRequested);
    setVisible(false);
}

void SandboxBanner::setState(bool sandbox, bool accountConfigured, const QString &dataDir)
{
    m_sandbox = sandbox;
    setVisible(sandbox);
    if (!sandbox)
        return;
    m_data->setText(tr("Sandbox data: its runs and learnings are kept apart from yours."));
    m_data->setToolTip(tr("In %1").arg(QDir::toNativeSeparators(dataDir)));
    m_data->setAccessibleDescription(m_data->toolTip());
    m_leave->setText(accountConfigured ? tr("Leave the sand&box") : tr("Set up an &account…"));
    m_leave->setToolTip(
        accountConfigured
            ? tr("Switch the sandbox off and use your configured accounts")
            : tr("Open the settings to add an AIRS and an LLM account; the app leaves the sandbox "
                 "once they are saved"));
}

