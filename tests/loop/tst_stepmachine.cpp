// StepMachine: the refinement loop's QtCore-only state machine. The statechart rules the loop
// relies on: step transitions before the running state's, exit before entry, triggers fired
// from inside an action handled after it, final states stop everything, stop() runs no exit.
#include "loop/stepmachine.h"

#include "testmain.h"

#include <QStringList>

using namespace Qt::StringLiterals;
using T = StepMachine::Trigger;

class tst_StepMachine : public QObject
{
    Q_OBJECT

    struct Fixture
    {
        StepMachine machine;
        QStringList trace;
        StepMachine::StateId a = 0, b = 0, c = 0, done = 0, paused = 0;
        std::function<void()> onEnterB;

        Fixture()
        {
            a = add(u"a"_s);
            b = machine.addStep(
                u"b"_s,
                [this] {
                    trace << u"enter b"_s;
                    if (onEnterB)
                        onEnterB();
                },
                [this] { trace << u"exit b"_s; });
            c = add(u"c"_s);
            done = machine.addFinal(u"done"_s, [this] { trace << u"enter done"_s; });
            paused = machine.addFinal(u"paused"_s, [this] {
                trace << u"enter paused"_s;
                QVERIFY(!machine.isRunning()); // already stopped when the final entry runs
            });
            machine.addTransition(a, T::Done, b);
            machine.addTransition(b, T::Done, c);
            machine.addTransition(c, T::Done, done);
            machine.addTransition(b, T::Pause, c); // a step's own transition wins
            machine.addRunningTransition(T::Pause, paused);
            machine.setInitialStep(a);
        }
        StepMachine::StateId add(const QString &name)
        {
            return machine.addStep(
                name, [this, name] { trace << u"enter "_s + name; },
                [this, name] { trace << u"exit "_s + name; });
        }
    };

private slots:
    void linearRunToFinal()
    {
        Fixture f;
        QVERIFY(!f.machine.isRunning());
        f.machine.fire(T::Done); // before start: ignored
        QCOMPARE(f.trace, QStringList());
        f.machine.start();
        QVERIFY(f.machine.isRunning());
        QCOMPARE(f.machine.currentName(), u"a"_s);
        f.machine.fire(T::Done);
        f.machine.fire(T::Done);
        f.machine.fire(T::Done);
        QVERIFY(!f.machine.isRunning());
        QCOMPARE(f.machine.current(), f.done);
        QCOMPARE(f.trace, (QStringList{u"enter a"_s, u"exit a"_s, u"enter b"_s, u"exit b"_s,
                                       u"enter c"_s, u"exit c"_s, u"enter done"_s}));
        f.machine.fire(T::Pause); // after the final state: ignored
        f.machine.start();        // and never restarted
        QCOMPARE(f.trace.size(), 7);
    }

    void runningTransitionFromAnyStep()
    {
        Fixture f;
        f.machine.start();
        f.machine.fire(T::Duplicate); // no transition anywhere: ignored, still in a
        QCOMPARE(f.machine.currentName(), u"a"_s);
        f.machine.fire(T::Pause);
        QCOMPARE(f.machine.current(), f.paused);
        QCOMPARE(f.trace, (QStringList{u"enter a"_s, u"exit a"_s, u"enter paused"_s}));
    }

    void stepTransitionBeatsRunningTransition()
    {
        Fixture f;
        f.machine.start();
        f.machine.fire(T::Done);
        f.machine.fire(T::Pause); // b has its own Pause edge to c
        QCOMPARE(f.machine.currentName(), u"c"_s);
        f.machine.fire(T::Pause); // c has none: the running state's edge
        QCOMPARE(f.machine.current(), f.paused);
    }

    void triggerFromEntryRunsAfterIt()
    {
        Fixture f;
        f.onEnterB = [&f] {
            f.machine.fire(T::Done); // queued until b's entry has returned
            f.trace << u"b entry returns"_s;
        };
        f.machine.start();
        f.machine.fire(T::Done);
        QCOMPARE(f.machine.currentName(), u"c"_s);
        QCOMPARE(f.trace, (QStringList{u"enter a"_s, u"exit a"_s, u"enter b"_s,
                                       u"b entry returns"_s, u"exit b"_s, u"enter c"_s}));
    }

    void stopRunsNoExitAndIgnoresLaterTriggers()
    {
        Fixture f;
        f.machine.start();
        f.machine.stop();
        QVERIFY(!f.machine.isRunning());
        f.machine.fire(T::Done);
        f.machine.fire(T::Pause);
        f.machine.start();
        QCOMPARE(f.trace, QStringList{u"enter a"_s});
    }

    void findByName()
    {
        Fixture f;
        QCOMPARE(f.machine.find(u"c"_s), f.c);
        QCOMPARE(f.machine.find(u"nope"_s), StepMachine::NoState);
        QCOMPARE(f.machine.currentName(), QString());
    }
};

QTEST_GUILESS_MAIN(tst_StepMachine)
#include "tst_stepmachine.moc"
