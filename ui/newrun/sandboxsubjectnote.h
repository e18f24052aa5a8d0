#pragma once

#include "domain/runsettings.h"

#include <QLabel>

class QTimer;

// Under the New run form's topic, while the run would use the built-in sandbox: says before
// the run what the sandbox can do for the subject typed — built-in prompts about it, or only
// simple template prompts (a demo: the figures show how the loop works, not how AIRS would
// score the topic). Updated as the person types, after a short pause.
class SandboxSubjectNote final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxSubjectNote)
public:
    static constexpr int DebounceMs = 300;

    explicit SandboxSubjectNote(QWidget *parent = nullptr);

    void setSandbox(bool active);
    void setTopic(const QString &topic, Intent intent); // assessed after DebounceMs
    // The note for a topic now (empty when there is nothing to say).
    static QString noteFor(const QString &topic, Intent intent);

private:
    void update();

    QTimer *m_debounce;
    QString m_topic;
    Intent m_intent = Intent::Block;
    bool m_active = false;
};
