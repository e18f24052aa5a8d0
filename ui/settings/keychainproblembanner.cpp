#include "keychainproblembanner.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

KeychainProblemBanner::KeychainProblemBanner(QWidget *parent)
    : QFrame(parent)
    , m_message(new QLabel(this))
    , m_detailsButton(new QToolButton(this))
    , m_details(new QLabel(this))
    , m_sessionOnly(new QCheckBox(this))
{
    setObjectName(u"keychainProblem"_s);
    setFrameShape(QFrame::StyledPanel);
    m_message->setObjectName(u"keychainBanner"_s);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_detailsButton->setObjectName(u"keychainDetailsButton"_s);
    m_detailsButton->setText(tr("Details"));
    m_detailsButton->setCheckable(true);
    m_detailsButton->setArrowType(Qt::RightArrow);
    m_detailsButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_detailsButton->setAutoRaise(true);
    m_details->setObjectName(u"keychainDetails"_s);
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::PlainText);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setVisible(false);
    m_sessionOnly->setObjectName(u"sessionOnlyCheck"_s);
    m_sessionOnly->setText(tr("Keep keys for this session only (they are not saved anywhere)"));

    auto *top = new QHBoxLayout;
    top->addWidget(m_message, 1);
    top->addWidget(m_detailsButton, 0, Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_details);
    layout->addWidget(m_sessionOnly);
    connect(m_detailsButton, &QToolButton::toggled, this, [this](bool on) {
        m_detailsButton->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
        m_details->setVisible(on);
    });
    connect(m_sessionOnly, &QCheckBox::toggled, this, &KeychainProblemBanner::sessionOnlyToggled);
    setVisible(false);
}

void KeychainProblemBanner::setDetail(const QString &detail)
{
    m_details->setText(detail);
    m_message->setToolTip(detail);
    m_detailsButton->setVisible(!detail.isEmpty());
    if (detail.isEmpty())
        m_detailsButton->setChecked(false);
}

void KeychainProblemBanner::showProblem(const QString &message, const QString &detail)
{
    m_message->setText(message);
    setDetail(detail);
    m_sessionOnly->setEnabled(true);
    m_sessionOnly->setVisible(true);
    setVisible(true);
}

void KeychainProblemBanner::showSessionOnly(const QString &reason, const QString &detail)
{
    const QString chosen = tr("Keys are kept for this session only: they are not saved anywhere "
                              "and are forgotten when Daystrom Studio closes.");
    m_message->setText(reason.isEmpty() ? chosen : reason + u'\n' + chosen);
    setDetail(detail);
    const QSignalBlocker block(m_sessionOnly);
    m_sessionOnly->setChecked(true);
    m_sessionOnly->setEnabled(false); // a choice for the session, kept until the app closes
    m_sessionOnly->setVisible(true);
    setVisible(true);
}

void KeychainProblemBanner::clear()
{
    setVisible(false);
}

bool KeychainProblemBanner::sessionOnlyChosen() const
{
    return !isHidden() && m_sessionOnly->isEnabled() && m_sessionOnly->isChecked();
}
