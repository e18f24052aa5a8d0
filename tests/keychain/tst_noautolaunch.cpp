#include "models/sessionbusaddress.h"

#include "testmain.h"

#include <QDir>
#include <QProcess>
#include <QStandardPaths>

#include <signal.h>

using namespace Qt::StringLiterals;

// With no session bus address (run through no-session-bus.sh: an X display of its own, no
// DBUS_SESSION_BUS_ADDRESS, no user bus socket), the app must not leave a D-Bus daemon or a
// keyring daemon behind. keychainprobe reads one key:
// - without the app's guard (QtKeychain used directly), D-Bus "autolaunch" starts dbus-launch,
//   a dbus-daemon and, activated on it, gnome-keyring-daemon; all three outlive the probe.
//   This half shows the test can see the problem (where dbus-launch is installed);
// - through KeychainSecretStore, the address is settled first ("disabled:"): the read fails
//   at once as "no keychain", and nothing is launched.
// Launched processes are found by the tag every process started by the script inherits
// (reparented to init, they are no longer in this test's process tree).
class TestNoAutolaunch : public QObject
{
    Q_OBJECT

    struct Daemon
    {
        qint64 pid;
        QString command;
    };

    static QByteArray tag() { return qgetenv("DAYSTROM_AUTOLAUNCH_TAG"); }

    // Every live process but this one (and its ancestors) that carries the tag and is a bus or
    // keyring daemon (or dbus-launch).
    static QList<Daemon> taggedDaemons()
    {
        QList<Daemon> found;
        const QByteArray needle = "DAYSTROM_AUTOLAUNCH_TAG=" + tag();
        const QStringList pids = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        for (const QString &pid : pids) {
            bool numeric = false;
            const qint64 id = pid.toLongLong(&numeric);
            if (!numeric || id == QCoreApplication::applicationPid())
                continue;
            QFile environ(u"/proc/"_s + pid + u"/environ"_s);
            QFile cmdline(u"/proc/"_s + pid + u"/cmdline"_s);
            if (!environ.open(QIODevice::ReadOnly) || !cmdline.open(QIODevice::ReadOnly))
                continue;
            if (!environ.readAll().split('\0').contains(needle))
                continue;
            const QString command =
                QString::fromLocal8Bit(cmdline.readAll().replace('\0', ' ')).trimmed();
            if (command.contains(u"dbus-daemon"_s) || command.contains(u"gnome-keyring"_s) ||
                command.contains(u"dbus-launch"_s))
                found.append({id, command});
        }
        return found;
    }

    static QString describe(const QList<Daemon> &daemons)
    {
        QStringList lines;
        for (const Daemon &d : daemons)
            lines << u"%1 %2"_s.arg(d.pid).arg(d.command);
        return lines.join(u"; "_s);
    }

    static QStringList probe(const QStringList &args)
    {
        QProcess p;
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"QT_QPA_PLATFORM"_s, u"xcb"_s); // the real X display, as on a desktop
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(DAYSTROM_KEYCHAIN_PROBE), args);
        if (!p.waitForFinished(40000)) {
            p.kill();
            p.waitForFinished();
            return {u"(probe did not finish)"_s};
        }
        return QString::fromLocal8Bit(p.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
    }

