#include "config/config.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QIcon>

#include <cstdio>

// True when Qt can be expected to open a window: a display server, or an explicit platform.
static bool haveDisplay()
{
#if defined(Q_OS_LINUX) || defined(Q_OS_FREEBSD)
    return qEnvironmentVariableIsSet("DISPLAY") || qEnvironmentVariableIsSet("WAYLAND_DISPLAY")
           || qEnvironmentVariableIsSet("QT_QPA_PLATFORM");
#else
    return true;
#endif
}

int main(int argc, char *argv[])
{
    if (!haveDisplay()) {
        std::fputs("daystrom-studio: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
                   "Run it on a desktop, under xvfb-run, or use the headless CLI: daystrom --help\n",
                   stderr);
        return 1;
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Daystrom Studio"));
    QApplication::setOrganizationName(QStringLiteral("Daystrom"));
    QApplication::setApplicationVersion(QStringLiteral(DAYSTROM_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.daystrom.Studio"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/daystrom-studio.svg")));

    const QString home = Config::homeDir();
    MainWindow window(QDir(home).filePath(QStringLiteral("runs")));
    window.show();
    return app.exec();
}
