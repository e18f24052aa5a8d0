// The LoopEvent set declared once (LoopEvents): relay() carries every one of its signals, with
// its payload, in the order they were emitted; and every event has a JSON form for
// `--events jsonl` unless it is one of the few that are progress or go elsewhere, so a new
// signal without its JSON form fails here.
#include "loop/loopeventjson.h"
#include "loop/loopevents.h"

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

    // Each LoopEvent reaches `--events jsonl` with a "type", except the listed ones.
    void everyEventHasItsJsonForm()
    {
        const QSet<QByteArray> notStreamed{"benchmarkReady", "stepChanged", "testScanned", "warning",
                                           "eventRecorded", "usageChanged"};
        LoopEvents events;
        QList<QJsonObject> stream, log;
        LoopEventJson::connectAll(&events, this, LoopEventJson::Audience::Stream,
                                  [&stream](const QJsonObject &o) { stream << o; });
        LoopEventJson::connectAll(&events, this, LoopEventJson::Audience::Log,
                                  [&log](const QJsonObject &o) { log << o; });
        QSet<QString> types;
        for (const QMetaMethod &signal : loopSignals()) {
            const qsizetype before = stream.size();
            QVERIFY(emitDefault(&events, signal));
            if (notStreamed.contains(signal.name())) {
                QVERIFY2(stream.size() == before, signal.name().constData());
                continue;
            }
            QVERIFY2(stream.size() == before + 1, signal.name().constData());
            const QString type = stream.last().value(u"type"_s).toString();
            QVERIFY2(type.contains(u':'), signal.name().constData());
            QVERIFY2(!types.contains(type), qPrintable(type)); // one event, one type
            types.insert(type);
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
