#pragma once

#include "domain/runstate.h"

#include <QObject>
#include <QPointer>

#include <functional>

class PromptSetClient;

// Exports a run's best tests as an AI Red Team prompt set, each prompt exactly once: the set
// is created once (its id goes into the checkpoint before anything is added), and what it
// holds is read back before adding, so a prompt AIRS took just before a crash, a pause or a
// cut answer is not added twice. A resumed export goes on filling the same set.
class PromptSetExport final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PromptSetExport)
public:
    struct Hooks
    {
        std::function<bool()> save;                         // the checkpoint; false: the run failed
        std::function<void(const QString &)> warning;
        std::function<void(const QString &reason)> pause;   // the run pauses; a resume goes on
        std::function<void(const QString &id, const QString &name, int prompts)> created;
    };
    // `checkpoint` (promptSetId, promptSetPrompts) outlives the export.
    PromptSetExport(QPointer<PromptSetClient> client, RunCheckpoint &checkpoint, Hooks hooks,
                    QObject *parent = nullptr);

    // Writes `tests` into the set `name` (or the one the checkpoint names), then runs `then`;
    // a failure pauses the run instead (a name taken by someone else's set: a warning, then).
    void start(const QString &name, const QString &description, const QList<TestCase> &tests,
               std::function<void()> then);
    // The run stopped: the requests in flight are aborted, and no answer still on its way is
    // acted on (no prompt is posted after a pause or a cancel).
    void abort();

private:
    struct Job
    {
        QString name;
        QList<TestCase> tests;
        std::function<void()> then;
        int readBacks = 0; // in a row, after adds whose outcome was unknown
    };
    static constexpr int MaxReadBacks = 5;
    void fill(Job job);
    void add(Job job, QList<TestCase> missing);
    void pauseIncomplete(const Job &job, int held);

    QPointer<PromptSetClient> m_client;
    RunCheckpoint &m_checkpoint;
    Hooks m_hooks;
    bool m_stopped = false;
};
