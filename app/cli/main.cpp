#include "domain/redaction.h"
#include "cli.h"
#include "terminalsafedevice.h"

#include <QCoreApplication>
#include <QFile>
#include <QTextStream>

#include <cstdio>

int main(int argc, char *argv[])
{
    Redaction::installMessageFilter(); // every log line: no key a server quoted back
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("daystrom"));
    QCoreApplication::setApplicationVersion(QStringLiteral(DAYSTROM_VERSION));
    // Control sequences in what is printed (an LLM's text, a run file, a bundle) are shown,
    // not obeyed by the terminal (issue 41).
    QFile stdoutFile, stderrFile;
    stdoutFile.open(stdout, QIODevice::WriteOnly);
    stderrFile.open(stderr, QIODevice::WriteOnly);
    TerminalSafeDevice safeOut(&stdoutFile), safeErr(&stderrFile);
    QTextStream out(&safeOut);
    QTextStream err(&safeErr);
    CliContext context{out, err};
    const int code = runCli(QCoreApplication::arguments().mid(1), context);
    out.flush();
    err.flush();
    return code;
}
