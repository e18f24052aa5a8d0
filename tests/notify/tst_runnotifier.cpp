#include "models/desktopnotifier.h"
#include "models/session/runcontroller.h"
#include "models/runnotifier.h"
#include "models/runsession.h"

#include "testmain.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>

using namespace Qt::StringLiterals;

namespace {
// The notification server, played by the test on its own connection to the private bus
// (without-keyring.sh): it owns org.freedesktop.Notifications and records every Notify call.
class FakeNotificationServer final : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")
public:
    struct Call
    {
        QString appName;
        uint replacesId;
        QString appIcon;
        QString summary;
        QString body;
        QStringList actions;
        QVariantMap hints;
        int expireTimeout;
    };
    QList<Call> calls;

public slots:
    uint Notify(const QString &appName, uint replacesId, const QString &appIcon,
                const QString &summary, const QString &body, const QStringList &actions,
                const QVariantMap &hints, int expireTimeout)
    {
        calls.append({appName, replacesId, appIcon, summary, body, actions, hints, expireTimeout});
        return replacesId != 0 ? replacesId : ++m_next;
    }
    QStringList GetCapabilities() { return {u"body"_s, u"actions"_s}; }

private:
    uint m_next = 40;
};
} // namespace

// RunNotifier + DesktopNotifier over real D-Bus: a run that completes, fails, or waits for a
// decision is announced while the window is not active, and not while it is; with no server
// nothing happens but a "not delivered".
class TestRunNotifier : public QObject
{
    Q_OBJECT

    FakeNotificationServer *m_server = nullptr;
    QDBusConnection m_serverBus{u"unset"_s};

    static RunState liveRun(const QString &id)
    {
        RunState run;
        run.id = id;
        run.userInput.topicDescription = u"Block requests for cryptocurrency investment advice"_s;
        run.userInput.maxIterations = 3;
        return run;
    }

    static IterationResult iteration(int number, const QString &name, double coverage)
    {
        IterationResult r;
        r.iteration = number;
        r.topic.name = name;
        r.metrics.coverage = coverage;
        return r;
    }

private slots:
    void initTestCase()
    {
        if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
            QFAIL("run this test through tests/keychain/without-keyring.sh (a private bus)");
        QVERIFY(QDBusConnection::sessionBus().isConnected());
        QVERIFY(!QDBusConnection::sessionBus().interface()->isServiceRegistered(
            DesktopNotifier::Service));
    }

    void init()
    {
        m_server = new FakeNotificationServer;
        m_serverBus =
            QDBusConnection::connectToBus(QDBusConnection::SessionBus, u"fakeNotificationServer"_s);
        QVERIFY(m_serverBus.isConnected());
        QVERIFY(m_serverBus.registerObject(DesktopNotifier::Path, m_server,
                                           QDBusConnection::ExportAllSlots));
        QVERIFY(m_serverBus.registerService(DesktopNotifier::Service));
    }

    void cleanup()
    {
        m_serverBus.unregisterService(DesktopNotifier::Service);
        m_serverBus.unregisterObject(DesktopNotifier::Path);
        QDBusConnection::disconnectFromBus(u"fakeNotificationServer"_s);
        delete m_server;
        m_server = nullptr;
    }

    void announcesWhileTheWindowIsInactive()
    {
        bool active = false;
        DesktopNotifier notifier;
        RunNotifier runs(&notifier, [&active] { return active; });
        RunSession session;
        runs.watch(&session);
        QSignalSpy delivered(&notifier, &DesktopNotifier::delivered);

        // Needs attention: a proposal waits for a decision (step mode).
        RunController controller;
        const RunState run = liveRun(u"run-1"_s);
        session.attach(&controller, run);
        PendingProposal proposal;
        proposal.iteration = 2;
        proposal.proposal.name = u"Cryptocurrency investment advice"_s;
        emit controller.proposalReady(proposal);
        QTRY_COMPARE(m_server->calls.size(), 1);
        FakeNotificationServer::Call c = m_server->calls.at(0);
        QCOMPARE(c.appName, u"Daystrom Studio"_s);
        QCOMPARE(c.appIcon, u"io.github.daystrom.Studio"_s);
        QCOMPARE(c.summary, u"A proposal is waiting for your decision"_s);
        QVERIFY2(c.body.contains(u"Iteration 2"_s) &&
                     c.body.contains(u"Cryptocurrency investment advice"_s),
                 qPrintable(c.body));
        QCOMPARE(c.replacesId, 0u);
        QCOMPARE(c.actions, (QStringList{u"default"_s, u"Show"_s}));
        QCOMPARE(c.hints.value(u"desktop-entry"_s).toString(), u"io.github.daystrom.Studio"_s);
        QCOMPARE(c.hints.value(u"urgency"_s).toInt(), 1);
        QCOMPARE(c.expireTimeout, -1);
        QTRY_COMPARE(delivered.count(), 1);
        const uint firstId = delivered.at(0).at(0).toUInt();
        QVERIFY(firstId != 0);

        // Completed: the best topic and why the run stopped; it replaces the previous one.
        RunState done = run;
        done.status = RunStatus::Completed;
        done.stopReason = u"target coverage reached"_s;
        done.iterations = {iteration(1, u"Crypto advice"_s, 0.8),
                           iteration(2, u"Cryptocurrency investment advice"_s, 0.925)};
        done.bestIteration = 2;
        emit controller.loopComplete(done.iterations.last(), done);
        QTRY_COMPARE(m_server->calls.size(), 2);
        c = m_server->calls.at(1);
        QCOMPARE(c.summary, u"Run completed"_s);
        QVERIFY2(c.body.contains(u"\"Cryptocurrency investment advice\" (iteration 2)"_s),
                 qPrintable(c.body));
        QVERIFY2(c.body.contains(u"92.5%"_s), qPrintable(c.body));
        QCOMPARE(c.replacesId, firstId);

        // Failed: critical urgency, the error as the body.
        RunController second;
        session.attach(&second, liveRun(u"run-2"_s));
        emit second.loopFailed(u"AIRS refused the API key (401) & gave up"_s);
        QTRY_COMPARE(m_server->calls.size(), 3);
        c = m_server->calls.at(2);
        QCOMPARE(c.summary, u"Run failed"_s);
        QCOMPARE(c.body, u"AIRS refused the API key (401) & gave up"_s); // no body markup: as is
        QCOMPARE(c.hints.value(u"urgency"_s).toInt(), 2);
    }

