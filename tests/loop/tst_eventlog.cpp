// The event log kept in the run file (RunState::eventLog): every notable loop event, in the
// order it was emitted, saved with the checkpoints, carried over a pause and a resume, bounded,
// and readable from older files that do not have it.
#include "loopharness.h"
#include "scenarios.h"

#include "domain/jsonin.h"
#include "loop/loopeventjson.h"

#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

class TestEventLog : public QObject
{
    Q_OBJECT

    struct Fixture
    {
        ScriptedLlm llm;
        std::unique_ptr<LoopHarness> h;
        explicit Fixture(const QList<Topic> &topics)
        {
            Scenario::script(llm, topics, {});
            llm.start();
            h = std::make_unique<LoopHarness>(llm.baseUrl());
        }
    };

    static QStringList types(const QList<QJsonObject> &log)
    {
        QStringList out;
        for (const QJsonObject &e : log)
            out.append(e.value(u"type"_s).toString());
        return out;
    }

    // The LoopEvents a recorder heard, as the log keeps them: no test:progress.
    static QStringList withoutProgress(const QStringList &names)
    {
        QStringList out;
        for (const QString &n : names) {
            if (n != u"test:progress"_s)
                out.append(n);
        }
        return out;
    }

    static RunState roundTrip(const RunState &run)
    {
        const QJsonObject json =
            QJsonDocument::fromJson(QJsonDocument(run.toJson()).toJson()).object();
        QStringList errors;
        JsonIn in(json, QString(), &errors);
        RunState back = RunState::fromJson(in);
        if (!errors.isEmpty())
            qWarning() << errors;
        return back;
    }

private slots:
    void aCompletedRunKeepsEveryEventInOrder()
    {
        Fixture f({Scenario::medium(), Scenario::good()});
        RunState state = LoopHarness::newRun(u"Block requests to acquire weapons"_s);
        RefinementRun run(f.h->services(), state);
        EventRecorder events(&run);
        QSignalSpy recorded(&run, &RefinementRun::eventRecorded);
        QCOMPARE(runToEnd(run), RunStatus::Completed);

        const RunStore::Loaded saved = RunStore(f.h->runsDir).load(state.id);
        QVERIFY(saved.ok());
        const QList<QJsonObject> &log = saved.run.eventLog;
        // Every event the run emitted, in order, with none of the scans' progress (and any
        // warnings, which the recorder does not hear).
        const QStringList expected = withoutProgress(events.names);
        QStringList got = types(log);
        got.removeAll(u"warning"_s);
        QCOMPARE(got.join(u" "_s), expected.join(u" "_s));
        QVERIFY(!types(log).contains(u"test:progress"_s));
        QCOMPARE(types(log).last(), u"loop:complete"_s);
        QCOMPARE(log.last().value(u"stopReason"_s).toString(), saved.run.stopReason);
        QCOMPARE(recorded.size(), log.size()); // one signal per entry
        QCOMPARE(recorded.last().first().toJsonObject(), log.last());

        // Each entry has its UTC time, in order, and stays small: no tests, no run state.
        QDateTime last;
        for (const QJsonObject &e : log) {
            const QDateTime at =
                QDateTime::fromString(e.value(u"at"_s).toString(), Qt::ISODateWithMs);
            QVERIFY2(at.isValid() && at.timeSpec() == Qt::UTC,
                     qPrintable(e.value(u"at"_s).toString()));
            QVERIFY(!last.isValid() || at >= last);
            last = at;
            QVERIFY(!e.contains(u"runState"_s));
            QVERIFY(QJsonDocument(e).toJson(QJsonDocument::Compact).size() < 4096);
        }
        const auto complete = std::find_if(log.cbegin(), log.cend(), [](const QJsonObject &e) {
            return e.value(u"type"_s).toString() == u"iteration:complete"_s;
        });
        QVERIFY(complete != log.cend());
        const QJsonObject result = complete->value(u"result"_s).toObject();
        QCOMPARE(result.value(u"iteration"_s).toInt(), 1);
        QCOMPARE(result.value(u"metrics"_s).toObject().value(u"coverage"_s).toDouble(),
                 saved.run.iterations.first().metrics.coverage);
        QVERIFY(!result.contains(u"testResults"_s));
    }

