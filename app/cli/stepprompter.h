#pragma once

#include "cli.h"
#include "domain/runsteering.h"

#include <QObject>
#include <QStringList>

#include <functional>
#include <optional>

class QSocketNotifier;
class RunController;

// `daystrom generate --step` / `resume --step`: the terminal side of step mode. When the run
// proposes a topic it shows the proposal (a word diff against the current topic, byte counts)
// on stderr and asks what to do: accept, edit (name locked, AIRS limits checked), another
// proposal with a hint, keep examples, mark a label wrong (or undo that), add a prompt, switch
// to auto, or pause. Answers are read from standard input, which must be a terminal; lines
// typed ahead are kept for the next question. When input ends while a proposal waits, the
// run is paused (it resumes at the same proposal).
class StepPrompter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StepPrompter)
public:
    // `kept`: the examples the run keeps already (a resumed run's); `responseTests`: its
    // response tests (prompt and answer pairs) so far, learnt again from every iteration.
    StepPrompter(CliContext &ctx, RunController *controller, const QStringList &kept,
                 const QList<TestCase> &responseTests = {}, QObject *parent = nullptr);

    static bool stdinIsTerminal();

private:
    void onProposal(const PendingProposal &proposal);
    void onReadable();
    void feed();
    void ask(const QString &question, std::function<void(const QString &)> answer);
    void showProposal();
    void showMenu();
    void choose(const QString &choice);
    void editDescription();
    void editExample(Topic topic, int index);
    void finishEdit(const Topic &topic);
    void addPrompt();
    void correct(const QString &prompt, bool undo);

    CliContext &m_ctx;
    RunController *m_controller;
    QSocketNotifier *m_notifier = nullptr;
    QStringList m_kept;
    QList<TestCase> m_responseTests;
    std::optional<PendingProposal> m_pending;
    QByteArray m_buffer;
    QStringList m_lines; // typed ahead, oldest first
    bool m_eof = false;
    std::function<void(const QString &)> m_answer; // the question waiting for a line
};