    void quietWhileTheWindowIsActive()
    {
        bool active = true;
        DesktopNotifier notifier;
        RunNotifier runs(&notifier, [&active] { return active; });
        RunSession session;
        runs.watch(&session);
        RunController controller;
        const RunState run = liveRun(u"run-3"_s);
        session.attach(&controller, run);
        PendingProposal proposal;
        proposal.iteration = 1;
        emit controller.proposalReady(proposal);
        RunState done = run;
        done.status = RunStatus::Completed;
        emit controller.loopComplete(IterationResult{}, done);
        RunController failing;
        session.attach(&failing, liveRun(u"run-4"_s));
        emit failing.loopFailed(u"while active"_s);

        // The window loses focus: the next event is announced — and is the only call made
        // (D-Bus keeps one sender's messages in order, so earlier ones would have come first).
        active = false;
        RunController last;
        session.attach(&last, liveRun(u"run-5"_s));
        emit last.loopFailed(u"after the window lost focus"_s);
        QTRY_COMPARE(m_server->calls.size(), 1);
        QCOMPARE(m_server->calls.at(0).body, u"after the window lost focus"_s);
    }

    void openingAStoredRunIsNotACompletion()
    {
        DesktopNotifier notifier;
        RunNotifier runs(&notifier, [] { return false; });
        RunSession session;
        runs.watch(&session);
        RunState stored = liveRun(u"run-6"_s);
        stored.status = RunStatus::Completed;
        stored.stopReason = u"target coverage reached"_s;
        session.open(stored);
        // A live run that is paused or cancelled by the person is not announced either.
        RunController controller;
        session.attach(&controller, liveRun(u"run-7"_s));
        RunState paused = liveRun(u"run-7"_s);
        paused.status = RunStatus::Paused;
        emit controller.loopPaused(paused);
        runs.runFailed(u"sentinel"_s);
        QTRY_COMPARE(m_server->calls.size(), 1);
        QCOMPARE(m_server->calls.at(0).body, u"sentinel"_s);
    }

    void watchesAControllerDirectly()
    {
        DesktopNotifier notifier;
        RunNotifier runs(&notifier, [] { return false; });
        RunController controller;
        runs.watch(&controller);
        RunState done = liveRun(u"run-8"_s);
        done.status = RunStatus::Completed;
        done.stopReason = u"target coverage reached"_s;
        emit controller.loopComplete(IterationResult{}, done);
        QTRY_COMPARE(m_server->calls.size(), 1);
        QCOMPARE(m_server->calls.at(0).summary, u"Run completed"_s);
        PendingProposal proposal;
        proposal.iteration = 4;
        emit controller.proposalReady(proposal);
        QTRY_COMPARE(m_server->calls.size(), 2);
        QVERIFY(m_server->calls.at(1).body.contains(u"Iteration 4"_s));
    }

    void noServerNoNotificationNoHang()
    {
        cleanup(); // nobody owns org.freedesktop.Notifications now
        DesktopNotifier notifier;
        QSignalSpy failed(&notifier, &DesktopNotifier::notDelivered);
        QElapsedTimer clock;
        clock.start();
        notifier.notify(u"Run completed"_s, u"body"_s);
        QVERIFY(clock.elapsed() < 1000); // asynchronous: returns at once
        QTRY_COMPARE(failed.count(), 1);
        QVERIFY(!failed.at(0).at(0).toString().isEmpty());

        // No bus at all: nothing but the signal.
        DesktopNotifier offline(QDBusConnection(u"no such connection"_s), nullptr);
        QSignalSpy offlineFailed(&offline, &DesktopNotifier::notDelivered);
        offline.notify(u"Run failed"_s, u"body"_s);
        QCOMPARE(offlineFailed.count(), 1);
        init(); // for cleanup()
    }
};

QTEST_GUILESS_MAIN(TestRunNotifier)
#include "tst_runnotifier.moc"
