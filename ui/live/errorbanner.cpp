#include "errorbanner.h"

#include "reports/displayformat.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

ErrorBanner::ErrorBanner(QWidget *parent)
    : QFrame(parent)
{
    setObjectName(u"errorBanner"_s);
    setAccessibleName(tr("Run error"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);

    m_icon = new QLabel(this);
    m_icon->setObjectName(u"errorBannerIcon"_s);
    m_icon->setAlignment(Qt::AlignTop);
    m_title = new QLabel(tr("The run failed"), this);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_message = new QLabel(this);
    m_message->setObjectName(u"errorBannerMessage"_s);
    m_message->setAccessibleName(tr("Error message"));
    m_message->setTextFormat(Qt::PlainText); // the server's message, as it is
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_dismiss = new QToolButton(this);
    m_dismiss->setObjectName(u"dismissErrorBanner"_s);
    m_dismiss->setText(tr("Dismiss"));
    m_dismiss->setAccessibleName(tr("Dismiss the error"));
    m_dismiss->setToolTip(tr("Hide this message"));
    m_dismiss->setAutoRaise(true);
    connect(m_dismiss, &QToolButton::clicked, this, &ErrorBanner::dismiss);

    auto *text = new QVBoxLayout;
    text->setSpacing(2);
    text->addWidget(m_title);
    text->addWidget(m_message);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 6, 6, 6);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addLayout(text, 1);
    layout->addWidget(m_dismiss, 0, Qt::AlignTop);

    restyle();
    hide();
}

ErrorBanner::~ErrorBanner() = default;

void ErrorBanner::showError(const QString &message)
{
    // What the engine wrote, with what is ours in the user's language (an LLM or AIRS error's
    // kind, a known reason); a server's own message stays as it came.
    m_message->setText(message.trimmed().isEmpty() ? tr("No details were given.")
                                                   : DisplayFormat::stopReason(message.trimmed()));
    setAccessibleDescription(m_message->text());
    show();
}

void ErrorBanner::dismiss()
{
    if (isHidden())
        return;
    hide();
    emit dismissed();
}

QString ErrorBanner::message() const
{
    return m_message->text();
}

void ErrorBanner::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        restyle();
}

void ErrorBanner::restyle()
{
    if (m_restyling)
        return;
    m_restyling = true;
    QPalette p = palette();
    p.setColor(QPalette::Window, p.color(QPalette::ToolTipBase));
    p.setColor(QPalette::WindowText, p.color(QPalette::ToolTipText));
    setPalette(p);
    const int size = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    m_icon->setPixmap(
        style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this).pixmap(size));
    m_restyling = false;
}
