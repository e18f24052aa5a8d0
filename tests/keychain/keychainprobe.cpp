// Reads one key from the keychain and prints what happened, for tst_noautolaunch (which runs
// it with no session bus address):
//   keychainprobe --raw    QtKeychain directly, as an app without SessionBusAddress would
//   keychainprobe --store  through KeychainSecretStore (which settles the address first)
//   keychainprobe --gui [--guard]  only a QApplication with a window on the X display for a
//                  second, as daystrom-studio starts (with --guard: the address settled
//                  first, as main() should)
// Prints "address=<DBUS_SESSION_BUS_ADDRESS afterwards>" and "error=<text>" or "ok".
#include "models/keychainsecretstore.h"
#include "models/sessionbusaddress.h"

#include <qt6keychain/keychain.h>

#include <QApplication>
#include <QLabel>
#include <QTimer>

#include <cstdio>

static int gui(int argc, char **argv, bool guard)
{
    if (guard)
        SessionBusAddress::ensureNoAutolaunch();
    QApplication app(argc, argv);
    QLabel window(QStringLiteral("probe"));
    window.show();
    QTimer::singleShot(1000, &app, [] {
        std::printf("address=%s\n", qgetenv("DBUS_SESSION_BUS_ADDRESS").constData());
        std::printf("ok\n");
        std::fflush(stdout);
        QCoreApplication::exit(0);
    });
    return app.exec();
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (qstrcmp(argv[i], "--gui") == 0) {
            bool guard = false;
            for (int j = 1; j < argc; ++j)
                guard = guard || qstrcmp(argv[j], "--guard") == 0;
            return gui(argc, argv, guard);
        }
    }
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const auto finish = [](const QString &error) {
        std::printf("address=%s\n", qgetenv("DBUS_SESSION_BUS_ADDRESS").constData());
        std::printf("%s\n", error.isEmpty() ? "ok" : qPrintable(QStringLiteral("error=") + error));
        std::fflush(stdout);
        QCoreApplication::exit(0);
    };
    QTimer::singleShot(20000, &app,
                       [finish] { finish(QStringLiteral("(no answer within 20 s)")); });
    if (args.contains(QStringLiteral("--raw"))) {
        auto *job = new QKeychain::ReadPasswordJob(KeychainSecretStore::Service, &app);
        job->setAutoDelete(false);
        job->setKey(QStringLiteral("probe"));
        QObject::connect(job, &QKeychain::Job::finished, &app, [job, finish] {
            finish(job->error() == QKeychain::NoError || job->error() == QKeychain::EntryNotFound
                       ? QString()
                       : job->errorString());
        });
        job->start();
    } else {
        auto *store = new KeychainSecretStore(&app);
        store->read(QStringLiteral("probe"), &app,
                    [finish](const SecretStore::Result &r) { finish(r.error); });
    }
    return app.exec();
}
