#include "domain/redaction.h"
#include "models/keychainsecretstore.h"
#include "models/sessionbusaddress.h"
#include "models/studiocontext.h"
#include "translations/translations.h"
#include "ui/flatstyle.h"
#include "ui/mainwindow.h"
#include "ui/windowsettings.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTimer>

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
    SessionBusAddress::ensureNoAutolaunch(); // no D-Bus daemon of our own outliving the app
    Redaction::installMessageFilter(); // every log line: no key a server quoted back
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Daystrom Studio"));
    QApplication::setOrganizationName(QStringLiteral("Daystrom"));
    QApplication::setApplicationVersion(QStringLiteral(DAYSTROM_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.daystrom.Studio"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/daystrom-studio.svg")));
    Translations::install(QLocale::system()); // before any widget exists: menus are built translated
    FlatStyle::install(); // before any widget exists, as well

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("main", "Design Prisma AIRS custom-topic guardrails"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption sandbox(
        QStringLiteral("sandbox"),
        QCoreApplication::translate("main", "Use the built-in AIRS and LLM emulators (no account needed)"));
    parser.addOption(sandbox);
    parser.process(app);

    KeychainSecretStore secrets;
    StudioContext context(&secrets);
    MainWindow window(&context);
    QObject::connect(&context, &StudioContext::ready, &window, [&] {
        if (parser.isSet(sandbox)) {
            QString error;
            context.enableSandbox(&error);
        } else if (context.needsAccount() && window.windowSettings()->startInSandbox()) {
            window.enterSandbox(); // where the person left off, still without an account
        } else {
            window.offerSandboxIfNeeded(); // first launch (or not dismissed yet)
        }
    });
    context.initialize();
    window.show();
    return app.exec();
}
