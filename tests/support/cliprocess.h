#pragma once

#include <QProcess>
#include <QStringList>

// One finished `daystrom` process as the CLI tests see it. (For a child that talks to
// emulators served from the test itself, wait with QTRY_* instead: waitForFinished() would
// block the event loop they answer from.)
struct CliProcess
{
    int code = -1; // -1: did not finish in time, or crashed
    QString out;
    QString err;
    QStringList errLines() const { return err.split(u'\n', Qt::SkipEmptyParts); }

    // `generate` and `resume` exit 0 for a run that completed with an iteration at its target
    // and 1 for one that completed below it (issue 44): both mean the run ended normally.
    static bool completed(int exitCode) { return exitCode == 0 || exitCode == 1; }

    static CliProcess run(const QString &program, const QStringList &args, const QProcessEnvironment &env,
                          int timeoutMs)
    {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(program, args);
        CliProcess r;
        if (!p.waitForFinished(timeoutMs) || p.exitStatus() != QProcess::NormalExit)
            return r;
        r.code = p.exitCode();
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }
};
