#pragma once

#include <QProcessEnvironment>
#include <QRandomGenerator>
#include <QStringList>

// Runs one `daystrom` command and kill -9s it at a chosen moment: `delayMs` after the
// `occurrence`-th appearance of `anchor` in its output (stdout or stderr; right after start
// when `anchor` is empty). Waits on the event loop (QTest::qWaitFor), so the child may talk to emulators in
// another process or in this one.
struct KillOutcome
{
    bool killed = false; // SIGKILL was sent before the process exited on its own
    bool anchorSeen = false;
    int exitCode = -1; // when it exited on its own
    QString out;
    QString err;
};

KillOutcome runAndMaybeKill(const QString &program, const QStringList &args,
                            const QProcessEnvironment &env, const QString &anchor, int delayMs,
                            int timeoutMs = 60000, int occurrence = 1);
