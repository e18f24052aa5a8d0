// daystrom-docgen: writes the man pages and the shell completion scripts from the CLI's option
// tables at build time (issue 60). QtCore only: it links the tables, not the CLI or the GUI.
//
//   daystrom-docgen <output-dir> <version> <date YYYY-MM-DD>
//   -> daystrom.1, daystrom-studio.1, daystrom.bash, _daystrom, daystrom.fish
#include "cli/completionscript.h"
#include "cli/manpage.h"

#include <QCoreApplication>
#include <QDir>
#include <QSaveFile>

#include <cstdio>

namespace {
bool write(const QDir &dir, const QString &name, const QString &text)
{
    QSaveFile file(dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.commit()) {
        std::fprintf(stderr, "daystrom-docgen: cannot write %s: %s\n", qPrintable(file.fileName()),
                     qPrintable(file.errorString()));
        return false;
    }
    return true;
}
} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 4) {
        std::fputs("usage: daystrom-docgen <output-dir> <version> <date YYYY-MM-DD>\n", stderr);
        return 2;
    }
    const QDir dir(args.at(1));
    if (!QDir().mkpath(dir.path())) {
        std::fprintf(stderr, "daystrom-docgen: cannot make %s\n", qPrintable(dir.path()));
        return 1;
    }
    const QString &version = args.at(2);
    const QString &date = args.at(3);
    const bool ok = write(dir, QStringLiteral("daystrom.1"), ManPage::daystrom(version, date))
                    && write(dir, QStringLiteral("daystrom-studio.1"), ManPage::studio(version, date))
                    && write(dir, QStringLiteral("daystrom.bash"), CompletionScript::bash())
                    && write(dir, QStringLiteral("_daystrom"), CompletionScript::zsh())
                    && write(dir, QStringLiteral("daystrom.fish"), CompletionScript::fish());
    return ok ? 0 : 1;
}
