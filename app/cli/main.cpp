#include "domain/redaction.h"
#include "cli.h"

#include <QCoreApplication>

#include <cstdio>

int main(int argc, char *argv[])
{
    Redaction::installMessageFilter(); // every log line: no key a server quoted back
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("daystrom"));
    QCoreApplication::setApplicationVersion(QStringLiteral(DAYSTROM_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);
    CliContext context{out, err};
    const int code = runCli(QCoreApplication::arguments().mid(1), context);
    out.flush();
    err.flush();
    return code;
}
