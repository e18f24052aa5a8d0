#include "usagestrip.h"

#include "reports/usagetext.h"
#include "models/runsession.h"

using namespace Qt::StringLiterals;

UsageStrip::UsageStrip(RunSession *session, QWidget *parent)
    : QLabel(parent)
    , m_session(session)
{
    setObjectName(u"usageLabel"_s);
    setTextFormat(Qt::PlainText);
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_liveTimer.setSingleShot(true);
    m_liveTimer.setInterval(LiveIntervalMs);
    connect(&m_liveTimer, &QTimer::timeout, this, &UsageStrip::update);
    connect(session, &RunSession::usageChanged, this, [this] {
        m_pending = true;
        if (!m_liveTimer.isActive())
            m_liveTimer.start();
    });
    connect(session, &RunSession::runUpdated, this, &UsageStrip::update);
    connect(session, &RunSession::reset, this, &UsageStrip::update);
    update();
}

void UsageStrip::refresh()
{
    if (m_pending)
        update();
}

void UsageStrip::update()
{
    m_liveTimer.stop();
    m_pending = false;
    if (!m_session || !m_session->hasRun()) {
        setText(QString());
        setToolTip(QString());
        return;
    }
    const RunState &run = m_session->run();
    QString text = UsageText::labelledSummary(run.usage);
    if (const QString budget = UsageText::budget(run.userInput.maxTokens, run.userInput.maxCost);
        !budget.isEmpty())
        text += u" ("_s + budget + u')';
    if (text != this->text())
        setText(text);
    QString tip = tr("What this run used so far: the provider's token counts, the LLM calls that "
                     "were answered and the prompts scanned.");
    if (!m_session->iterationUsage().isEmpty())
        tip +=
            u'\n' + tr("This iteration: %1").arg(UsageText::labelledSummary(m_session->iterationUsage()));
    if (UsageText::costUnknown(run.usage))
        tip += u'\n' + UsageText::costUnknownHint();
    setToolTip(tip);
    setAccessibleName(tr("Run usage"));
    setAccessibleDescription(text);
}
