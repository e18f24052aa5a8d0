#pragma once

#include "domain/runsettings.h"

#include <QLabel>

#include <QFutureWatcher>

class QTimer;

// Under the New run form's topic, while the run would use the built-in sandbox: says before
// the run what the sandbox can do for the subject typed — built-in prompts about it, or only
// simple template prompts (a demo: the figures show how the loop works, not how AIRS would
// score the topic). Updated as the person types, after a short pause.
//
// The reading runs on a worker thread, never on the GUI thread (issue 54: a reading that did
// not return froze the window for good), one at a time: text typed while one runs is read
// when it is done, and only the latest text's note is shown. The text read is capped at
// MaxReadChars (the subject is in its first clause).
class SandboxSubjectNote final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxSubjectNote)
public:
    static constexpr int DebounceMs = 300;
    static constexpr qsizetype MaxReadChars = 4096;

    explicit SandboxSubjectNote(QWidget *parent = nullptr);

    void setSandbox(bool active);
    void setTopic(const QString &topic, Intent intent); // assessed after DebounceMs
    // The note for a topic now (empty when there is nothing to say).
    static QString noteFor(const QString &topic, Intent intent);

private:
    void update();
    void showNote(const QString &text);

    QTimer *m_debounce;
    QFutureWatcher<QString> *m_reading;
    bool m_readAgain = false; // the topic changed while a reading ran
    QString m_topic;
    Intent m_intent = Intent::Block;
    bool m_active = false;
};
