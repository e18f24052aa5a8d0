#include "sandboxsubjectnote.h"

#include "ui/widgets/wrappinglabel.h"
#include "sandbox/sandboxsubject.h"

#include <QHash>
#include <QTimer>
#include <QtConcurrentRun>

using namespace Qt::StringLiterals;

SandboxSubjectNote::SandboxSubjectNote(QWidget *parent)
    : QLabel(parent)
    , m_debounce(new QTimer(this))
    , m_reading(new QFutureWatcher<QString>(this))
{
    setObjectName(u"sandboxSubjectNote"_s);
    setWordWrap(true);
    setAlignment(Qt::AlignLeft |
                 Qt::AlignTop); // a row taller than the text keeps it under the topic
    setTextFormat(Qt::PlainText);
    makeWrappingLabel(this); // keeps height-for-width
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(DebounceMs);
    connect(m_debounce, &QTimer::timeout, this, &SandboxSubjectNote::update);
    connect(m_reading, &QFutureWatcher<QString>::finished, this, [this] {
        if (m_readAgain) { // a newer text: its note, not this one
            update();
            return;
        }
        showNote(m_reading->result());
    });
    setVisible(false);
}

void SandboxSubjectNote::setSandbox(bool active)
{
    m_active = active;
    m_debounce->stop();
    update();
}

void SandboxSubjectNote::setTopic(const QString &topic, Intent intent)
{
    m_topic = topic;
    m_intent = intent;
    if (m_active)
        m_debounce->start();
}

QString SandboxSubjectNote::noteFor(const QString &topic, Intent intent)
{
    if (topic.trimmed().isEmpty())
        return {};
    const SandboxSubjectAssessment a = SandboxSubject::assess(topic, intent);
    if (a.curated) {
        // The built-in subjects (resources/sandbox/*.json titles) in the UI's language.
        static const QHash<QString, const char *> known{
            {u"Weapons"_s, QT_TR_NOOP("weapons")},
            {u"Financial fraud"_s, QT_TR_NOOP("financial fraud")},
            {u"General health information"_s, QT_TR_NOOP("general health information")},
            {u"Sports talk"_s, QT_TR_NOOP("sports talk")}};
        QString title = known.contains(a.domainTitle) ? tr(known.value(a.domainTitle)) : a.domainTitle;
        // A title inside the sentence: "about weapons" (an acronym such as "AI" keeps its case).
        if (!known.contains(a.domainTitle) && title.size() > 1 && title.at(1).isLower())
            title[0] = title.at(0).toLower();
        return tr("Sandbox: built-in prompts about %1.").arg(title);
    }
    return tr("Sandbox demo: no built-in prompts about “%1”; it writes simple template prompts. "
              "The figures "
              "show how the loop works, not how AIRS would score this topic.")
        .arg(a.subject);
}

void SandboxSubjectNote::update()
{
    m_readAgain = false;
    if (!m_active || m_topic.trimmed().isEmpty()) {
        if (m_reading->isRunning())
            m_readAgain = true; // its note would come after this: drop it when it does
        showNote({});
        return;
    }
    if (m_reading->isRunning()) {
        m_readAgain = true;
        return;
    }
    m_reading->setFuture(QtConcurrent::run(&SandboxSubjectNote::noteFor,
                                           m_topic.left(MaxReadChars), m_intent));
}

void SandboxSubjectNote::showNote(const QString &text)
{
    setText(text);
    setToolTip(text);
    setVisible(!text.isEmpty());
}
