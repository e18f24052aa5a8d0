// The LoopEvent set declared once (LoopEvents): relay() carries every one of its signals, with
// its payload, in the order they were emitted; every signal is an event of LoopEventTypes'
// list or one of its progress signals; and every event has the JSON form the list says, so a
// new signal without its JSON form fails here.
#include "loop/loopeventjson.h"
#include "loop/loopevents.h"
#include "loop/loopeventtypes.h"

#include "testmain.h"

#include <QMetaMethod>
#include <QSet>
#include <QSignalSpy>
#include <QThread>

using namespace Qt::StringLiterals;

namespace {
QList<QMetaMethod> loopSignals()
{
    QList<QMetaMethod> list;
    const QMetaObject &mo = LoopEvents::staticMetaObject;
    for (int i = mo.methodOffset(); i < mo.methodCount(); ++i) {
        if (mo.method(i).methodType() == QMetaMethod::Signal)
            list.append(mo.method(i));
    }
    return list;
}

// Emits `signal` on `events` with default-constructed arguments.
bool emitDefault(LoopEvents *events, const QMetaMethod &signal)
{
    QList<QMetaType> types;
    QList<void *> values;
    for (int i = 0; i < signal.parameterCount(); ++i) {
        types.append(signal.parameterMetaType(i));
        values.append(types.last().create());
    }
    QGenericArgument args[10];
    for (int i = 0; i < values.size(); ++i)
        args[i] = QGenericArgument(types.at(i).name(), values.at(i));
    const bool ok = signal.invoke(events, Qt::DirectConnection, args[0], args[1], args[2], args[3], args[4],
                                  args[5], args[6], args[7], args[8], args[9]);
    for (int i = 0; i < values.size(); ++i)
        types.at(i).destroy(values.at(i));
    return ok;
}
} // namespace

class tst_LoopEvents : public QObject
{
    Q_OBJECT
private slots:
    void relayCarriesEverySignal()
    {
        const QList<QMetaMethod> all = loopSignals();
        QVERIFY(all.size() >= 30);
        LoopEvents from, to;
        LoopEvents::relay(&from, &to);
        for (const QMetaMethod &signal : all) {
            QSignalSpy spy(&to, signal);
            QVERIFY2(emitDefault(&from, signal), signal.methodSignature().constData());
            QVERIFY2(spy.size() == 1, signal.methodSignature().constData());
        }
    }

    void relayKeepsOrderAndPayloadAcrossThreads()
    {
        LoopEvents to;
        QThread thread;
        auto *from = new LoopEvents;
        from->moveToThread(&thread);
        LoopEvents::relay(from, &to);
        QStringList seen;
        connect(&to, &LoopEvents::iterationStarted, this, [&](int i) { seen << u"start %1"_s.arg(i); });
        connect(&to, &LoopEvents::warning, this, [&](const QString &w) { seen << w; });
        connect(&to, &LoopEvents::evaluateComplete, this, [&](const EfficacyMetrics &m) { seen << u"tp %1"_s.arg(m.truePositives); });
        thread.start();
        QMetaObject::invokeMethod(from, [from] {
            emit from->iterationStarted(3);
            emit from->warning(u"careful"_s);
            EfficacyMetrics m;
            m.truePositives = 7;
            emit from->evaluateComplete(m);
        });
        QTRY_COMPARE(seen, (QStringList{u"start 3"_s, u"careful"_s, u"tp 7"_s}));
        QMetaObject::invokeMethod(from, &QObject::deleteLater);
        thread.quit();
        thread.wait();
    }

    // Every signal is in LoopEventTypes' list of events or in its list of progress signals, and
    // every listed name is a signal: a new signal without its JSON form and log line fails here.
    void everySignalIsListed()
    {
        QSet<QByteArray> events, progress;
        for (const LoopEventTypes::Info &i : LoopEventTypes::all)
            events.insert(i.signal);
        for (const char *name : LoopEventTypes::progressSignals)
            progress.insert(name);
        QCOMPARE(events.size(), qsizetype(LoopEventTypes::all.size()));
        QSet<QByteArray> signalNames;
        for (const QMetaMethod &signal : loopSignals()) {
            signalNames.insert(signal.name());
            QVERIFY2(events.contains(signal.name()) != progress.contains(signal.name()), signal.name().constData());
        }
        QCOMPARE(events + progress, signalNames);
    }

    // Each event reaches `--events jsonl` and the event log as the list says, with its "type";
    // the progress signals reach neither.
    void everyEventHasItsJsonForm()
    {
        using LoopEventTypes::Audience;
        LoopEvents events;
        QList<QJsonObject> stream, log;
        LoopEventJson::connectAll(&events, this, Audience::Stream, [&stream](const QJsonObject &o) { stream << o; });
        LoopEventJson::connectAll(&events, this, Audience::Log, [&log](const QJsonObject &o) { log << o; });
        QSet<QString> types;
        for (const QMetaMethod &signal : loopSignals()) {
            const qsizetype streamed = stream.size(), logged = log.size();
            QVERIFY(emitDefault(&events, signal));
            const auto listed = std::find_if(LoopEventTypes::all.cbegin(), LoopEventTypes::all.cend(),
                                             [&signal](const LoopEventTypes::Info &i) { return signal.name() == i.signal; });
            if (listed == LoopEventTypes::all.cend()) {
                QVERIFY2(stream.size() == streamed && log.size() == logged, signal.name().constData());
                continue;
            }
            const QString type = listed->name;
            QVERIFY2(!types.contains(type), qPrintable(type)); // one event, one type
            types.insert(type);
            const bool toStream = LoopEventTypes::reads(Audience::Stream, listed->type);
            const bool toLog = LoopEventTypes::reads(Audience::Log, listed->type);
            QVERIFY2(stream.size() == streamed + (toStream ? 1 : 0), signal.name().constData());
            QVERIFY2(log.size() == logged + (toLog ? 1 : 0), signal.name().constData());
            if (toStream)
                QCOMPARE(stream.last().value(u"type"_s).toString(), type);
            if (toLog)
                QCOMPARE(log.last().value(u"type"_s).toString(), type);
            QCOMPARE(LoopEventTypes::fromName(type), std::optional(listed->type));
        }
        // The log keeps the warnings and leaves out progress and the ends (recorded by the run).
        QVERIFY(std::any_of(log.cbegin(), log.cend(), [](const QJsonObject &o) { return o.value(u"type"_s) == u"warning"_s; }));
        for (const char *left : {"test:progress", "loop:complete", "loop:paused", "loop:cancelled", "loop:failed"}) {
            QVERIFY2(std::none_of(log.cbegin(), log.cend(), [left](const QJsonObject &o) {
                return o.value(u"type"_s).toString() == QLatin1StringView(left);
            }), left);
        }
    }
};

QTEST_GUILESS_MAIN(tst_LoopEvents)
#include "tst_loopevents.moc"
