// DeadlineQueue: the emulators' latency clock. Answers are due at an absolute time (the
// request's arrival plus the emulated latency), never early, in deadline order, and never
// from inside the call that schedules them.
#include "sandbox/deadlinequeue.h"

#include "testmain.h"

class TestDeadlineQueue : public QObject
{
    Q_OBJECT
private slots:
    void runsInDeadlineOrderAndNeverEarly()
    {
        DeadlineQueue queue;
        const qint64 start = DeadlineQueue::now();
        struct Fired
        {
            int tag;
            qint64 at;
        };
        QList<Fired> fired;
        const QList<qint64> offsetsMs{30, 10, 20};
        for (int i = 0; i < offsetsMs.size(); ++i) {
            queue.scheduleAt(start + offsetsMs.at(i) * 1'000'000, [&fired, i] {
                fired.append({i, DeadlineQueue::now()});
            });
        }
        QVERIFY(fired.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(fired.size(), 3, 5000);
        QCOMPARE(fired.at(0).tag, 1);
        QCOMPARE(fired.at(1).tag, 2);
        QCOMPARE(fired.at(2).tag, 0);
        for (const Fired &f : std::as_const(fired))
            QVERIFY2(f.at >= start + offsetsMs.at(f.tag) * 1'000'000,
                     qPrintable(QStringLiteral("callback %1 ran %2 ns early").arg(f.tag).arg(
                         start + offsetsMs.at(f.tag) * 1'000'000 - f.at)));
    }

    // An answer whose latency was used up while the emulator worked on the request is due at
    // once: it runs on the next event-loop pass, not inside scheduleAt().
    void pastDeadlineRunsOnTheNextPass()
    {
        DeadlineQueue queue;
        bool ran = false;
        queue.scheduleAt(DeadlineQueue::now() - 5'000'000, [&ran] { ran = true; });
        QVERIFY(!ran);
        QTRY_VERIFY_WITH_TIMEOUT(ran, 1000);

        bool zero = false;
        queue.schedule(0, [&zero] { zero = true; });
        QVERIFY(!zero);
        QTRY_VERIFY_WITH_TIMEOUT(zero, 1000);
    }

    // schedule(delay) is scheduleAt(now + delay): the wait is counted from the call.
    void relativeDelayIsCountedFromTheCall()
    {
        DeadlineQueue queue;
        const qint64 before = DeadlineQueue::now();
        qint64 at = 0;
        queue.schedule(25, [&at] { at = DeadlineQueue::now(); });
        QTRY_VERIFY_WITH_TIMEOUT(at != 0, 5000);
        QVERIFY2(at - before >= 25'000'000, qPrintable(QString::number(at - before)));
    }

    // A callback that schedules another already due does not run it in the same pass (no
    // unbounded loop inside one wake-up), but it does run.
    void callbackMayScheduleMore()
    {
        DeadlineQueue queue;
        int runs = 0;
        std::function<void()> again = [&] {
            if (++runs < 3)
                queue.scheduleAt(DeadlineQueue::now(), again);
        };
        queue.schedule(1, again);
        QTRY_COMPARE_WITH_TIMEOUT(runs, 3, 5000);
    }
};

QTEST_GUILESS_MAIN(TestDeadlineQueue)
#include "tst_deadlinequeue.moc"