private slots:
    void initTestCase()
    {
        if (tag().isEmpty())
            QFAIL("run this test through tests/keychain/no-session-bus.sh");
        QVERIFY(qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"));
        QVERIFY(!qEnvironmentVariableIsEmpty("DISPLAY"));
        QCOMPARE(taggedDaemons().size(), 0);
    }

    void withoutTheGuardAutolaunchLeavesDaemonsBehind()
    {
        if (QStandardPaths::findExecutable(u"dbus-launch"_s).isEmpty())
            QSKIP("dbus-launch (package dbus-x11) is not installed: nothing can autolaunch here");
        const QStringList out = probe({u"--raw"_s});
        QVERIFY2(out.contains(u"address="_s), qPrintable(out.join(u'|'))); // it never had one
        // The probe has exited; what it launched is still there.
        QList<Daemon> left;
        QTRY_VERIFY2_WITH_TIMEOUT(
            (left = taggedDaemons(), describe(left).contains(u"dbus-daemon"_s)),
            qPrintable(describe(left)), 10000);
        for (const Daemon &d : std::as_const(left))
            ::kill(pid_t(d.pid), SIGKILL);
        QTRY_COMPARE_WITH_TIMEOUT(taggedDaemons().size(), 0, 10000);
    }

    void theStoreLaunchesNothing()
    {
        const QStringList out = probe({u"--store"_s});
        QVERIFY2(out.contains(u"address=disabled:"_s), qPrintable(out.join(u'|')));
        QVERIFY2(out.size() == 2 && out.at(1).startsWith(u"error=No keychain is available"_s),
                 qPrintable(out.join(u'|')));
        QCOMPARE(describe(taggedDaemons()), QString());
    }

    // Qt itself may use D-Bus as the application starts on an X display (accessibility, the
    // platform theme): main() must settle the address before QApplication exists.
    void aGuiApplicationLaunchesNothingWhenGuardedFirst()
    {
        if (QStandardPaths::findExecutable(u"dbus-launch"_s).isEmpty())
            QSKIP("dbus-launch (package dbus-x11) is not installed: nothing can autolaunch here");
        QStringList out = probe({u"--gui"_s});
        QVERIFY2(out.contains(u"ok"_s), qPrintable(out.join(u'|')));
        QList<Daemon> left = taggedDaemons();
        qInfo("without the guard, a QApplication on X left: %s", qPrintable(describe(left)));
        QVERIFY2(describe(left).contains(u"dbus-daemon"_s), qPrintable(describe(left)));
        for (const Daemon &d : std::as_const(left))
            ::kill(pid_t(d.pid), SIGKILL);
        QTRY_COMPARE_WITH_TIMEOUT(taggedDaemons().size(), 0, 10000);

        out = probe({u"--gui"_s, u"--guard"_s});
        QVERIFY2(out.contains(u"address=disabled:"_s), qPrintable(out.join(u'|')));
        QCOMPARE(describe(taggedDaemons()), QString());
    }

    void aUserBusSocketIsUsedNotDisabled()
    {
        // Where the user's bus listens at $XDG_RUNTIME_DIR/bus the libraries would find it
        // themselves; the guard names it instead of disabling D-Bus.
        QProcess bus;
        const QString socket = qEnvironmentVariable("XDG_RUNTIME_DIR") + u"/bus"_s;
        bus.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        bus.start(u"dbus-daemon"_s, {u"--session"_s, u"--nofork"_s, u"--print-address"_s,
                                     u"--address=unix:path="_s + socket});
        QVERIFY(bus.waitForStarted());
        QVERIFY(bus.waitForReadyRead(10000));
        const QString address = SessionBusAddress::ensureNoAutolaunch();
        QCOMPARE(address, u"unix:path="_s + socket);
        QCOMPARE(qEnvironmentVariable("DBUS_SESSION_BUS_ADDRESS"), address);
        // Set now: later calls leave it alone.
        QCOMPARE(SessionBusAddress::ensureNoAutolaunch(), address);
        qunsetenv("DBUS_SESSION_BUS_ADDRESS");
        bus.terminate();
        QVERIFY(bus.waitForFinished(5000));
        QFile::remove(socket);
        QCOMPARE(SessionBusAddress::ensureNoAutolaunch(),
                 QString::fromLatin1(SessionBusAddress::Disabled));
        qunsetenv("DBUS_SESSION_BUS_ADDRESS");
    }
};

QTEST_GUILESS_MAIN(TestNoAutolaunch)
#include "tst_noautolaunch.moc"
