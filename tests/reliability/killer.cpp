#include "killer.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;

KillOutcome runAndMaybeKill(const QString &program, const QStringList &args,
                            const QProcessEnvironment &env, const QString &anchor, int delayMs,
                            int timeoutMs, int occurrence)
{
    KillOutcome outcome;
    QProcess process;
    process.setProcessEnvironment(env);
    QTimer killTimer;
    killTimer.setSingleShot(true);
    QObject::connect(&killTimer, &QTimer::timeout, &process, [&] {
        if (process.state() == QProcess::Running) {
            outcome.killed = true;
            process.kill(); // SIGKILL
        }
    });
    auto arm = [&] {
        if (!outcome.anchorSeen) {
            outcome.anchorSeen = true;
            killTimer.start(delayMs);
        }
    };
    auto scan = [&](QString &buffer, const QByteArray &chunk) {
        buffer += QString::fromUtf8(chunk);
        if (!anchor.isEmpty() && !outcome.anchorSeen && buffer.count(anchor) >= occurrence)
            arm();
    };
    QObject::connect(&process, &QProcess::readyReadStandardOutput, &process,
                     [&] { scan(outcome.out, process.readAllStandardOutput()); });
    QObject::connect(&process, &QProcess::readyReadStandardError, &process,
                     [&] { scan(outcome.err, process.readAllStandardError()); });
    process.start(program, args);
    if (!process.waitForStarted(10000)) {
        outcome.err += u"\n(the test could not start %1: %2)"_s.arg(program, process.errorString());
        return outcome;
    }
    if (anchor.isEmpty())
        arm();
    if (!QTest::qWaitFor([&] { return process.state() == QProcess::NotRunning; }, timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        outcome.err += u"\n(the test killed it: no exit after %1 s)"_s.arg(timeoutMs / 1000);
        return outcome;
    }
    outcome.out += QString::fromUtf8(process.readAllStandardOutput());
    outcome.err += QString::fromUtf8(process.readAllStandardError());
    if (!outcome.killed && process.exitStatus() == QProcess::NormalExit)
        outcome.exitCode = process.exitCode();
    else if (!outcome.killed)
        outcome.err += u"\n(it crashed: %1)"_s.arg(process.errorString());
    return outcome;
}