    void aResumedRunAddsToTheStoredLog()
    {
        Fixture f({Scenario::medium(), Scenario::good()});
        AirsEmulator::Faults slow;
        slow.latencyMs = 40;
        f.h->airs.setFaults(slow);
        RunState state = LoopHarness::newRun(u"Weapons"_s);
        RefinementRun first(f.h->services(), state);
        int iteration = 0;
        connect(&first, &RefinementRun::iterationStarted, this, [&](int i) { iteration = i; });
        connect(&first, &RefinementRun::testProgress, this, [&](int done, int) {
            if (iteration == 2 && done == 1)
                first.requestPause();
        });
        QCOMPARE(runToEnd(first), RunStatus::Paused);
        const RunStore::Loaded paused = RunStore(f.h->runsDir).load(state.id);
        QVERIFY(paused.ok());
        const QStringList before = types(paused.run.eventLog);
        QCOMPARE(before.last(), u"loop:paused"_s);
        QCOMPARE(before.count(u"iteration:start"_s), 2);
        QCOMPARE(before.count(u"iteration:complete"_s), 1);

        RefinementRun resumed(f.h->services(), paused.run);
        QCOMPARE(runToEnd(resumed), RunStatus::Completed);
        const RunStore::Loaded done = RunStore(f.h->runsDir).load(state.id);
        const QList<QJsonObject> &log = done.run.eventLog;
        QCOMPARE(log.mid(0, paused.run.eventLog.size()),
                 paused.run.eventLog); // the earlier entries first
        const QStringList after = types(log).mid(before.size());
        QCOMPARE(after.first(), u"iteration:start"_s); // the interrupted iteration again
        QCOMPARE(log.at(before.size()).value(u"iteration"_s).toInt(), 2);
        QCOMPARE(after.last(), u"loop:complete"_s);
    }

    void theLogIsBounded()
    {
        RunState run = LoopHarness::newRun(u"Weapons"_s);
        for (int i = 0; i < RunState::MaxEventLog + 120; ++i)
            run.appendEvent(LoopEventJson::logEntry(LoopEventJson::iterationStarted(i),
                                                    QDateTime::currentDateTimeUtc()));
        QCOMPARE(run.eventLog.size(), RunState::MaxEventLog);
        QCOMPARE(run.eventLog.first().value(u"iteration"_s).toInt(), 120); // the oldest went first
        QCOMPARE(run.eventLog.last().value(u"iteration"_s).toInt(), RunState::MaxEventLog + 119);

        // A file with more (written by hand, or by a later version) is cut to the bound too.
        QJsonObject json = run.toJson();
        QJsonArray log = json.value(u"eventLog"_s).toArray();
        log.append(QJsonObject{{u"type"_s, u"warning"_s}, {u"message"_s, u"extra"_s}});
        json.insert(u"eventLog"_s, log);
        QStringList errors;
        JsonIn in(json, QString(), &errors);
        const RunState back = RunState::fromJson(in);
        QVERIFY(errors.isEmpty());
        QCOMPARE(back.eventLog.size(), RunState::MaxEventLog);
        QCOMPARE(back.eventLog.last().value(u"message"_s).toString(), u"extra"_s);
    }

    void roundTripsAndOlderFilesLoad()
    {
        RunState run = LoopHarness::newRun(u"Weapons"_s);
        run.appendEvent(LoopEventJson::logEntry(LoopEventJson::memoryLoaded(3),
                                                QDateTime::currentDateTimeUtc()));
        run.appendEvent(LoopEventJson::logEntry(LoopEventJson::warning(u"slow AIRS"_s),
                                                QDateTime::currentDateTimeUtc()));
        const RunState back = roundTrip(run);
        QCOMPARE(back.eventLog, run.eventLog);
        QCOMPARE(back, run);

        // A file written before the log existed: no "eventLog", loads with an empty log, and
        // is written back without one.
        QJsonObject old = run.toJson();
        old.remove(u"eventLog"_s);
        QStringList errors;
        JsonIn in(old, QString(), &errors);
        const RunState loaded = RunState::fromJson(in);
        QVERIFY(errors.isEmpty());
        QVERIFY(loaded.eventLog.isEmpty());
        QVERIFY(!loaded.toJson().contains(u"eventLog"_s));
    }

    // `--events jsonl` is unchanged: the run state a loop:* event carries has no event log.
    void jsonEventsLeaveTheLogOut()
    {
        RunState run = LoopHarness::newRun(u"Weapons"_s);
        run.appendEvent(LoopEventJson::logEntry(LoopEventJson::memoryLoaded(1),
                                                QDateTime::currentDateTimeUtc()));
        QVERIFY(!LoopEventJson::loopPaused(run)
                     .value(u"runState"_s)
                     .toObject()
                     .contains(u"eventLog"_s));
        QVERIFY(!LoopEventJson::loopComplete({}, run)
                     .value(u"runState"_s)
                     .toObject()
                     .contains(u"eventLog"_s));
        QVERIFY(!LoopEventJson::loopCancelled(run)
                     .value(u"runState"_s)
                     .toObject()
                     .contains(u"eventLog"_s));
        const QJsonObject entry = LoopEventJson::logEntry(LoopEventJson::loopPaused(run),
                                                          QDateTime::currentDateTimeUtc());
        QCOMPARE(entry.value(u"status"_s).toString(), u"running"_s);
        QVERIFY(!entry.contains(u"runState"_s));
    }
};

QTEST_GUILESS_MAIN(TestEventLog)
#include "tst_eventlog.moc"
