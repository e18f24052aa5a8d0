// A Secret Service that takes every call and never answers, like a locked keyring waiting
// for an unlock prompt nobody sees. It owns org.freedesktop.secrets on the session bus and
// prints "ready" once it does; tst_keychainfailures uses it to trip the store's watchdog.
#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusVirtualObject>

#include <cstdio>

namespace {
class Silent final : public QDBusVirtualObject
{
public:
    QString introspect(const QString &) const override { return {}; }
    bool handleMessage(const QDBusMessage &message, const QDBusConnection &) override
    {
        std::fprintf(stderr, "silent: %s.%s on %s\n", qPrintable(message.interface()),
                     qPrintable(message.member()), qPrintable(message.path()));
        return true; // taken, and never answered
    }
};
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QDBusConnection bus = QDBusConnection::sessionBus();
    Silent silent;
    if (!bus.registerVirtualObject(QStringLiteral("/"), &silent, QDBusConnection::SubPath)
        || !bus.registerService(QStringLiteral("org.freedesktop.secrets"))) {
        std::fprintf(stderr, "silent: %s\n", qPrintable(bus.lastError().message()));
        return 1;
    }
    std::printf("ready\n");
    std::fflush(stdout);
    return app.exec();
}
