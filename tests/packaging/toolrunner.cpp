#include "toolrunner.h"

#include <QProcess>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

QString ToolRunner::find(const QString &program)
{
    return QStandardPaths::findExecutable(program);
}

ToolRun ToolRunner::run(const QString &program, const QStringList &arguments, int timeoutMs,
                        const QProcessEnvironment &environment, const QString &workingDirectory)
{
    ToolRun result;
    QProcess process;
    process.setProcessEnvironment(environment);
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    process.start(program, arguments);
    result.started = process.waitForStarted(10000);
    if (result.started) {
        result.finished =
            process.waitForFinished(timeoutMs) && process.exitStatus() == QProcess::NormalExit;
        if (!result.finished && process.state() != QProcess::NotRunning) {
            process.kill();
            process.waitForFinished(5000);
        }
        result.exitCode = result.finished ? process.exitCode() : -1;
    }
    result.out = QString::fromLocal8Bit(process.readAllStandardOutput());
    result.err = QString::fromLocal8Bit(process.readAllStandardError());
    const QString status = !result.started    ? u"did not start (%1)"_s.arg(process.errorString())
                           : !result.finished ? u"crashed or timed out after %1 ms"_s.arg(timeoutMs)
                                              : u"exit %1"_s.arg(result.exitCode);
    result.what = program + u' ' + arguments.join(u' ') + u": "_s + status + u"\n--- stdout\n"_s +
                  result.out + u"--- stderr\n"_s + result.err;
    return result;
}
