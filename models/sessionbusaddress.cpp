#include "sessionbusaddress.h"

#include <QFile>
#include <QtGlobal>

#if defined(Q_OS_LINUX) || defined(Q_OS_FREEBSD)
#include <sys/stat.h>
#endif

namespace {
// D-Bus address values escape every byte outside [-0-9A-Za-z_/.\*] as %XX.
QByteArray escapeAddressValue(const QByteArray &raw)
{
    return raw.toPercentEncoding("/.\\*", "~", '%');
}
} // namespace

QString SessionBusAddress::ensureNoAutolaunch()
{
#if defined(Q_OS_LINUX) || defined(Q_OS_FREEBSD)
    if (!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
        return qEnvironmentVariable("DBUS_SESSION_BUS_ADDRESS");
    QByteArray address = Disabled;
    const QByteArray runtime = qgetenv("XDG_RUNTIME_DIR");
    if (!runtime.isEmpty()) {
        const QByteArray bus = runtime + "/bus";
        struct stat info
        {
        };
        if (::stat(bus.constData(), &info) == 0 && S_ISSOCK(info.st_mode))
            address = "unix:path=" + escapeAddressValue(bus);
    }
    qputenv("DBUS_SESSION_BUS_ADDRESS", address);
    return QString::fromLocal8Bit(address);
#else
    return qEnvironmentVariable("DBUS_SESSION_BUS_ADDRESS");
#endif
}
